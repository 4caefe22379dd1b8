/**
 * `npm run bench -- relay`: the proxy beside the least a durable relay could do
 * (`relay-server.ts`), in one run, on the same small multipart enquiry from the same client:
 * the CPU each spends per enquiry (delivery to the stand-in included) and how many it accepts
 * a second, as ratios, then the tail of each at 64 connections.
 */
import { recordHeadline } from './headline.ts';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';
import { answers } from './create-path.ts';
import { cpuSeconds, writesSoFar } from './processes.ts';
import { load, median, num, ratio, table } from './report.ts';
import { submissionEachFresh, type EncodedBody } from './requests.ts';
import {
  createdOn,
  deliveredThrough,
  startProxyServer,
  startRelay,
  startStandIn,
  until,
  type Server,
} from './servers.ts';
import { runWrk, type LoadCell } from './wrk.ts';
import {
  LOOP_HEADERS,
  loopCells,
  loopProbe,
  type LoopProbe,
  type ProbedWindow,
} from './loop-window.ts';
import { RELAY_FINDINGS } from './relay-findings.ts';
import { STATEMENT_FINDINGS } from './statement-findings.ts';
import { TAIL_FINDINGS } from './tail-findings.ts';

const ROUNDS = 3;
const ROUND_SECONDS = 8;
const TAIL_SECONDS = 10;

/** Who runs: the relay as #61 defines it (on disk before its 202), the same without its flush, the proxy. */
type Label = 'relay' | 'unflushed' | 'proxy';

interface Contender {
  label: Label;
  server: Server;
  /**
   * Asked before a load: what it returns resolves once the `accepted` enquiries of that load
   * have reached the platform.
   */
  watch: () => Promise<(accepted: number) => Promise<void>>;
  /** What held its event loop up during each load (`loop-probe.ts`), where it is preloaded. */
  probe?: LoopProbe;
}

interface Cell extends LoadCell {
  /** CPU ms of the contender's process per accepted enquiry, its deliveries included. */
  cpuMs: number;
  accepted: number;
  /** KiB and calls written to files and sockets per accepted enquiry, as `cpuMs` is counted. */
  writeKiB: number;
  writeCalls: number;
  /** What held the event loop up during the load, where the contender is probed. */
  loop?: ProbedWindow;
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
  const { pid } = contender.server.child;
  const drained = await contender.watch();
  const before = cpuSeconds(pid);
  const writesBefore = writesSoFar(pid);
  const closeWindow = contender.probe?.open(pid);
  const cell = await runWrk({
    url: `${contender.server.origin}/api/enquiries`,
    body,
    headers: { Origin: ORIGIN },
    connections,
    seconds,
  });
  const loop = await closeWindow?.();
  const count = accepted(cell);
  await drained(count);
  const cpu = cpuSeconds(pid) - before;
  const writes = writesSoFar(pid);
  const per = (value: number) => value / Math.max(1, count);
  return {
    ...cell,
    accepted: count,
    cpuMs: per(cpu * 1000),
    writeKiB: per((writes.bytes - writesBefore.bytes) / 1024),
    writeCalls: per(writes.calls - writesBefore.calls),
    ...(loop && { loop }),
  };
}

/** A relay (`relay-server.ts`) as a contender: drained when it says all it took is delivered. */
const relayContender = (label: Label, server: Server, probe?: LoopProbe): Contender => ({
  label,
  server,
  ...(probe && { probe }),
  watch: async () => () =>
    until(label, async () => {
      const response = await fetch(`${server.origin}/status`);
      const status = (await response.json()) as { accepted: number; delivered: number };
      return status.delivered === status.accepted || JSON.stringify(status);
    }),
});

/** A row of the tail's table: the load's figures, then what held the event loop up. */
const tailRow = (label: Label, cell: Cell) => [
  label,
  num(cell.rps),
  num(cell.p50Ms),
  num(cell.p99Ms),
  num(cell.cpuMs),
  ...loopCells(cell.loop),
];

