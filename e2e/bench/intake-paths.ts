/**
 * The two ways a file comes in, side by side: sent ahead by tus (`/api/uploads`, in the widget's
 * 512 KiB PATCHes, answered once stored and checked) and in the multipart body of
 * `POST /api/enquiries` (answered once stored, `DELIVERY_DEADLINE_MS=0`). Eight visitors send a
 * 10 MiB PDF each at once; what is measured is the intake alone: the stand-in is stopped after
 * the warm-up, so no delivery runs beside it (a queued enquiry's attempt fails at once and waits).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORIGIN, sampleFiles } from '../../proxy/test/fixtures/proxy-harness.ts';
import { cpuSeconds, memory, resetPeak, scratchDir } from './processes.ts';
import { median, mib, num, ratio, table } from './report.ts';
import { formToken, submissionForm, submit } from './requests.ts';
import { startProxyServer, startStandIn, type ProxyServer } from './servers.ts';

const MB = 1024 * 1024;
const AT_ONCE = 8;
const FILE_BYTES = 10 * MB;
/** The widget's chunk (`widget/late/uploads/upload-task.ts`). */
const CHUNK_BYTES = 512 * 1024;
const RUNS = 3;

/** Sent ahead in the widget's chunks or in one PATCH (as tus-js-client does by default), or in the body. */
type Path = 'tus' | 'tus-whole' | 'multipart';

/** Preloaded into every proxy here: `process.memoryUsage()` every 5 ms (`memory-probe.ts`). */
const PROBED = '--import tsx --import ./e2e/bench/memory-probe.ts';

/** As deployed (`MALLOC_ARENA_MAX=2`), or with glibc's default arenas for the diagnostic rows. */
type Allocator = 'deployed' | 'glibc-default';

