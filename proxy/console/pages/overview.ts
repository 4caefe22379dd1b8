/**
 * The console's first page: how many leads came and went each day, where they stand now, what
 * waits longest, how many repeat an earlier enquiry, whether delivery is held and what to change,
 * the last platform check, the funnel's counts, and the latest actions taken here; of every team,
 * or of one (`?team=`).
 */
import { html } from 'hono/html';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { DailyCount } from '../../outbox/machine/leads.ts';
import type { AuditEntry, PlatformOutage } from '../../outbox/store.ts';
import { SUBMISSION_STATES, type OutboxCounts } from '../../outbox/submission.ts';
import type { PauseState } from '../../delivery/pause.ts';
import { outageNotice } from './waiting.ts';
import { pausedAlert } from '../../notify/messages.ts';
import type { CheckRecord } from '../../client/check.ts';
import { DEFAULT_FUNNEL_DAYS } from '../../funnel/funnel-query.ts';
import { dailyChart } from './chart.ts';
import { overviewFunnel, type OverviewFunnel } from './overview-funnel.ts';
import { auditTable } from './audit-table.ts';
import { count, counted } from './funnel-words.ts';
import { STATE_WORDS, when } from './layout.ts';
import { teamLabel, teamSelect } from './team-filter.ts';

/** The platform's state and checks: the settings only an operator sees. */
export interface OverviewSettings {
  pause: PauseState | undefined;
  /** The platform down, as the outbox keeps it for every instance. */
  outage: PlatformOutage | null;
  upstreamDown: { since: number; error: string } | undefined;
  lastCheck: CheckRecord | undefined;
}

/**
 * What the overview shows, each read once, and only what the reader's role reaches: counts for
 * everyone; links to the leads and the audit log for staff; the settings for operators.
 */
export interface OverviewData {
  now: number;
  days: DailyCount[];
  counts: OutboxCounts;
  /** `FUNNEL_MIN_COUNT`: fewer leads with no team than this are not counted exactly. */
  minCount: number;
  leadLinks: boolean;
  settings?: OverviewSettings;
  audit?: AuditEntry[];
  /** The funnel's last 30 days' totals (of `team`'s groups, when given); undefined when it is off. */
  funnel: OverviewFunnel | undefined;
  /** The form's configuration, for its teams; `team`: the one whose leads are counted. */
  config: FormConfig;
  team?: string | undefined;
}

/** How long ago `at` was, to the minute: "1 minute", "3 hours". */
function minutesSince(now: number, at: number): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  return minutes < 120 ? counted(minutes, 'minute') : counted(Math.round(minutes / 60), 'hour');
}

/** Is delivery running, and if not, why and what to change (the alert email's words). */
function deliveryNotice(data: OverviewSettings, waiting: number) {
  if (data.pause) {
    const alert = pausedAlert(data.pause);
    return html`<div class="notice" role="status">
      <p><strong>${alert.message}</strong></p>
      ${alert.hint ? html`<p>What to do: ${alert.hint}</p>` : ''}
      <p class="muted">
        Since ${when(data.pause.since)}; checked again at ${when(data.pause.nextCheckAt)}. Nothing
        is lost: leads wait in the outbox.
      </p>
    </div>`;
  }
  if (data.outage) return outageNotice(data.outage, waiting);
  if (data.upstreamDown)
    return html`<div class="notice" role="status">
      <p><strong>The platform fails to answer:</strong> ${data.upstreamDown.error}</p>
      <p class="muted">Since ${when(data.upstreamDown.since)}. Leads wait and are tried again.</p>
    </div>`;
  return html`<div class="notice good"><p>Delivery is running.</p></div>`;
}

function lastCheck(check: CheckRecord | undefined) {
  if (!check) return html`<p>No platform check has run yet.</p>`;
  return html`<p>
    ${when(check.at)}:
    ${check.ok ? 'passed.' : html`failed: ${check.problem?.message ?? 'no answer'}.`}
    ${check.problem?.hint ? html`What to do: ${check.problem.hint}` : ''}
  </p>`;
}

/** The choice of a team, when the form routes leads to teams: a GET form, so it can be bookmarked. */
function teamChoice(config: FormConfig, team: string | undefined) {
  if (!config.routing) return '';
  return html`<form class="filters" method="get" action="/admin/" role="search">
    ${teamSelect(config, team)}
    <button type="submit">Show</button>
  </form>`;
}

/** How many leads repeat an earlier one, when any do. */
const repeatsLine = (repeats: number) =>
  repeats === 0
    ? ''
    : html` ${repeats} ${repeats === 1 ? 'lead repeats' : 'leads repeat'} an earlier enquiry from
      the same person (linked on each lead's page).`;

/**
 * Under one team's cards, how many leads have no team, which no team's counts include: fewer than
 * `minCount` said as that, as the funnel merges its small groups, so that nobody is singled out.
 */
function undecidedNote(undecided: number, minCount: number) {
  if (undecided === 0) return '';
  const many =
    undecided < minCount
      ? `Fewer than ${count(minCount)} leads have`
      : `${count(undecided)} ${undecided === 1 ? 'lead has' : 'leads have'}`;
  return html`<p id="no-team">
    ${many} no team, so no team's counts include them: they arrived before the form sent leads to
    teams. “All teams” counts them.
  </p>`;
}

/** The overview's content. */
export function overviewBody(data: OverviewData) {
  const { counts, settings, team } = data;
  // One team's counts link nowhere: the list of leads is every team's.
  const links = data.leadLinks && team === undefined;
  return html`<h1>Overview${team === undefined ? '' : html`: ${teamLabel(data.config, team)}`}</h1>
    ${teamChoice(data.config, team)} ${settings ? deliveryNotice(settings, counts.queued) : ''}
    <h2>Where leads stand now</h2>
    <ul class="cards">
      ${SUBMISSION_STATES.map(
        (state) =>
          html`<li>
            ${
              links
                ? html`<a href="/admin/leads?state=${state}">${STATE_WORDS[state]}</a>`
                : html`<span>${STATE_WORDS[state]}</span>`
            }<strong>${counts[state]} ${counts[state] === 1 ? 'lead' : 'leads'}</strong>
          </li>`,
      )}
    </ul>
    ${team === undefined ? '' : undecidedNote(counts.undecided, data.minCount)}
    <p>
      ${
        counts.oldestQueuedAt === null
          ? 'Nothing is waiting.'
          : html`The oldest waiting lead arrived ${when(counts.oldestQueuedAt)}
            (${minutesSince(data.now, counts.oldestQueuedAt)} ago).
            ${links ? html`<a href="/admin/leads?state=queued">See what waits</a>.` : ''}`
      }
      ${repeatsLine(counts.repeats)}
      ${
        counts.possibleDuplicates > 0
          ? html` ${counts.possibleDuplicates} delivered leads may exist twice on the platform.`
          : ''
      }
    </p>
    <h2>Received and delivered, last ${data.days.length} days</h2>
    ${dailyChart(data.days)}
    ${
      settings
        ? html`<h2>Last platform check</h2>
            ${lastCheck(settings.lastCheck)}`
        : ''
    }
    ${overviewFunnel(DEFAULT_FUNNEL_DAYS, data.funnel)}
    ${
      data.audit
        ? html`<h2>Latest actions</h2>
            ${auditTable(data.audit, true)}`
        : ''
    }`;
}
