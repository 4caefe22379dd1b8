/**
 * The overview's word on the funnel: the last 30 days' views, starts, sends and deliveries as
 * counts (the same report and merging as the funnel's page), and the way to that page.
 */
import { html } from 'hono/html';
import { STAGES, type StageCounts } from '../../funnel/funnel-summary.ts';
import { count, STAGE_WORDS } from './funnel-words.ts';

/** The funnel's section of the overview; nothing when the form's funnel is turned off. */
export function overviewFunnel(days: number, sum: StageCounts | undefined) {
  if (!sum) return '';
  return html`<h2>Funnel, last ${days} days</h2>
    <ul class="cards">
      ${STAGES.map((stage) => html`<li>${STAGE_WORDS[stage]}<strong>${count(sum[stage])}</strong></li>`)}
    </ul>
    <p>
      <a href="/admin/funnel">See the funnel</a>: each campaign, where visitors stopped, and
      variants compared.
    </p>`;
}
