/**
 * Leads received and delivered per day, as an SVG bar chart drawn here on the server (no script,
 * no library: thirty pairs of rectangles). Colours come from the stylesheet's classes, so the
 * chart follows light and dark; the numbers are in a table beside it for screen readers and
 * for anyone who wants them exactly.
 *
 * The axes are labelled in HTML around the drawing, not in it: text inside an SVG shrinks with it
 * (a third of its size at 320 px). The drawing stretches to the width it is given
 * (`preserveAspectRatio="none"`), so day `n` is always the `n`th of the grid's columns under it
 * (`style.ts`), and its height is fixed, so the counts' lines stay where their labels are.
 */
import { html } from 'hono/html';
import type { DailyCount } from '../../outbox/machine/leads.ts';
import { dataTable } from './layout.ts';

/** Days the overview's chart covers: the columns of its axis of days (`style.ts`). */
export const CHART_DAYS = 30;

const SLOT = 24;
const HEIGHT = 200;

const dayLabel = (day: number) => new Date(day).toISOString().slice(0, 10);

/** The counts the axis names: 0, the top, and its half when that is a whole number. */
function countTicks(highest: number): number[] {
  const top = highest <= 1 ? 1 : highest + (highest % 2);
  return top === 1 ? [1, 0] : [top, top / 2, 0];
}

/** The chart and its table. */
export function dailyChart(days: readonly DailyCount[]) {
  const highest = Math.max(1, ...days.flatMap((d) => [d.received, d.delivered]));
  const ticks = countTicks(highest);
  const top = ticks[0] ?? 1;
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const rect = (kind: 'received' | 'delivered', n: number, value: number) =>
    html`<rect
      class="${kind}"
      x="${n * SLOT + (kind === 'received' ? 2 : SLOT / 2)}"
      y="${y(value).toFixed(1)}"
      width="${SLOT / 2 - 2}"
      height="${(HEIGHT - y(value)).toFixed(1)}"
    ></rect>`;
  const line = (value: number) =>
    html`<line
      class="${value === 0 ? 'axis' : ''}"
      x1="0"
      y1="${y(value)}"
      x2="${days.length * SLOT}"
      y2="${y(value)}"
      vector-effect="non-scaling-stroke"
    ></line>`;
  // The first, the middle and the last day are named, under their own bars.
  const named = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  const total = (key: 'received' | 'delivered') => days.reduce((sum, d) => sum + d[key], 0);
  return html`<figure class="chart">
      <div class="chart__counts" aria-hidden="true">
        ${ticks.map((tick) => html`<span>${tick}</span>`)}
      </div>
      <svg
        viewBox="0 0 ${days.length * SLOT} ${HEIGHT}"
        preserveAspectRatio="none"
        role="img"
        aria-labelledby="chart-title chart-desc"
        focusable="false"
      >
        <title id="chart-title">
          Leads received and delivered per day, last ${days.length} days
        </title>
        <desc id="chart-desc">
          ${total('received')} received and ${total('delivered')} delivered in all; the table below
          gives each day.
        </desc>
        ${ticks.map(line)}
        ${days.map((d, n) => html`${rect('received', n, d.received)}${rect('delivered', n, d.delivered)}`)}
      </svg>
      <div class="chart__days" aria-hidden="true">
        ${days.map((d, n) => html`<span>${named.has(n) ? dayLabel(d.day) : ''}</span>`)}
      </div>
    </figure>
    <p class="muted">
      Leads a day (counts on the left) from
      <span class="day">${dayLabel(days[0]?.day ?? 0)}</span> to
      <span class="day">${dayLabel(days.at(-1)?.day ?? 0)}</span>, UTC; the tallest bar is
      ${highest} ${highest === 1 ? 'lead' : 'leads'}.
    </p>
    <ul class="legend">
      <li><span class="key received"></span>Received</li>
      <li><span class="key delivered"></span>Delivered</li>
    </ul>
    <details>
      <summary>Each day's numbers</summary>
      ${dataTable({
        caption: 'Leads per day (UTC)',
        columns: ['Day', 'Received', 'Delivered'],
        rowHeaders: true,
        rows: [...days].reverse().map((d) => [dayLabel(d.day), d.received, d.delivered]),
      })}
    </details>`;
}
