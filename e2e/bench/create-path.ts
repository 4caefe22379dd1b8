/**
 * The create path under load: (a) straight to the stand-in enquiry API, (b) through the proxy,
 * (c) through nginx as a plain reverse proxy that adds the `Authorization` header, at 1, 16
 * and 64 connections, with the CPU each side's server processes spent per request.
 */
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';
import { adminStatus } from '../../proxy/test/fixtures/proxy-env.ts';
import { cpuSeconds } from './processes.ts';
import { num, ratio, table } from './report.ts';
import { createBody, submissionEachFresh, type EncodedBody } from './requests.ts';
import {
  AUTHORIZATION,
  startNginx,
  startProxyServer,
  startStandIn,
  type Server,
} from './servers.ts';
import { runWrk, type LoadCell } from './wrk.ts';

const CONNECTIONS = [1, 16, 64] as const;
export const SECONDS = 10;
const WARM_UP_SECONDS = 3;

export interface Target {
  label: string;
  url: string;
  body: EncodedBody;
  headers: Record<string, string>;
  /** Whose CPU time counts for this target. */
  servers: readonly Server[];
}

export interface Measured extends LoadCell {
  /** CPU ms the target's server processes spent per completed request. */
  cpuMsPerRequest: number;
}

/** One wrk run against `target`, with the CPU its servers used meanwhile. */
async function measure(target: Target, connections: number, seconds: number): Promise<Measured> {
  const cpu = () => target.servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid), 0);
  const before = cpu();
  const cell = await runWrk({ ...target, connections, seconds });
  return { ...cell, cpuMsPerRequest: ((cpu() - before) * 1000) / Math.max(1, cell.requests) };
}

/** "all 201", or the statuses and socket errors seen, so a failing cell cannot pass unseen. */
export function answers(cell: LoadCell, expected = '201'): string {
  const codes = Object.entries(cell.statuses);
  const clean = codes.length === 1 && codes[0]?.[0] === expected && cell.socketErrors === 0;
  if (clean) return `all ${expected}`;
  const text = codes.map(([code, n]) => `${n}× ${code}`).join(', ');
  return cell.socketErrors > 0 ? `${text}, ${cell.socketErrors} socket errors` : text;
}

export interface Row {
  connections: number;
  /** By target label. */
  cells: ReadonlyMap<string, Measured>;
}

/** The cell of `label` in `row` (every row has one per target). */
export function cell(row: Row, label: string): Measured {
  const found = row.cells.get(label);
  if (!found) throw new Error(`no figures for ${label} at ${row.connections} connections`);
  return found;
}

/** Warms every target up, then measures each connection count, the targets back to back. */
export async function matrix(targets: readonly Target[]): Promise<Row[]> {
  for (const target of targets)
    await runWrk({ ...target, connections: 16, seconds: WARM_UP_SECONDS });
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    const cells = new Map<string, Measured>();
    for (const target of targets)
      cells.set(target.label, await measure(target, connections, SECONDS));
    rows.push({ connections, cells });
  }
  return rows;
}

