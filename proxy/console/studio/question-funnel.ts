/**
 * The funnel beside each question of the studio: the share of the visitors shown a question who
 * left the form there, over the funnel page's default period (the last 30 days), read from the
 * same report as `/admin/funnel` with the same merging of small groups (`FUNNEL_MIN_COUNT`): a
 * case type whose visitors were too few to stand alone has no figures of its own here either,
 * and the page says so rather than show a share of a handful of people.
 */
import { html } from 'hono/html';
import { funnelQuery } from '../../funnel/funnel-query.ts';
import { DEFAULT_MIN_COUNT, funnelReport } from '../../funnel/funnel-report.ts';
import { byCaseType } from '../../funnel/funnel-summary.ts';
import type { QuestionCounts } from '../../outbox/funnel-counts.ts';
import type { FunnelPageDeps } from '../funnel-page-route.ts';
import type { Html } from '../pages/layout.ts';
import { count, fewerStarts, shareOf } from '../pages/funnel-words.ts';

/** The last 30 days' counts of each live question, by case type; undefined with the funnel off. */
export interface QuestionFunnel {
  minCount: number;
  byCaseType: ReadonlyMap<string, ReadonlyMap<string, QuestionCounts>>;
}

/** Reads the funnel's default period for the live form. */
export async function questionFunnel(deps: FunnelPageDeps): Promise<QuestionFunnel | undefined> {
  const { config } = deps.form.current();
  if (config.analytics === false) return undefined;
  const query = funnelQuery(() => undefined, deps.now());
  if ('invalid' in query) return undefined;
  const minCount = deps.funnelMinCount ?? DEFAULT_MIN_COUNT;
  const funnel = await funnelReport(deps.store, config, query.filter, minCount);
  return {
    minCount,
    byCaseType: new Map(
      byCaseType(config, funnel.rows).map((row) => [
        row.caseType,
        new Map(row.questions.map((q) => [q.id, q])),
      ]),
    ),
  };
}

/** One question's funnel in words: the share who left there, or why there is none. */
export function questionFunnelWords(
  funnel: QuestionFunnel | undefined,
  caseType: unknown,
  question: unknown,
): Html {
  if (!funnel) return html`<span class="muted">The funnel is not counted.</span>`;
  const ofCaseType = typeof caseType === 'string' ? funnel.byCaseType.get(caseType) : undefined;
  if (!ofCaseType)
    return html`<span class="muted"
      >Too few visitors in the last 30 days to show (groups with ${fewerStarts(funnel.minCount)} are
      merged).</span
    >`;
  const counts = typeof question === 'string' ? ofCaseType.get(question) : undefined;
  if (!counts || counts.shown === 0)
    return html`<span class="muted">Not shown to anyone in the last 30 days.</span>`;
  return html`<span class="funnel-share"
    ><strong>${shareOf(counts.left, counts.shown)}</strong> left the form here
    <span class="muted"
      >(${count(counts.left)} of ${count(counts.shown)} shown it, last 30 days)</span
    ></span
  >`;
}
