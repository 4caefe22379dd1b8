/**
 * The marketer's funnel as a page (`GET /admin/funnel` in a browser): the period and its filters
 * in a form that works without script (a GET form, so the address holds the whole view and can
 * be bookmarked or shared), then views to delivered per case type, campaign and variant, where
 * visitors stopped in each case type's questions, and one variant compared with another. Every
 * number comes from the report (`funnel/funnel-report.ts`) and its sums
 * (`funnel/funnel-summary.ts`); this only draws them. Each chart has its numbers in a table.
 */
import { html } from 'hono/html';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { OTHER, type FunnelResponse, type StageTotals } from '../../funnel/funnel-report.ts';
import {
  byCaseType,
  laterStagesOf,
  STAGES,
  type CaseTypeFunnel,
} from '../../funnel/funnel-summary.ts';
import { barChart } from './funnel-bars.ts';
import { comparisonSection, type ComparisonData } from './funnel-compare.ts';
import {
  CALL_WORDS,
  caseTypeName,
  count,
  counted,
  fewerStarts,
  keyName,
  MERGED_NAME,
  questionName,
  shareOf,
  STAGE_WORDS,
  UNFINISHED_WORDS,
} from './funnel-words.ts';
import { carried, type FunnelAsked } from './funnel-asked.ts';
import { dataTable } from './layout.ts';
import { askedTeam, teamFunnelNote, teamSelect } from './team-filter.ts';

/** What the page shows. */
export type FunnelPageData = {
  config: FormConfig;
  asked: FunnelAsked;
} & (
  | { invalid: string }
  | {
      funnel: FunnelResponse;
      comparison: ComparisonData;
      /** `"analytics": false`: the form counts nothing now. */
      turnedOff: boolean;
    }
);

function filters(config: FormConfig, asked: FunnelAsked) {
  return html`<form class="filters" method="get" action="/admin/funnel" role="search">
    <div>
      <label for="from">From</label
      ><input id="from" name="from" type="date" value="${asked.from ?? ''}" />
    </div>
    <div>
      <label for="to">To</label><input id="to" name="to" type="date" value="${asked.to ?? ''}" />
    </div>
    <div>
      <label for="case-type">Case type</label>
      <select id="case-type" name="case-type">
        <option value="">Any</option>
        ${config.caseTypes.map(
          (type) =>
            html`<option
              value="${type.id}"
              ${asked['case-type'] === type.id ? html` selected` : ''}
            >
              ${type.label}
            </option>`,
        )}
      </select>
    </div>
    <div>
      <label for="campaign">Campaign</label
      ><input id="campaign" name="campaign" value="${asked.campaign ?? ''}" autocomplete="off" />
    </div>
    <div>
      <label for="variant">Variant</label
      ><input id="variant" name="variant" value="${asked.variant ?? ''}" autocomplete="off" />
    </div>
    ${teamSelect(config, asked.team)}
    ${carried(asked, ['from', 'to', 'case-type', 'campaign', 'variant', 'team'])}
    <button type="submit" class="primary">Show</button>
  </form>`;
}

/** `n views, n starts, n sends and n delivered`. */
const stagesInWords = (counts: StageTotals) =>
  `${counted(counts.views, 'view')}, ${counted(counts.starts, 'start')}, ${counted(counts.sends, 'send')} and ${count(counts.delivered)} delivered`;

/** Where the small-count rule merged or withheld groups, and how many it withheld: said where it did. */
function mergingNote(funnel: FunnelResponse) {
  const merged = funnel.rows.some((row) =>
    [row.caseType, row.campaign, row.variant].includes(OTHER),
  );
  const { withheld } = funnel;
  if (!merged && withheld.groups === 0) return '';
  const fewer = fewerStarts(funnel.minCount);
  const groups = counted(withheld.groups, 'group');
  return html`<p class="notice good" id="merging">
    ${merged ? html`Groups with ${fewer}: merged into “${MERGED_NAME}”, so that nobody can be singled out. ` : ''}
    ${withheld.groups > 0 ? html`${groups} had ${fewer} even when merged, so the tables do not show them: their ${stagesInWords(withheld)} are in the totals, so that nobody can be singled out and nobody is left out of the count. (The smallest group shown is <code>FUNNEL_MIN_COUNT</code>, ${counted(funnel.minCount, 'start')}.)` : ''}
  </p>`;
}

