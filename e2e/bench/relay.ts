/**
 * `npm run bench -- relay`: the proxy beside the least a durable relay could do
 * (`relay-server.ts`), in one run, on the same small multipart enquiry from the same client:
 * the CPU each spends per enquiry (delivery to the stand-in included) and how many it accepts
 * a second, as ratios, then the tail of each at 64 connections.
 */
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';
import { answers } from './create-path.ts';
import { cpuSeconds } from './processes.ts';
import { load, median, num, ratio, table } from './report.ts';
import { submissionEachFresh, type EncodedBody } from './requests.ts';
import {
  outboxDrained,
  startProxyServer,
  startRelay,
  startStandIn,
  until,
  type Server,
} from './servers.ts';
import { runWrk, type LoadCell } from './wrk.ts';

const ROUNDS = 3;
const ROUND_SECONDS = 8;
const TAIL_SECONDS = 10;

interface Contender {
  label: 'relay' | 'proxy';
  server: Server;
  /** Resolves once everything it accepted has reached the platform. */
  drained: () => Promise<void>;
}

interface Cell extends LoadCell {
  /** CPU ms of the contender's process per accepted enquiry, its deliveries included. */
  cpuMs: number;
  accepted: number;
}

const accepted = (cell: LoadCell) =>
  Object.entries(cell.statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);

async function measure(
  contender: Contender,
  body: EncodedBody,
  connections: number,
  seconds: number,
): Promise<Cell> {
  const before = cpuSeconds(contender.server.child.pid);
  const cell = await runWrk({
    url: `${contender.server.origin}/api/enquiries`,
    body,
    headers: { Origin: ORIGIN },
    connections,
    seconds,
  });
  await contender.drained();
  const cpu = cpuSeconds(contender.server.child.pid) - before;
  const count = accepted(cell);
  return { ...cell, accepted: count, cpuMs: (cpu * 1000) / Math.max(1, count) };
}

