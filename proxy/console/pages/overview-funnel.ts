/**
 * The overview's word on the funnel: the last 30 days' views, starts, sends and deliveries as
 * true totals (the small-count rule keeps small groups out of the funnel's tables, never out of
 * the count), how many of them are in groups too small to show, and the way to the funnel's page.
 */
import { html } from 'hono/html';
import type { FunnelResponse } from '../../funnel/funnel-report.ts';
import { STAGES } from '../../funnel/funnel-summary.ts';
import { count, counted, fewerStarts, STAGE_WORDS } from './funnel-words.ts';

/** What the overview shows of the funnel: its period's totals, and what the tables leave out. */
export type OverviewFunnel = Pick<FunnelResponse, 'totals' | 'withheld' | 'minCount'>;

/** The funnel's section of the overview; nothing when the form's funnel is turned off. */
export function overviewFunnel(days: number, funnel: OverviewFunnel | undefined) {
  if (!funnel) return '';
  const { totals: sum, withheld } = funnel;
  return html`<h2>Funnel, last ${days} days</h2>
    <ul class="cards">
      ${STAGES.map((stage) => html`<li>${STAGE_WORDS[stage]}<strong>${count(sum[stage])}</strong></li>`)}
    </ul>
    ${
      withheld.groups > 0
        ? html`<p id="funnel-withheld">
            Of these, ${counted(withheld.views, 'view')} and ${counted(withheld.starts, 'start')}
            are in groups with ${fewerStarts(funnel.minCount)}, which the funnel’s tables do not
            show, so that nobody can be singled out.
          </p>`
        : ''
    }
    <p>
      <a href="/admin/funnel">See the funnel</a>: each campaign, where visitors stopped, and
      variants compared.
    </p>`;
}
