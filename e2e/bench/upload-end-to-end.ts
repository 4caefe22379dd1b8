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
import { cpuSeconds, memory, resetPeak } from './processes.ts';
import { load, mib, num, ratio, table } from './report.ts';
import { formToken, submissionForm, submit, type BenchFile } from './requests.ts';
import { startProxyServer, startStandIn, type StandIn } from './servers.ts';

const AT_ONCE = 8;
const MIB = 1024 * 1024;
const FILE_BYTES = 10 * MIB;
const SAMPLE_MS = 5;
const RUNS = 2;

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
  statuses: number[];
}

async function endToEnd(): Promise<Run> {
  const standIn = await startStandIn();
  const proxy = await startProxyServer(standIn);
  try {
    const send = async (file: BenchFile) =>
      (await submit(proxy.origin, submissionForm(await formToken(proxy.origin), [file]))).status;
    const until = async (count: number, bytes: Uint8Array) => {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const deadline = Date.now() + 300_000;
      while ((await held(standIn, bytes.byteLength, sha256)) < count) {
        if (Date.now() > deadline) throw new Error('the stand-in did not hold every file in 5 min');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // Warms up the code paths (parsing, the checks, SQLite, the upstream client).
    const small = png(256 * 1024);
    await send({ name: 'warm-up.png', bytes: small });
    await until(1, small);

    const bytes = png(FILE_BYTES);
    const pid = proxy.child.pid;
    resetPeak(pid);
    const baseline = memory(pid).rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(pid).rss);
    }, SAMPLE_MS);
    const cpu = () => [cpuSeconds(pid), cpuSeconds(standIn.child.pid)] as const;
    const [proxyBefore, standInBefore] = cpu();
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => send({ name: `plan-${String(i)}.png`, bytes })),
    );
    const answeredMs = performance.now() - started;
    const intakeGrowth = Math.max(peak, memory(pid).peak) - baseline;
    await until(AT_ONCE, bytes).finally(() => {
      clearInterval(sampler);
    });
    const heldMs = performance.now() - started;
    const [proxyAfter, standInAfter] = cpu();
    return {
      answeredMs,
      heldMs,
      intakeGrowth,
      growth: Math.max(peak, memory(pid).peak) - baseline,
      proxyCpu: proxyAfter - proxyBefore,
      standInCpu: standInAfter - standInBefore,
      statuses,
    };
  } finally {
    await proxy.child.stop();
    await standIn.child.stop();
  }
}

const rate = (ms: number) => (AT_ONCE * FILE_BYTES) / MIB / (ms / 1000);

export async function uploadEndToEnd(): Promise<string> {
  const loadBefore = load();
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await endToEnd());
  const perMib = (seconds: number) => num((seconds * 1000) / ((AT_ONCE * FILE_BYTES) / MIB));
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
  ]);
  return `### Files end to end

**Method.** \`e2e/bench/upload-end-to-end.ts\`: a fresh stand-in and proxy (as deployed,
\`DELIVERY_DEADLINE_MS\` at its default), one warm-up enquiry with a 256 KiB PNG, then
${AT_ONCE} visitors each send one enquiry with the same 10 MiB PNG at once (\`fetch\`, multipart,
as the widget sends it); the clock runs from the first byte sent until the stand-in's
\`/inbox.json\` lists all ${AT_ONCE} files with their size and SHA-256 (read every 20 ms).
"answered" is the last visitor's answer (their enquiry stored, or delivered when that was
quick). Memory: the proxy's RSS, sampled every ${SAMPLE_MS} ms and its kernel peak (\`VmHWM\`,
reset after the warm-up), over the baseline; "÷ one file" divides by 10 MiB. CPU per MiB sent,
of each process, over the whole run. ${RUNS} runs; load average ${loadBefore} before, ${load()} after.

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
  ],
  rows,
)}

**What limits it** (issue #61 asks for 100 MiB/s at most 1.5× one file; measured 2026-11-26
at a load average of 15 to 26 from other work, 3 to 15 MiB/s). The two servers' CPU per MiB
above add up to some 45 ms: with the whole of both cores and nothing else running, that is at
most about 44 MiB/s, and the stand-in alone, one thread parsing the BASE64 JSON of each upload,
stops near 50 MiB/s. 100 MiB/s needs both under 10 ms per MiB. A CPU profile of the proxy over
the eight uploads (\`BENCH_CPU_PROF=proxy/main\`) found its main thread idle 46 % of the run,
waiting for the stand-in and the machine; of its busy time, writing the spooled files (8 % of
the run), BASE64 (6 %), garbage collection (5 %), reading the stored file back for its upload
(4 %) and SHA-256 (2 %). No sandbox ran: a PNG is checked by reading its header in the proxy
(\`proxy/convert/pixel-budget.ts\`), so the sandbox's checks are not what slows pictures.
Without the change to the logs that was tried and not kept (59cb459), the same bench: 4.15 and
4.92 MiB/s end to end, growth 1.76× and 0.04× one file. Memory: runs of this bench gave from
0.04× to 2.2× one file, which is garbage V8 had not collected
yet when the peak was read (the forced-collection diagnostic in "Upload path" above), not bytes
the proxy holds.
`;
}