export async function createPath(): Promise<string> {
  const standIn = await startStandIn();
  const proxy = await startProxyServer(standIn);
  const nginx = await startNginx(standIn);
  const json = createBody();
  const multipart = await submissionEachFresh();
  const apiPath = new URL(standIn.url).pathname;
  const targets: Target[] = [
    {
      label: 'a',
      url: `${standIn.url}/enquiries/create`,
      body: json,
      headers: { Authorization: AUTHORIZATION },
      servers: [standIn],
    },
    {
      label: 'b',
      url: `${proxy.origin}/api/enquiries`,
      body: multipart,
      headers: { Origin: ORIGIN },
      servers: [proxy, standIn],
    },
    {
      label: 'c',
      url: `${nginx.origin}${apiPath}/enquiries/create`,
      body: json,
      headers: {},
      servers: [nginx, standIn],
    },
  ];
  const rows = await matrix(targets);
  const health = await adminStatus<{ outbox: { queued: number; delivered: number; dead: number } }>(
    proxy.origin,
  );

  const figures = rows.map((row) => ({
    connections: row.connections,
    a: cell(row, 'a'),
    b: cell(row, 'b'),
    c: cell(row, 'c'),
  }));
  const one = figures[0];
  const added = one ? one.b.p50Ms - one.a.p50Ms : NaN;
  const nginxAdded = one ? one.c.p50Ms - one.a.p50Ms : NaN;
  const proxyCpu = one ? one.b.cpuMsPerRequest - one.a.cpuMsPerRequest : NaN;
  const cells = (m: Measured) => [num(m.rps), num(m.p50Ms), num(m.p99Ms)];
  const throughput = table(
    [
      'connections',
      'a req/s',
      'a p50 ms',
      'a p99 ms',
      'b req/s',
      'b p50 ms',
      'b p99 ms',
      'c req/s',
      'c p50 ms',
      'c p99 ms',
    ],
    figures.map(({ connections, a, b, c }) => [
      String(connections),
      ...cells(a),
      ...cells(b),
      ...cells(c),
    ]),
  );
  const ratios = table(
    ['connections', 'b/a throughput', 'b/a p50', 'b/c throughput', 'b/c p50', 'c/a throughput'],
    figures.map(({ connections, a, b, c }) => [
      String(connections),
      ratio(b.rps / a.rps),
      ratio(b.p50Ms / a.p50Ms),
      ratio(b.rps / c.rps),
      ratio(b.p50Ms / c.p50Ms),
      ratio(c.rps / a.rps),
    ]),
  );
  const cpu = table(
    [
      'connections',
      'a: stand-in',
      'b: proxy + stand-in',
      'c: nginx + stand-in',
      'answers (a / b / c)',
    ],
    figures.map(({ connections, a, b, c }) => [
      String(connections),
      num(a.cpuMsPerRequest),
      num(b.cpuMsPerRequest),
      num(c.cpuMsPerRequest),
      [a, b, c].map((m) => answers(m)).join(' / '),
    ]),
  );

  return `## Proxy create path

**Method.** Three ways to create one enquiry, each driven by \`${figures[0]?.a.command}\`
(and \`-c16\`, \`-c64\`) for ${SECONDS} s per cell after a ${WARM_UP_SECONDS} s warm-up of each
target, the three targets back to back at each connection count:

- **(a) straight to the stand-in**: \`POST <stand-in>${apiPath}/enquiries/create\` with the JSON
  create body (${json.bytes.length} bytes, what the proxy sends upstream for the same enquiry) and
  the \`Authorization\` header.
- **(b) through the proxy**: \`POST <proxy>/api/enquiries\`, the multipart body the widget sends
  (${multipart.bytes.length} bytes, the \`enquiry\` part, no files) with an allowed \`Origin\`;
  answered \`201 delivered\` once the stand-in has created the enquiry. Each request carries a
  form token of its own (a token is spent by the one enquiry that uses it, so a replayed body
  would be refused): wrk's script puts the next of a file of tokens, issued with the proxy's
  secret, into the body.
- **(c) through nginx** (the do-it-yourself alternative): the same JSON as (a) without
  credentials to nginx, which adds \`Authorization\` and passes it on (\`proxy_pass\` to an
  \`upstream\` with \`keepalive 64\`, HTTP/1.1, one worker, access log on). Command:
  \`nginx -p <tmp> -c <tmp>/nginx.conf -e stderr\` with \`daemon off\`, config generated in a temp
  directory (\`e2e/bench/servers.ts\`), stopped afterwards.

**(b) does strictly more work than (a) and (c).** Per request the proxy parses the multipart
body, validates the enquiry against the form configuration (zod schema and the form's rules),
checks the form token (HMAC), builds the upstream \`meta\` from the configuration, **stores the
submission in its SQLite outbox before calling upstream (WAL, \`synchronous=FULL\`: four
writes per delivered submission, accept with its lease, create started, enquiry id recorded,
delivered, each committed and fsynced before the next step; writes asked for in the same turn
of the event loop share one commit, \`proxy/outbox/sqlite/group-commit.ts\`)**, makes the
upstream create call itself (undici's \`request\` over a keep-alive pool), and writes three
JSON log lines. nginx only relays bytes. So b/c is
the price of validation and of never losing an accepted enquiry, not of a slower relay.

Throughput (completed requests per second) and latency (ms, wrk's p50 and p99):

${throughput}

Ratios:

${ratios}

CPU time the server processes spent per request (ms, user + system from \`/proc/<pid>/stat\`;
less sensitive than req/s to other load on the machine), and what the requests were answered:

${cpu}

After the run the proxy's outbox held ${health.outbox.delivered} delivered, ${health.outbox.queued} queued and
${health.outbox.dead} dead submissions.

At one connection the proxy adds ${num(added)} ms to the median create (b − a) and costs
${num(proxyCpu)} ms of CPU per request (b's CPU minus the stand-in's share in a); nginx adds
${num(nginxAdded)} ms. The part the disk plays is measured under "Outbox cost".

**Where the proxy's CPU goes** (profiled 2026-11-23 with \`BENCH_CPU_PROF=proxy\`: \`node --cpu-prof\`
on the proxy for 10 s at 16 and 10 s at 64 connections after a 3 s warm-up, outbox on disk;
shares of its wall time, self time grouped by module). Before group commit, each of five commits
per enquiry blocked the event loop for its fsync, and the upstream call through \`fetch\` took
about a third. With commits grouped but still flushed on the event loop's thread, better-sqlite3
took 16.6 %. With the WAL flushed in the background it takes 3.2 %, and what is left has no
hotspot: web-standard requests and streams (Node's bundled undici, web streams, abort signals,
transferables: the Hono adapter turns each Node request into a web one) about 15 %, the outbox's
own statements 7 % (four writes per delivered enquiry: accept, step noted, created, finished),
reading and checking the submission 5 %, garbage collection 6 %, the upstream call (undici) 4 %,
our upstream client (answer reading, scrubbing) 3 %, Hono itself 2 %, logging (pino) 1.4 %, idle
10 %. Reaching nginx's cost would mean leaving the web Request/Response model on this route and
fewer writes per enquiry; each is a few per cent, not a factor.

**Reading the figures.** wrk is closed-loop (each connection sends its next request when the
last is answered), so latencies are service times under that load, not what an open stream of
visitors would see past saturation. Loopback on one machine: the load generator and every
server share the same cores, so (a) and (c) are partly limited by wrk and by the stand-in
itself, and a busy neighbour moves req/s by tens of per cent between runs; the CPU per request
moves much less. A real platform answers in tens or hundreds of ms over the internet, which
would dwarf the differences at one connection.
`;
}
