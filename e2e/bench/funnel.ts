/**
 * The funnel report with 100,000 cells in its period (a campaign each, as a script inventing
 * campaigns could leave them): the proxy as deployed (a child process, its SQLite outbox on
 * disk, filled beforehand), `GET /admin/funnel` timed over HTTP, and a visitor's request
 * (`GET /api/form`) timed alone and while a report is being read.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { MAX_REPORT_CELLS, type FunnelResponse } from '../../proxy/funnel/funnel-report.ts';
import { funnelDay } from '../../proxy/outbox/funnel-counts.ts';
import { fillFunnelCells } from '../../proxy/test/fixtures/funnel-cells.ts';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';
import { scratchDir } from './processes.ts';
import { median, num, quantile, table } from './report.ts';
import { startProxyServer, startStandIn } from './servers.ts';

const CELLS = 100_000;
const SAMPLES = 20;
const TOKEN = randomBytes(32).toString('base64url');

/** Milliseconds `request` took to be answered and read. */
async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

const stats = (times: readonly number[]) => [
  num(median(times)),
  num(quantile(times, 0.95)),
  num(Math.max(...times)),
];

export async function funnelReportBench(): Promise<string> {
  const dataDir = scratchDir('funnel-outbox', 'disk');
  const day = funnelDay(Date.now());
  const filling = performance.now();
  fillFunnelCells(join(dataDir, 'outbox.sqlite'), {
    cells: CELLS,
    day,
    starts: (n) => (n % 100 === 0 ? 20 : 1),
    errorsEvery: 10,
  });
  const fillSeconds = (performance.now() - filling) / 1000;
  const standIn = await startStandIn();
  const proxy = await startProxyServer(standIn, { env: { DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN } });
  const report = () =>
    fetch(`${proxy.origin}/admin/funnel`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const visitor = () => fetch(`${proxy.origin}/api/form`, { headers: { origin: ORIGIN } });

  const first = (await (await report()).json()) as FunnelResponse;
  const idle: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) idle.push(await timed(visitor));
  const reports: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) reports.push(await timed(report));
  // A visitor asking 20 ms into each report, while the proxy reads its cells.
  const during: number[] = [];
  let visitorFirst = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const answered: string[] = [];
    const reading = timed(report).then(() => answered.push('report'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    during.push(await timed(visitor));
    if (answered.length === 0) visitorFirst += 1;
    await reading;
  }
  return `## Funnel report

\`GET /admin/funnel\` (the last 30 days) with ${num(CELLS)} cells in the period (SQLite on disk,
filled beforehand in ${num(fillSeconds)} s: one day, a campaign each, five questions each, an
error on one cell in ten, 20 starts on one cell in a hundred), asked ${String(SAMPLES)} times in a
row over HTTP; and a visitor's \`GET /api/form\` asked alone, then 20 ms into each of
${String(SAMPLES)} more reports. The issue's bound is 200 ms for the report, with the visitor
answered meanwhile.

${table(
  ['request', 'p50 ms', 'p95 ms', 'max ms'],
  [
    ['the report', ...stats(reports)],
    ['a visitor, alone', ...stats(idle)],
    ['a visitor, during a report', ...stats(during)],
  ],
)}

The visitor was answered before the report it arrived during ${String(visitorFirst)} times out
of ${String(SAMPLES)}.

A report reads at most ${num(MAX_REPORT_CELLS)} cells (here it says \`"truncated": ${String(first.truncated)}\` and
shows ${String(first.rows.length)} rows: the cells of 20 starts among those read, and \`other\`), in pages of
2,500 cell-days (83 cells of a 30-day period) in the order of their keys. Each page is three
range reads of the cell indexes, joined in a map, and the event loop answers other requests
between pages. Before (one read of the whole period, and a join comparing every question row
with every error row as JSON text) this report had not answered after five minutes, and no
visitor could be answered meanwhile.`;
}
