/**
 * Leads received and delivered per day, as an SVG bar chart drawn here on the server (no script,
 * no library: thirty pairs of rectangles). Colours come from the stylesheet's classes, so the
 * chart follows light and dark; the numbers are in a table beside it for screen readers and
 * for anyone who wants them exactly.
 */
import { html } from 'hono/html';
import type { DailyCount } from '../../outbox/machine/leads.ts';
import { dataTable } from './layout.ts';

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 4;
const BOTTOM = 4;
const TOP = 10;

const dayLabel = (day: number) => new Date(day).toISOString().slice(0, 10);

/** The chart and its table. */
export function dailyChart(days: readonly DailyCount[]) {
  const highest = Math.max(1, ...days.flatMap((d) => [d.received, d.delivered]));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / Math.max(1, days.length);
  const bar = Math.max(1, Math.floor(slot / 2) - 1);
  const y = (value: number) => TOP + plotHeight - (value / highest) * plotHeight;
  const rect = (kind: 'received' | 'delivered', n: number, value: number) => {
    const x = LEFT + n * slot + (kind === 'received' ? 1 : bar + 1);
    return html`<rect
      class="${kind}"
      x="${x.toFixed(1)}"
      y="${y(value).toFixed(1)}"
      width="${bar}"
      height="${(TOP + plotHeight - y(value)).toFixed(1)}"
    ></rect>`;
  };
  const total = (key: 'received' | 'delivered') => days.reduce((sum, d) => sum + d[key], 0);
  return html`<svg
      class="chart"
      viewBox="0 0 ${WIDTH} ${HEIGHT}"
      role="img"
      aria-labelledby="chart-title chart-desc"
      focusable="false"
    >
      <title id="chart-title">Leads received and delivered per day, last ${days.length} days</title>
      <desc id="chart-desc">
        ${total('received')} received and ${total('delivered')} delivered in all; the table below
        gives each day.
      </desc>
      <line
        class="axis"
        x1="${LEFT}"
        y1="${TOP + plotHeight}"
        x2="${WIDTH}"
        y2="${TOP + plotHeight}"
      ></line>
      ${days.map((d, n) => html`${rect('received', n, d.received)}${rect('delivered', n, d.delivered)}`)}
    </svg>
    <p class="muted">
      ${dayLabel(days[0]?.day ?? 0)} to ${dayLabel(days.at(-1)?.day ?? 0)} (UTC); the tallest bar is
      ${highest} leads.
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
        rows: [...days]
          .reverse()
          .map((d) => [new Date(d.day).toISOString().slice(0, 10), d.received, d.delivered]),
      })}
    </details>`;
}