/** A PDF of exactly `FILE_BYTES`, its kind in its first bytes. */
const pdf = () => sampleFiles.pdf(FILE_BYTES - sampleFiles.pdf(0).byteLength);

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** One file sent ahead as the widget sends it: created, then PATCHed `chunk` bytes at a time. */
async function sendAhead(origin: string, bytes: Uint8Array, chunk = CHUNK_BYTES): Promise<void> {
  const token = await formToken(origin);
  const tus = { 'tus-resumable': '1.0.0', origin: ORIGIN };
  const created = await fetch(`${origin}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.byteLength),
      'upload-metadata': `filename ${b64('plan.pdf')},filetype ${b64('application/pdf')},form_token ${b64(token)}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`creation answered ${created.status}`);
  for (let offset = 0; offset < bytes.byteLength; offset += chunk) {
    const answer = await fetch(`${origin}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      },
      body: bytes.subarray(offset, offset + chunk) as Uint8Array<ArrayBuffer>,
    });
    if (answer.status !== 204) throw new Error(`PATCH answered ${answer.status}`);
  }
}

/** One file in the multipart body of an enquiry, answered once stored. */
async function sendInBody(origin: string, bytes: Uint8Array): Promise<void> {
  const form = submissionForm(await formToken(origin), [{ name: 'plan.pdf', bytes }]);
  const { status } = await submit(origin, form);
  if (status !== 202) throw new Error(`the enquiry answered ${status}`);
}

const SEND: Record<Path, (origin: string, bytes: Uint8Array) => Promise<void>> = {
  tus: (origin, bytes) => sendAhead(origin, bytes),
  'tus-whole': (origin, bytes) => sendAhead(origin, bytes, bytes.byteLength),
  multipart: sendInBody,
};

const NAMES: Record<Path, string> = {
  tus: 'sent ahead (tus), 512 KiB PATCHes',
  'tus-whole': 'sent ahead (tus), one PATCH',
  multipart: 'multipart body',
};

interface Run {
  path: Path;
  ms: number;
  growth: number;
  /** The peak over the baseline of V8's heap and of the buffers outside it, sampled. */
  heap: number;
  buffers: number;
  cpu: number;
}

/** The largest growth of V8's heap and of the buffers outside it from `from` to `to`. */
function probed(file: string, from: number, to: number): { heap: number; buffers: number } {
  const samples = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ').map(Number));
  const before = samples.filter(([at = 0]) => at < from).at(-1) ?? [];
  const during = samples.filter(([at = 0]) => at >= from && at <= to);
  const most = (i: number) =>
    Math.max(...during.map((sample) => sample[i] ?? 0)) - (before[i] ?? 0);
  return { heap: most(2), buffers: most(3) };
}

/** A fresh proxy, a warm-up of each path, then eight files at once by `path`. */
async function run(path: Path, allocator: Allocator = 'deployed'): Promise<Run> {
  const standIn = await startStandIn();
  let proxy: ProxyServer | undefined;
  const probeFile = join(scratchDir('memory-probe', 'memory'), 'samples');
  try {
    const env = { DELIVERY_DEADLINE_MS: '0', NODE_OPTIONS: PROBED, MEMORY_PROBE_FILE: probeFile };
    proxy = await startProxyServer(standIn, { env, allocator });
    const { origin } = proxy;
    const small = sampleFiles.pdf(64 * 1024);
    await sendAhead(origin, small);
    await sendInBody(origin, small);
    await standIn.child.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const files = Array.from({ length: AT_ONCE }, pdf);
    const pid = proxy.child.pid;
    resetPeak(pid);
    const baseline = memory(pid).rss;
    const cpuBefore = cpuSeconds(pid);
    const from = Date.now();
    const started = performance.now();
    await Promise.all(files.map((bytes) => SEND[path](origin, bytes)));
    const ms = performance.now() - started;
    const to = Date.now();
    const growth = memory(pid).peak - baseline;
    const cpu = cpuSeconds(pid) - cpuBefore;
    process.kill(pid, 'SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { path, ms, growth, cpu, ...probed(probeFile, from, to) };
  } finally {
    await proxy?.child.stop();
    await standIn.child.stop();
  }
}

const row = (path: Path, runs: Run[]) => {
  const rates = runs.map((r) => (AT_ONCE * FILE_BYTES) / MB / (r.ms / 1000));
  const most = (of: (r: Run) => number) => Math.max(...runs.map(of));
  return [
    NAMES[path],
    runs.map((r) => num(r.ms)).join(', '),
    `**${num(median(rates))}**`,
    runs.map((r) => mib(r.growth)).join(', '),
    `**${ratio(most((r) => r.growth) / FILE_BYTES)}**`,
    mib(most((r) => r.heap)),
    mib(most((r) => r.buffers)),
    num((median(runs.map((r) => r.cpu)) * 1000) / ((AT_ONCE * FILE_BYTES) / MB)),
  ];
};

const HEADERS = [
  'path',
  'batch ms',
  'MiB/s',
  'growth',
  '÷ one file',
  'V8 heap',
  'buffers',
  'proxy CPU ms/MiB',
];

const tableOf = (paths: readonly Path[], runs: Run[]) =>
  table(
    HEADERS,
    paths.map((path) =>
      row(
        path,
        runs.filter((r) => r.path === path),
      ),
    ),
  );

/** The section: both paths, `RUNS` fresh proxies each, alternating. */
export async function intakePaths(): Promise<string> {
  const paths = ['tus', 'tus-whole', 'multipart'] as const;
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) for (const path of paths) runs.push(await run(path));
  const glibc: Run[] = [];
  for (const path of paths) glibc.push(await run(path, 'glibc-default'));
  return `### Files sent ahead beside the multipart body (intake only)

**Method** (\`e2e/bench/intake-paths.ts\`). ${AT_ONCE} visitors at once each send a 10 MiB PDF to
a fresh proxy process (outbox on disk, \`MALLOC_ARENA_MAX=2\` as the systemd unit and the image
run it): sent ahead by tus as the widget sends it (creation, then PATCHes of 512 KiB, the last
answered once the file is stored and checked), in one PATCH as tus-js-client sends by default, or
in the multipart body of an enquiry answered \`202\` once stored (\`DELIVERY_DEADLINE_MS=0\`). The
stand-in is stopped after a warm-up of each path (a 64 KiB PDF), so what runs is the intake
alone. ${RUNS} runs of each, alternating. "MiB/s" is ${AT_ONCE} × 10 MiB over the batch's wall
time (median of the runs); "growth" is the proxy's peak RSS (\`VmHWM\`, reset before the batch)
over its RSS before it, and "÷ one file" the largest of the runs over 10 MiB. "V8 heap" and
"buffers" are the largest growth, over the sample before the batch, of \`heapUsed\` and
\`arrayBuffers\` (the pieces of bodies and files outside V8's heap) in \`process.memoryUsage()\`,
sampled every 5 ms inside the proxy (\`memory-probe.ts\`). Targets: at least 100 MiB/s, at most
1.5× one file.

${tableOf(paths, runs)}

**Diagnostic, not how the proxy runs:** one run of each with glibc's default malloc arenas (no
\`MALLOC_ARENA_MAX\`: eight per core):

${tableOf(paths, glibc)}

**Reading it.** What grows is not files held: no file is ever whole in memory, on either path. It
is pieces passing through: each 64 KiB of a request body is a buffer outside V8's heap, freed only
when V8 collects its young generation, which it does by what its heap allocates or once 32 MiB of
such buffers wait; the proxy collects it itself every 4 MiB passed (\`proxy/passing-bytes.ts\`).
"buffers" is what waits in between, and the pieces on their way to disk. What RSS adds on top is
the allocator's: memory freed to glibc and kept for the next request. How much moves from run to
run: over the runs of this work (load average 6-10), eight 10 MiB files at once grew the proxy by
0.02-1.39× one file in 24 runs with two arenas, 0.63-2.18× in 12 with glibc's default; one run
of the diagnostic table says little on its own.
Sent ahead, a file costs more CPU per MiB in 512 KiB PATCHes than in one: each PATCH is a request,
a sync of the upload's file and a commit of its offset, which is what lets a phone lose at most
one chunk to a dropped connection.

**Before** (2026-11-25 05:47 UTC, this benchmark, load average 1.45 before and 2.62 after, glibc's
default arenas): growth 6.56× (tus, 512 KiB PATCHes), 6.92× (one PATCH) and 7.58× (multipart) one
file, at 101, 151 and 123 MiB/s and 9.25, 6.13 and 6.25 ms of proxy CPU per MiB; a full
collection every 20 ms brought it to 2.50×, 2.88× and 4.82×. What changed: the young generation
collected every 4 MiB passed (V8 let 32 MiB of dead pieces wait, 30-56 MiB measured); the PDF
scan's text made 16 KiB at a time (its 192 KiB strings went to V8's space for large objects and
grew the heap by 21-33 MiB); the multipart reader no longer copying each piece; pieces written as
they come rather than held in 1 MiB batches (held, they outlived two collections); and two malloc
arenas (\`MALLOC_ARENA_MAX=2\`, as the systemd unit and the image run it). The proxy's CPU per
MiB did not move measurably: 10.6-11.5 ms before and 10.4-11.9 after on the tus path, 7.1-7.5 and 7.1-9.4 on the
multipart one, three interleaved runs of each at load average 6-8. The MiB/s above are the busy
machine's (load average 6-10 while they ran, other suites beside them): the 100 MiB/s target is
to be read again at a quiet moment.
`;
}
