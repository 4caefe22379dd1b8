/**
 * `node --import tsx e2e/bench/statement-cost.ts [connections] [seconds]`: what each SQLite
 * statement of the proxy's outbox costs per small enquiry (no files, delivered at once), from
 * accept to delivered. The proxy runs as in `npm run bench -- relay` (outbox on disk, the
 * stand-in on tmpfs) with `statement-timer.ts` loaded into it; after a warm-up, wrk sends the
 * relay bench's multipart enquiry for `seconds` at `connections` (16 and 8 s unless said), the
 * run waits until every accepted enquiry is delivered, and the table gives each statement's
 * runs per enquiry and wall time on the event loop (the median run, the mean, and runs × median
 * per enquiry, costliest first),
 * with the proxy's CPU and its writes (bytes and calls, to files and sockets) per enquiry
 * beside. Diagnostics: not part of `npm run bench`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';
import { cpuSeconds, scratchDir, stopAll, writesSoFar } from './processes.ts';
import { load, median, num, quantile, table } from './report.ts';
import { submissionEachFresh } from './requests.ts';
import { outboxDrained, startProxyServer, startStandIn, type ProxyServer } from './servers.ts';
import type { StatementTime } from './statement-timer.ts';
import { runWrk } from './wrk.ts';

const [connections = 16, seconds = 8] = process.argv.slice(2).map(Number);
const timer = fileURLToPath(new URL('statement-timer.ts', import.meta.url));
const timesFile = join(scratchDir('statement-times', 'memory'), 'times');

/** Asks the proxy for the statements it ran since the last ask. */
async function window(proxy: ProxyServer, n: number): Promise<StatementTime[]> {
  process.kill(proxy.child.pid, 'SIGUSR2');
  const file = `${timesFile}.${String(n)}`;
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 50)); // written whole by then
  return JSON.parse(readFileSync(file, 'utf8')) as StatementTime[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The SQL on one line, cut to `width` characters. */
const short = (sql: string, width = 90) =>
  sql.length > width ? `${sql.slice(0, width - 1)}…` : sql;

try {
  const loadBefore = load();
  const standIn = await startStandIn();
  const proxy = await startProxyServer(standIn, {
    env: {
      NODE_OPTIONS: `--import tsx --import ${timer}`,
      STATEMENT_TIMES: timesFile,
    },
  });
  const body = await submissionEachFresh();
  const send = (secs: number) =>
    runWrk({
      url: `${proxy.origin}/api/enquiries`,
      body,
      headers: { Origin: ORIGIN },
      connections,
      seconds: secs,
    });
  await send(3);
  await outboxDrained(proxy.origin);
  await window(proxy, 1);
  const cpuBefore = cpuSeconds(proxy.child.pid);
  const writesBefore = writesSoFar(proxy.child.pid);
  const cell = await send(seconds);
  await outboxDrained(proxy.origin);
  const cpuMs = (cpuSeconds(proxy.child.pid) - cpuBefore) * 1000;
  const writesAfter = writesSoFar(proxy.child.pid);
  const times = await window(proxy, 2);
  // Every enquiry accepted, wrk's last ones answered after it stopped counting included.
  const enquiries = times.find((t) => t.sql.startsWith('INSERT INTO submissions '))?.ns.length ?? 0;
  const per = (value: number) => value / Math.max(1, enquiries);
  const rows = times
    .map(({ sql, ns }) => ({
      sql,
      runs: ns.length,
      median: median(ns),
      p99: quantile(ns, 0.99),
      sum: sum(ns),
    }))
    .sort((a, b) => b.runs * b.median - a.runs * a.median);
  const typical = sum(rows.map((row) => row.runs * row.median));
  console.log(
    `${String(enquiries)} enquiries accepted (${JSON.stringify(cell.statuses)}) at ${String(connections)} connections in ${String(seconds)} s; load ${loadBefore} before, ${load()} after`,
  );
  // The WAL's frames (two writes each, header and page), the checkpoints' copies into the
  // database, the answers, the deliveries and the log: what each enquiry costs the kernel.
  console.log(
    `proxy writes ${num(per(writesAfter.bytes - writesBefore.bytes) / 1024)} KiB in ${num(per(writesAfter.calls - writesBefore.calls))} calls per enquiry`,
  );
  console.log(
    `proxy CPU ${num(per(cpuMs))} ms per enquiry; SQLite ${num(per(sum(rows.map((r) => r.runs))))} statements per enquiry, ${num(per(typical) / 1000)} µs at their medians (${num(per(sum(rows.map((r) => r.sum))) / 1000)} µs wall in all)\n`,
  );
  console.log(
    table(
      [
        'statement',
        'runs / enquiry',
        'median µs',
        'mean µs',
        'p99 µs',
        'µs / enquiry at the median',
      ],
      rows.map((row) => [
        `\`${short(row.sql).replace(/\|/g, '\\|')}\``,
        num(per(row.runs)),
        num(row.median / 1000),
        num(row.sum / row.runs / 1000),
        num(row.p99 / 1000),
        num(per(row.runs * row.median) / 1000),
      ]),
    ),
  );
} finally {
  await stopAll();
}
