/**
 * Files end to end, beside the intake-only figure of `intake-paths.ts`: eight visitors send one
 * enquiry each with a 10 MiB PNG at once, and the clock stops when the platform (the stand-in)
 * holds all eight files intact (its `/inbox.json`: each file's size and SHA-256). The proxy runs
 * as deployed (`DELIVERY_DEADLINE_MS` at its default): it answers once the enquiry is stored, or
 * delivered if that is quick, and delivers the rest behind the answer. Its resident memory is
 * read throughout, so the growth covers the intake and the delivery's BASE64 uploads alike.
 */
import { createHash } from 'node:crypto';
import { sampleFiles } from '../../proxy/test/fixtures/proxy-harness.ts';
import { cpuSeconds, mainThreadSeconds, memory, resetPeak, type LoopSeconds } from './processes.ts';
import { recordHeadline } from './headline.ts';
import { load, mib, num, ratio, table } from './report.ts';
import { readyEnquiry } from './intake-senders.ts';
import { UPLOAD_FINDINGS } from './upload-findings.ts';
import { startProxyServer, startStandIn, type StandIn } from './servers.ts';

const AT_ONCE = 8;
const MIB = 1024 * 1024;
const FILE_BYTES = 10 * MIB;
const SAMPLE_MS = 5;
const RUNS = 2;
/** Rounds of eight smaller files delivered before the clock: V8 has compiled the hot code. */
const WARM_ROUNDS = 2;
const WARM_BYTES = 4 * MIB;

/** Exactly `size` bytes of PNG (the proxy sniffs the kind and reads its header). */
const png = (size: number) => sampleFiles.png(size - sampleFiles.png(0).length);

interface InboxFile {
  size: number;
  sha256: string;
}

/** How many of the stand-in's files are `bytes` exactly. */
async function held(standIn: StandIn, size: number, sha256: string): Promise<number> {
  const response = await fetch(`${standIn.origin}/inbox.json`);
  const inbox = (await response.json()) as { enquiries: { files: InboxFile[] }[] };
  return inbox.enquiries
    .flatMap((enquiry) => enquiry.files)
    .filter((file) => file.size === size && file.sha256 === sha256).length;
}

interface Run {
  /** From the first byte sent to the last visitor's answer. */
  answeredMs: number;
  /** From the first byte sent to the stand-in holding all eight. */
  heldMs: number;
  /** Peak RSS growth over the baseline while answering, and over the whole run. */
  intakeGrowth: number;
  growth: number;
  proxyCpu: number;
  standInCpu: number;
  /** This process: the visitors sending, and reading the stand-in's inbox every 20 ms. */
  visitorsCpu: number;
  /** Each server's event loop over the run: seconds on a core, and runnable but waiting for one. */
  proxyLoop: LoopSeconds;
  standInLoop: LoopSeconds;
  statuses: number[];
}

async function endToEnd(): Promise<Run> {
  const standIn = await startStandIn();
  const proxy = await startProxyServer(standIn);
  try {
    const ready = (bytes: Uint8Array) =>
      Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) =>
          readyEnquiry(proxy.origin, { name: `plan-${String(i)}.png`, bytes }),
        ),
      );
    const until = async (count: number, bytes: Uint8Array) => {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const deadline = Date.now() + 300_000;
      while ((await held(standIn, bytes.byteLength, sha256)) < count) {
        if (Date.now() > deadline) throw new Error('the stand-in did not hold every file in 5 min');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // Warms up the code paths (parsing, the checks, SQLite, the upstream client) as a proxy
    // that has run a while has them: compiled by V8, not interpreted.
    for (let round = 0; round < WARM_ROUNDS; round++) {
      const warm = png(WARM_BYTES + round);
      await Promise.all((await ready(warm)).map((send) => send()));
      await until(AT_ONCE, warm);
    }

    const bytes = png(FILE_BYTES);
    const visitors = await ready(bytes);
    const pid = proxy.child.pid;
    resetPeak(pid);
    const baseline = memory(pid).rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(pid).rss);
    }, SAMPLE_MS);
    const cpu = () => [cpuSeconds(pid), cpuSeconds(standIn.child.pid)] as const;
    const loops = () => [mainThreadSeconds(pid), mainThreadSeconds(standIn.child.pid)] as const;
    const [proxyBefore, standInBefore] = cpu();
    const [proxyLoopBefore, standInLoopBefore] = loops();
    const visitorsBefore = process.cpuUsage();
    const started = performance.now();
    const statuses = await Promise.all(visitors.map((send) => send()));
    const answeredMs = performance.now() - started;
    const intakeGrowth = Math.max(peak, memory(pid).peak) - baseline;
    await until(AT_ONCE, bytes).finally(() => {
      clearInterval(sampler);
    });
    const heldMs = performance.now() - started;
    const ownCpu = process.cpuUsage(visitorsBefore);
    const [proxyAfter, standInAfter] = cpu();
    const [proxyLoopAfter, standInLoopAfter] = loops();
    return {
      answeredMs,
      heldMs,
      intakeGrowth,
      growth: Math.max(peak, memory(pid).peak) - baseline,
      proxyCpu: proxyAfter - proxyBefore,
      standInCpu: standInAfter - standInBefore,
      visitorsCpu: (ownCpu.user + ownCpu.system) / 1e6,
      proxyLoop: spent(proxyLoopBefore, proxyLoopAfter),
      standInLoop: spent(standInLoopBefore, standInLoopAfter),
      statuses,
    };
  } finally {
    await proxy.child.stop();
    await standIn.child.stop();
  }
}