export async function relayYardstick(): Promise<string> {
  const loadBefore = load();
  const standIn = await startStandIn();
  const relayServer = await startRelay(standIn);
  const proxyServer = await startProxyServer(standIn);
  const relay: Contender = {
    label: 'relay',
    server: relayServer,
    drained: () =>
      until('relay', async () => {
        const response = await fetch(`${relayServer.origin}/status`);
        const status = (await response.json()) as { accepted: number; delivered: number };
        return status.delivered === status.accepted || JSON.stringify(status);
      }),
  };
  const proxy: Contender = {
    label: 'proxy',
    server: proxyServer,
    drained: () => outboxDrained(proxyServer.origin),
  };
  const body = await submissionEachFresh();
  for (const contender of [relay, proxy]) await measure(contender, body, 16, 3); // warm-up

  const rounds: { relay: Cell; proxy: Cell }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which goes first, so neither always meets the machine's after-effects.
    const order = round % 2 === 0 ? [relay, proxy] : [proxy, relay];
    const cells = new Map<string, Cell>();
    for (const contender of order)
      cells.set(contender.label, await measure(contender, body, 16, ROUND_SECONDS));
    rounds.push({ relay: cells.get('relay') as Cell, proxy: cells.get('proxy') as Cell });
  }
  const tail = { relay: await measure(relay, body, 64, TAIL_SECONDS) };
  const proxyTail = await measure(proxy, body, 64, TAIL_SECONDS);

  const cpuRatios = rounds.map((r) => r.proxy.cpuMs / r.relay.cpuMs);
  const rateRatios = rounds.map((r) => r.proxy.rps / r.relay.rps);
  const perRound = table(
    [
      'round',
      'relay CPU ms/enquiry',
      'proxy CPU ms/enquiry',
      'proxy / relay CPU',
      'relay accepted/s',
      'proxy accepted/s',
      'proxy / relay rate',
      'answers (relay / proxy)',
    ],
    rounds.map((r, i) => [
      String(i + 1),
      num(r.relay.cpuMs),
      num(r.proxy.cpuMs),
      ratio(r.proxy.cpuMs / r.relay.cpuMs),
      num(r.relay.rps),
      num(r.proxy.rps),
      ratio(r.proxy.rps / r.relay.rps),
      `${answers(r.relay, '202')} / ${answers(r.proxy)}`,
    ]),
  );
  const tails = table(
    ['at 64 connections', 'accepted/s', 'p50 ms', 'p99 ms', 'CPU ms/enquiry'],
    [
      [
        'relay',
        num(tail.relay.rps),
        num(tail.relay.p50Ms),
        num(tail.relay.p99Ms),
        num(tail.relay.cpuMs),
      ],
      [
        'proxy',
        num(proxyTail.rps),
        num(proxyTail.p50Ms),
        num(proxyTail.p99Ms),
        num(proxyTail.cpuMs),
      ],
    ],
  );
  return `## The proxy beside a bare relay

**Method.** \`e2e/bench/relay-server.ts\` is the yardstick: Hono on Node, better-sqlite3 (WAL),
the proxy's enquiry API client; it writes the enquiry part to disk, answers 202, then creates
the enquiry on the stand-in. No checks of any kind. The proxy runs as in "Proxy create path".
Both take the same multipart enquiry (the widget's, ${body.bytes.length} bytes, a fresh form
token in each; the relay ignores it) from \`${rounds[0]?.relay.command}\`, ${ROUNDS} rounds of
${ROUND_SECONDS} s at 16 connections, the two back to back in alternating order, after a 3 s
warm-up of each. CPU is the server's own process (user + system, all threads), from before its
load until everything it accepted was created on the stand-in, divided by the enquiries it
accepted; the stand-in's CPU is left out (both deliver to the same one). Load average
${loadBefore} before, ${load()} after.

${perRound}

**Proxy / relay, median of the rounds: CPU per enquiry ${ratio(median(cpuRatios))}, accepted
per second ${ratio(median(rateRatios))}.**

The tail, ${TAIL_SECONDS} s at 64 connections each:

${tails}

**Where the proxy's CPU goes** (issue #61): \`BENCH_CPU_PROF=proxy/main npm run bench -- relay\`
(see \`servers.ts\`), the proxy's profile read by \`node --import tsx e2e/bench/profile-stages.ts
<profile> --per <ms>\`: the samples after its first 20 s (tsx compiling the proxy), each in the
stage of its innermost frame that names one, each share times the median CPU per enquiry of
that run. Measured on 2026-11-26 at a load average of 8 to 14 (other helpers' builds and
browser suites): a sample is the main thread's wall time, so a call that hands work to libuv's
threads (the WAL's \`fdatasync\`, a log write) is charged the moment the machine takes the
thread away, and absolute figures were three times those of a quiet machine (issue #61: 2.71
to 3.27 ms).

| stage | ms per enquiry, before (f7dace2: 9.37 ms in all) | after (d03b6bf: 7.19 ms in all) |
| ----- | ------------------------------------------------ | --------------------------------- |
| delivery: the attempt, the client, undici | 1.97 (21 %) | 1.47 (20 %) |
| store: SQLite, group commit, WAL flush | 1.81 (19 %) | 1.47 (20 %) |
| HTTP server and framework (Hono, node-server) | 1.54 (16 %) | 1.29 (18 %) |
| intake: take-in, store-checked, aftercare | 0.78 (8 %) | 0.47 (6 %) |
| logging (pino, sonic-boom) | 0.76 (8 %) | 0.58 (8 %) |
| garbage collection | 0.68 (7 %) | 0.48 (7 %) |
| runtime: timers, promises, node internals | 0.68 (7 %) | 0.57 (8 %) |
| checks: schema, rules, files | 0.48 (5 %) | 0.38 (5 %) |
| multipart | 0.27 (3 %) | 0.15 (2 %) |
| limits | 0.15 (2 %) | 0.13 (2 %) |
| form token | 0.15 (2 %) | 0.13 (2 %) |
| funnel | 0.10 (1 %) | 0.06 (1 %) |
| origin | 0.01 (0 %) | 0.01 (0 %) |

**What changed** (issue #61): a small enquiry a person sends waits for three WAL flushes rather
than five. The funnel's cell it will count in is written in the enquiry's own transaction
(\`NewSubmission.funnelCell\`), not by a write of its own after it, and an enquiry with no file
to send has the platform's answer to its create recorded by the write that finishes it as
delivered (\`finish\` with \`created\`, a record: on PostgreSQL on the records' own
connections). Left as they were: the accept, then the create noted as sent and on disk before it
is sent. The statements are the same 12 (counted over 5 s at 16 connections: the spent token,
the submission, its funnel cell, its receipt, the two reads of it back; the create noted; its
files' names, the create recorded, delivered, the funnel's count, the cell removed). This bench
before them (f7dace2, load average 3.8 before, 10.7 after) gave the proxy 10.1, 8.57 and 7.34 ms
per enquiry against the relay's 3.48, 2.80 and 2.34 (median 3.06×), and at 64 connections p50
1,117 ms, p99 3,444 ms. After, the rounds above; a run at 261beae (the same SQLite path, load
average 10.0 before, 12.4 after) gave 8.10, 5.89 and 6.49 ms against 3.71, 2.65 and 2.70 (median
2.22×). Profiled (which costs the proxy too), before 10.0, 9.37 and 7.86 ms (3.51×) and at 64
connections 55.4 a second, p50 980 ms, p99 2,482 ms; after 8.45, 5.50 and 7.19 ms (2.43×) and
188 a second, p50 301 ms, p99 1,253 ms. The relay's own figures move by half between runs: at
this load only the proxy's ms per enquiry says much, and it fell by about a fifth.

**Why the proxy is not at the relay's CPU:** storing, delivering and serving HTTP are three
fifths of it, and the relay does each with less. The store: timed statement by statement in
the proxy (same 5 s run), the submission's insert took 0.43 ms, and each update of its row
(the create recorded 0.64 ms, delivered 0.48 ms) as much, against 0.01 to 0.03 ms for an
insert into a small table: \`submissions\` has 18 indexes (the console's searches, 4 of them on
expressions of the enquiry's JSON: email, telephone, name, surname; a change of state rewrites
8), the relay's table none. The relay commits with \`synchronous = NORMAL\` and never flushes
(a power cut can lose what it acknowledged), answers 202 at once and never records a
delivery's steps; the proxy delivers while the visitor waits (\`201\`), so its accepted/s is the
rate of whole deliveries at 16 at once (three flushes and the create each), and few requests
arrive together to share a flush. The checks themselves (token, origin, limits, funnel, the
schema and rules) are under a tenth. **The tail is not met** for the same reason: at 64
connections a visitor waits for a whole delivery, so the p50 is 64 over the proxy's
deliveries a second (about 1.2 s at 50 a second); 100 ms at the p99 needs over 640 deliveries
a second, or a 202 before delivering as the relay answers: a change of what the visitor is
told, not made here.
`;
}
