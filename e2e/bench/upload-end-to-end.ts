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

**What limits it** (issue #61 asks for 100 MiB/s at most 1.5× one file; not met). Issue #61's
third part, measured 2026-11-26 10:28-10:36 UTC at a load average of 9 to 16 from other work,
the code before and after back to back, 2 runs each: before 11.9 and 12.6 MiB/s end to end,
proxy 24.3 and 20.8 ms of CPU per MiB, stand-in 22.7 and 21.6; after 9.9 and 10.9 MiB/s (the
load higher), proxy 19.9 and 17.8, stand-in 15.6 and 16.7; a second pair at a load of 13 to 16
gave 9.1 to 11.1 MiB/s for both. What changed: the stand-in decodes an upload's BASE64 as it
streams in (\`demo/enquiry-api/upload-stream.ts\`: no 13 MB text, \`JSON.parse\` or regex) and
stores files in 64 KiB SQLite pages; the proxy's spool writes 256 KiB at a time, hashing while
the disk writes. A profile of the stand-in (\`BENCH_CPU_PROF=enquiry-api/main\`) then shows
what is left of its busy time: storing the 10 MB BLOB in SQLite (\`addFile\`, the largest),
garbage collection, the web stream Node's HTTP body is wrapped in, SHA-256, the decoding itself
about 1 ms per MiB. The proxy's: the spool's writes (379 ms over the eight files, from 586),
reading the stored file back for its upload, the BASE64 string of each 192 KiB piece (Node 20
has no encoder into a buffer: one string per piece is the least; larger pieces would hold more
memory per upload in flight, 8 × 4 × the piece), SHA-256, garbage collection. The wall time
is not CPU: some 3 s of CPU for the two servers on 2 cores would be 1.5 s, and the run took
4 to 9 s, on a machine whose load stayed above 8 (other helpers' suites): 100 MiB/s is 0.8 s
for the 80 MiB, below what this machine gave any run today. 100 MiB/s also needs both servers
under 10 ms per MiB; they are at 16 to 20. No sandbox ran: a PNG is checked by reading its
header in the proxy (\`proxy/convert/pixel-budget.ts\`). Memory: runs of this bench gave from
0.0× to 3.0× one file, before and after alike (before 0.00×, 0.69×, 1.22×, 1.38×; the stand-in
change alone 0.02× to 2.74×; after 1.08× to 3.00×), which is garbage V8 had not collected
yet when the peak was read (the forced-collection diagnostic in "Upload path" above), not bytes
the proxy holds; it is not shown to be within 1.5×.
`;
}