/** An event loop's seconds between two readings. */
const spent = (before: LoopSeconds, after: LoopSeconds): LoopSeconds => ({
  running: after.running - before.running,
  queued: after.queued - before.queued,
});

/** An event loop's share of the run: on a core, waiting for one, asleep (waiting on something else). */
const loopShares = (loop: LoopSeconds, ms: number) => {
  const share = (seconds: number) => `${num((seconds * 100000) / ms)} %`;
  return `${share(loop.running)} / ${share(loop.queued)} / ${share(ms / 1000 - loop.running - loop.queued)}`;
};

const rate = (ms: number) => (AT_ONCE * FILE_BYTES) / MIB / (ms / 1000);

export async function uploadEndToEnd(): Promise<string> {
  const loadBefore = load();
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await endToEnd());
  const perMib = (seconds: number) => num((seconds * 1000) / ((AT_ONCE * FILE_BYTES) / MIB));
  const spread = (values: number[], unit: (value: number) => string) => {
    const [low, high] = [Math.min(...values), Math.max(...values)];
    return low === high ? unit(low) : `${unit(low)} to ${unit(high)}`;
  };
  recordHeadline(
    'files',
    `${spread(
      runs.map((r) => rate(r.heldMs)),
      (value) => `${num(value)} MiB/s`,
    )}, proxy memory +${spread(
      runs.map((r) => r.growth / FILE_BYTES),
      ratio,
    )} one file`,
  );
  const rows = runs.map((r, i) => [
    String(i + 1),
    r.statuses.join(' '),
    num(r.answeredMs),
    num(rate(r.answeredMs)),
    num(r.heldMs),
    `**${num(rate(r.heldMs))}**`,
    `${mib(r.intakeGrowth)} (${ratio(r.intakeGrowth / FILE_BYTES)})`,
    `${mib(r.growth)} (**${ratio(r.growth / FILE_BYTES)}**)`,
    perMib(r.proxyCpu),
    perMib(r.standInCpu),
    perMib(r.visitorsCpu),
    loopShares(r.proxyLoop, r.heldMs),
    loopShares(r.standInLoop, r.heldMs),
  ]);
  return `### Files end to end

**Method.** \`e2e/bench/upload-end-to-end.ts\`: a fresh stand-in and proxy (as deployed,
\`DELIVERY_DEADLINE_MS\` at its default), warmed up by ${WARM_ROUNDS} rounds of ${AT_ONCE} enquiries at once
with a ${WARM_BYTES / MIB} MiB PNG each, delivered (V8 has compiled the hot code, as in a proxy that has run
a while), then ${AT_ONCE} visitors each send one enquiry with the same 10 MiB PNG at once (multipart,
as the page without JavaScript and API clients send it; \`node:http\` over kept-alive
connections, each form token fetched and body encoded before the clock, as \`intake-senders.ts\`
sends: the visitors share the servers' two cores); the clock runs from the first byte sent
until the stand-in's \`/inbox.json\` lists all ${AT_ONCE} files with their size and SHA-256 (read every
20 ms). "answered" is the last visitor's answer (their enquiry stored, or delivered when that was
quick). Memory: the proxy's RSS, sampled every ${SAMPLE_MS} ms and its kernel peak (\`VmHWM\`,
reset after the warm-up), over the baseline; "÷ one file" divides by 10 MiB. CPU per MiB sent,
of each process over the timed run ("visitors": this process, sending and reading the inbox).
Each server's event loop (its main thread, from the kernel's
\`schedstat\`) over the run: the share of the wall time it ran, waited runnable for a core (the
machine busy), and slept (waiting on the disk, the other server, a timer). ${RUNS} runs; load average ${loadBefore} before, ${load()} after.

${table(
  [
    'run',
    'answers',
    'answered ms',
    'MiB/s answered',
    'held by the platform ms',
    'MiB/s end to end',
    'growth while answering',
    'growth, whole run',
    'proxy CPU ms/MiB',
    'stand-in CPU ms/MiB',
    'visitors CPU ms/MiB',
    'proxy loop: ran / waited for a core / slept',
    'stand-in loop: ran / waited for a core / slept',
  ],
  rows,
)}

${UPLOAD_FINDINGS}`;
}