export async function relayYardstick(): Promise<string> {
  const loadBefore = load();
  const standIn = await startStandIn();
  const relayProbe = loopProbe();
  const relay = relayContender(
    'relay',
    await startRelay(standIn, { env: relayProbe.env }),
    relayProbe,
  );
  const unflushed = relayContender('unflushed', await startRelay(standIn, { flushed: false }));
  const proxyProbe = loopProbe();
  const proxyServer = await startProxyServer(standIn, { env: proxyProbe.env });
  const proxy: Contender = {
    label: 'proxy',
    server: proxyServer,
    probe: proxyProbe,
    // The stand-in counts for it; a relay keeps its counts in memory for the same reason.
    watch: async () => {
      const before = await createdOn(standIn);
      return (count) => deliveredThrough(standIn, before + count, proxyServer.origin);
    },
  };
  const everyone = [relay, unflushed, proxy];
  const body = await submissionEachFresh();
  for (const contender of everyone) await measure(contender, body, 16, 3); // warm-up

  const rounds: Record<Label, Cell>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Turning which goes first, so none always meets the machine's after-effects.
    const first = round % everyone.length;
    const order = [...everyone.slice(first), ...everyone.slice(0, first)];
    const cells = new Map<Label, Cell>();
    for (const contender of order)
      cells.set(contender.label, await measure(contender, body, 16, ROUND_SECONDS));
    rounds.push(Object.fromEntries(cells) as Record<Label, Cell>);
  }
  const tail = { relay: await measure(relay, body, 64, TAIL_SECONDS) };
  const proxyTail = await measure(proxy, body, 64, TAIL_SECONDS);

  const cpuRatios = rounds.map((r) => r.proxy.cpuMs / r.relay.cpuMs);
  const unflushedRatios = rounds.map((r) => r.proxy.cpuMs / r.unflushed.cpuMs);
  const rateRatios = rounds.map((r) => r.proxy.rps / r.relay.rps);
  const perRound = table(
    [
      'round',
      'relay CPU ms/enquiry',
      'unflushed relay',
      'proxy CPU ms/enquiry',
      'proxy / relay CPU',
      'proxy / unflushed',
      'relay accepted/s',
      'proxy accepted/s',
      'proxy / relay rate',
      'answers (relay / proxy)',
    ],
    rounds.map((r, i) => [
      String(i + 1),
      num(r.relay.cpuMs),
      num(r.unflushed.cpuMs),
      num(r.proxy.cpuMs),
      ratio(r.proxy.cpuMs / r.relay.cpuMs),
      ratio(r.proxy.cpuMs / r.unflushed.cpuMs),
      num(r.relay.rps),
      num(r.proxy.rps),
      ratio(r.proxy.rps / r.relay.rps),
      `${answers(r.relay, '202')} / ${answers(r.proxy)}`,
    ]),
  );
  const writes = everyone
    .map(({ label }) => {
      const kib = median(rounds.map((r) => r[label].writeKiB));
      const calls = median(rounds.map((r) => r[label].writeCalls));
      return `${label} ${num(kib)} KiB in ${num(calls)} calls`;
    })
    .join(', ');
  recordHeadline(
    'cpu',
    `${ratio(median(cpuRatios))} (accepted per second ${ratio(median(rateRatios))})`,
  );
  recordHeadline('tail', `${num(proxyTail.p99Ms)} ms (p50 ${num(proxyTail.p50Ms)} ms)`);
  const tails = table(
    ['at 64 connections', 'accepted/s', 'p50 ms', 'p99 ms', 'CPU ms/enquiry', ...LOOP_HEADERS],
    [tailRow('relay', tail.relay), tailRow('proxy', proxyTail)],
  );
  return `## The proxy beside a bare relay

**Method.** \`e2e/bench/relay-server.ts\` is the yardstick: Hono on Node, better-sqlite3 (WAL),
the proxy's enquiry API client; it writes the enquiry part to disk, answers 202, then creates
the enquiry on the stand-in. No checks of any kind. As #61 asks ("written to disk before a
202"), each commit flushes the WAL first (\`synchronous = FULL\`, SQLite's default), as the
proxy's group commit does; "unflushed relay" is the same with \`synchronous = NORMAL\` (what
a power cut can lose), the yardstick as it was measured until stop 70. The proxy runs as in
"Proxy create path". All three take the same multipart enquiry (the widget's,
${body.bytes.length} bytes, a fresh form token in each; the relays ignore it) from
\`${rounds[0]?.relay.command}\`, ${ROUNDS} rounds of ${ROUND_SECONDS} s at 16 connections, back
to back, each round started by the next of them, after a 3 s warm-up of each. CPU is the
server's own process (user + system, all threads), from before its load until everything it
accepted was created on the stand-in, divided by the enquiries it accepted; the stand-in's CPU
is left out (all deliver to the same one). The wait costs none of them anything: the relays keep
their counts in memory, and the proxy's is read from the stand-in's counts, then confirmed by
one \`/admin/status\` (it counts the outbox: a few ms with 100,000 leads; asked every 50 ms
until stop 72, about a twentieth of the proxy's CPU in a profile of the whole run). Load average ${loadBefore} before, ${load()} after.

${perRound}

**Proxy / relay, median of the rounds: CPU per enquiry ${ratio(median(cpuRatios))}, accepted
per second ${ratio(median(rateRatios))}** (CPU per enquiry against the unflushed relay:
${ratio(median(unflushedRatios))}).

Written per enquiry to files and sockets (\`/proc/<pid>/io\`, medians of the rounds): ${writes}.

The tail, ${TAIL_SECONDS} s at 64 connections each, and what held each one's event loop up during
that load (\`loop-probe.ts\`, preloaded into the relay and the proxy: how late a 5 ms timer ran,
V8's collections, the main thread's seconds on a core and waiting for one):

${tails}

${RELAY_FINDINGS}

${STATEMENT_FINDINGS}

${TAIL_FINDINGS}`;
}
