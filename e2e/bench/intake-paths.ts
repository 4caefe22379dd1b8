/**
 * The two ways a file comes in, side by side: sent ahead by tus (`/api/uploads`, in the widget's
 * 512 KiB PATCHes, answered once stored and checked) and in the multipart body of
 * `POST /api/enquiries` (answered once stored, `DELIVERY_DEADLINE_MS=0`). Eight visitors send a
 * 10 MiB PDF each at once; what is measured is the intake alone: the stand-in is stopped after
 * the warm-up, so no delivery runs beside it (a queued enquiry's attempt fails at once and waits).
 */
import { ORIGIN, sampleFiles } from '../../proxy/test/fixtures/proxy-harness.ts';
import { cpuSeconds, memory, resetPeak } from './processes.ts';
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

/** Preloaded for the diagnostic rows only: a full GC every 20 ms (`force-gc.ts`). */
const FORCED_GC = ['--expose-gc', '--import', 'tsx', '--import', './e2e/bench/force-gc.ts'];

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
  cpu: number;
}

/** A fresh proxy, a warm-up of each path, then eight files at once by `path`. */
async function run(path: Path, forcedGc = false): Promise<Run> {
  const standIn = await startStandIn();
  let proxy: ProxyServer | undefined;
  try {
    const env: Record<string, string> = { DELIVERY_DEADLINE_MS: '0' };
    if (forcedGc) env.NODE_OPTIONS = FORCED_GC.join(' ');
    proxy = await startProxyServer(standIn, { env });
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
    const started = performance.now();
    await Promise.all(files.map((bytes) => SEND[path](origin, bytes)));
    const ms = performance.now() - started;
    return { path, ms, growth: memory(pid).peak - baseline, cpu: cpuSeconds(pid) - cpuBefore };
  } finally {
    await proxy?.child.stop();
    await standIn.child.stop();
  }
}

const row = (path: Path, runs: Run[]) => {
  const rates = runs.map((r) => (AT_ONCE * FILE_BYTES) / MB / (r.ms / 1000));
  const growths = runs.map((r) => r.growth);
  return [
    NAMES[path],
    runs.map((r) => num(r.ms)).join(', '),
    `**${num(median(rates))}**`,
    runs.map((r) => mib(r.growth)).join(', '),
    `**${ratio(Math.max(...growths) / FILE_BYTES)}**`,
    ratio(Math.max(...growths) / AT_ONCE / FILE_BYTES),
    num((median(runs.map((r) => r.cpu)) * 1000) / ((AT_ONCE * FILE_BYTES) / MB)),
  ];
};

/** The section: both paths, `RUNS` fresh proxies each, alternating. */
export async function intakePaths(): Promise<string> {
  const paths = ['tus', 'tus-whole', 'multipart'] as const;
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) for (const path of paths) runs.push(await run(path));
  const forced: Run[] = [];
  for (const path of paths) forced.push(await run(path, true));
  const headers = [
    'path',
    'batch ms',
    'MiB/s',
    'growth',
    '÷ one file',
    '÷ one file, per visitor',
    'proxy CPU ms/MiB',
  ];
  return `### Files sent ahead beside the multipart body (intake only)

**Method** (\`e2e/bench/intake-paths.ts\`). ${AT_ONCE} visitors at once each send a 10 MiB PDF to
a fresh proxy process (outbox on disk): sent ahead by tus as the widget sends it (creation, then
PATCHes of 512 KiB, the last answered once the file is stored and checked), or in the multipart
body of an enquiry answered \`202\` once stored (\`DELIVERY_DEADLINE_MS=0\`). The stand-in is stopped
after a warm-up of each path, so what runs is the intake alone. ${RUNS} runs of each, alternating.
"MiB/s" is ${AT_ONCE} × 10 MiB over the batch's wall time (median of the runs); "growth" is the
proxy's peak RSS (\`VmHWM\`, reset before the batch) over its RSS before it, and "÷ one file" the
largest of the runs over 10 MiB. Targets: at least 100 MiB/s, at most 1.5× one file.

${table(
  headers,
  paths.map((path) =>
    row(
      path,
      runs.filter((r) => r.path === path),
    ),
  ),
)}

**Diagnostic, not how the proxy runs:** one run of each with a full garbage collection every
20 ms (\`NODE_OPTIONS="${FORCED_GC.join(' ')}"\`), to tell what the proxy holds from garbage V8
has not collected yet:

${table(
  headers,
  paths.map((path) =>
    row(
      path,
      forced.filter((r) => r.path === path),
    ),
  ),
)}

**Reading it.** Most of the growth in the first table is garbage, on either path: the pieces of a
request body are buffers outside V8's heap, freed only when it collects, and with eight bodies
arriving it lets some 60 MiB of them pile up before it does. Collected every 20 ms (the second
table, far slower for the collections) what stays is what the proxy holds for eight files at once:
each file's pieces on their way to disk, never a file whole. Sent ahead, a file costs more CPU per
MiB in 512 KiB PATCHes than in one: each PATCH is a request, a sync of the upload's file and a
commit of its offset, which is what lets a phone lose at most one chunk to a dropped connection.
`;
}