function stagesSection(config: FormConfig, funnel: FunnelResponse) {
  // Every group together, those the tables do not show included: the period's true totals.
  const sum = funnel.totals;
  const { withheld } = funnel;
  // Times offered, calls booked and cancelled: beside the form's steps, where it books calls;
  // unfinished enquiries kept and finished later, where it keeps them.
  const steps = [...STAGES, ...laterStagesOf(config, sum)];
  const words = { ...STAGE_WORDS, ...CALL_WORDS, ...UNFINISHED_WORDS };
  return html`<h2 id="stages">Views to delivered</h2>
    <div class="funnel-pair">
      ${barChart(
        STAGES.map((stage) => ({
          label: STAGE_WORDS[stage],
          value: sum[stage],
          note: `${count(sum[stage])} (${shareOf(sum[stage], sum.views)})`,
        })),
        { kind: 'stages' },
      )}
      ${dataTable({
        caption: 'All groups together, and the share of views',
        columns: ['Step', 'Count', 'Of views'],
        rowHeaders: true,
        rows: steps.map((step) => [words[step], count(sum[step]), shareOf(sum[step], sum.views)]),
      })}
    </div>
    <h3>By case type, campaign and variant</h3>
    ${dataTable({
      caption: 'Each group over the period; sends of views as a share',
      columns: [
        'Case type',
        'Campaign',
        'Variant',
        ...steps.map((step) => words[step]),
        'Sent of viewed',
      ],
      rows: [
        ...funnel.rows.map((row) => [
          caseTypeName(config, row.caseType),
          keyName(row.campaign),
          keyName(row.variant),
          ...steps.map((step) => count(row[step])),
          shareOf(row.sends, row.views),
        ]),
        // The groups too small to show, as one line without their names: the table adds up.
        ...(withheld.groups > 0
          ? [
              [
                `Not shown: ${counted(withheld.groups, 'small group')}`,
                '',
                '',
                ...steps.map((step) => count(withheld[step])),
                shareOf(withheld.sends, withheld.views),
              ],
            ]
          : []),
      ],
    })}`;
}

/** One case type's questions: a chart of who was shown each and who left there, and its table. */
function dropOff(config: FormConfig, group: CaseTypeFunnel, n: number) {
  const name = caseTypeName(config, group.caseType);
  const label = (id: string) => questionName(config, group.caseType, id);
  const body =
    group.questions.length === 0
      ? html`<p>No question was shown.</p>`
      : html`<p class="muted">
            Each bar is how many were shown the question; its darker end, how many left the form
            there (of those shown it).
          </p>
          <div class="funnel-pair">
            ${barChart(
              group.questions.map((q) => ({
                label: label(q.id),
                value: q.shown,
                part: q.left,
                note: `${count(q.left)} left (${shareOf(q.left, q.shown)})`,
              })),
              { kind: 'questions' },
            )}
            ${dataTable({
              caption: `Each question of ${name}, in the form's order`,
              columns: [
                'Question',
                'Shown',
                'Answered',
                'Left here',
                'Left of shown',
                'First errors',
              ],
              rowHeaders: true,
              rows: group.questions.map((q) => [
                label(q.id),
                count(q.shown),
                count(q.answered),
                count(q.left),
                shareOf(q.left, q.shown),
                Object.entries(q.errors)
                  .map(([code, times]) => `${code}: ${count(times)}`)
                  .join(', ') || 'none',
              ]),
            })}
          </div>`;
  return html`<section aria-labelledby="drop-${n}">
    <h3 id="drop-${n}">${name}</h3>
    ${body}
  </section>`;
}

/** The page's content. */
export function funnelBody(data: FunnelPageData) {
  const head = html`<h1>Funnel</h1>
    ${filters(data.config, data.asked)}`;
  if ('invalid' in data)
    return html`${head}
      <div class="notice" role="alert"><p>Not shown: ${data.invalid}</p></div>`;
  const { funnel, config } = data;
  const off = data.turnedOff
    ? html`<div class="notice">
        <p>
          The form's funnel is turned off (<code>"analytics": false</code> in its configuration):
          nothing new is counted.
        </p>
      </div>`
    : '';
  const period = html`<span class="day">${funnel.from}</span> to
    <span class="day">${funnel.to}</span> (UTC)`;
  // Of one team: which groups it counts, and whether some that may hold its visitors are left out.
  const team = teamFunnelNote(
    config,
    askedTeam(config, data.asked.team),
    funnel.undecided === true,
  );
  const sum = funnel.totals;
  if (STAGES.every((stage) => sum[stage] === 0))
    return html`${head} ${off}
      <p id="period">Nothing was counted from ${period}.</p>
      ${team}`;
  if (funnel.rows.length === 0)
    return html`${head} ${off}
      <p id="period">From ${period}: ${stagesInWords(sum)}, all in groups too small to show.</p>
      ${team} ${mergingNote(funnel)}`;
  return html`${head} ${off}
    <p id="period">From ${period}: ${stagesInWords(sum)}.</p>
    ${
      funnel.truncated
        ? html`<div class="notice">
            <p>
              This period holds more groups than one report reads: only the first are counted.
              Narrow the period, or choose a case type or campaign.
            </p>
          </div>`
        : ''
    }
    ${team} ${mergingNote(funnel)} ${stagesSection(config, funnel)}
    <h2 id="questions">Where visitors stopped</h2>
    ${byCaseType(config, funnel.rows).map((group, n) => dropOff(config, group, n))}
    ${comparisonSection(data.asked, data.comparison)}`;
}
