/**
 * One run of the intake bench (`intake-paths.ts`): a fresh proxy (its outbox on disk, or in a
 * PostgreSQL database when given one), warmed up, then eight 10 MiB PDFs at once by one path;
 * wall time, the proxy's CPU and how its memory grew.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InboxJson } from '../../demo/enquiry-api/inbox.ts';
import { sampleFiles } from '../../proxy/test/fixtures/proxy-harness.ts';
import { readyAhead, readyInBody, terminate, type Ready } from './intake-senders.ts';
import { cpuSeconds, memory, resetPeak, scratchDir } from './processes.ts';
import { startProxyServer, startStandIn, type ProxyServer, type StandIn } from './servers.ts';

export const MB = 1024 * 1024;
export const AT_ONCE = 8;
export const FILE_BYTES = 10 * MB;
/** The widget's chunk (`widget/late/uploads/upload-task.ts`). */
const CHUNK_BYTES = 512 * 1024;
/** A client that chooses small chunks (tus lets it choose any size). */
const SMALL_CHUNK_BYTES = 16 * 1024;
export const WARM_ROUNDS = 2;

/**
 * Sent ahead in small chunks, in the widget's, or in one PATCH (as tus-js-client does by default),
 * or in the body.
 */
export type Path = 'tus-small' | 'tus' | 'tus-whole' | 'multipart';

/** Preloaded into every proxy here: `process.memoryUsage()` every 5 ms (`memory-probe.ts`). */
const PROBED = '--import tsx --import ./e2e/bench/memory-probe.ts';

/** As deployed (`MALLOC_ARENA_MAX=2`), or with glibc's default arenas for the diagnostic rows. */
export type Allocator = 'deployed' | 'glibc-default';

/** A PDF of exactly `FILE_BYTES`, its kind in its first bytes. */
const pdf = () => sampleFiles.pdf(FILE_BYTES - sampleFiles.pdf(0).byteLength);

const READY: Record<Path, (origin: string, bytes: Uint8Array) => Promise<Ready>> = {
  'tus-small': (origin, bytes) => readyAhead(origin, bytes, SMALL_CHUNK_BYTES),
  tus: (origin, bytes) => readyAhead(origin, bytes, CHUNK_BYTES),
  'tus-whole': (origin, bytes) => readyAhead(origin, bytes, bytes.byteLength),
  multipart: readyInBody,
};

/**
 * Before the batch, `WARM_ROUNDS` rounds of one 4 MiB PDF by each path at once: V8 compiles the
 * hot code as a proxy that has run a while has it (a fresh one measured 10.4-10.6 ms of CPU per
 * MiB on the 512 KiB path, 9.4 once warm); the uploads are then ended, so they hold nothing.
 */
async function warmUp(origin: string, standIn: StandIn): Promise<void> {
  const bytes = sampleFiles.pdf(4 * MB);
  for (let round = 0; round < WARM_ROUNDS; round++) {
    const senders = await Promise.all(
      (Object.keys(READY) as Path[]).map((path) => READY[path](origin, bytes)),
    );
    const sent = await Promise.all(senders.map((send) => send()));
    await Promise.all(sent.filter((upload) => typeof upload === 'string').map(terminate));
  }
  await delivered(standIn, WARM_ROUNDS);
}

/** Waits until the stand-in has `count` enquiries, each with its file: no delivery runs on into the batch. */
async function delivered(standIn: StandIn, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const inbox = (await (await fetch(`${standIn.origin}/inbox.json`)).json()) as InboxJson;
    const done = inbox.enquiries.filter((enquiry) => enquiry.files.length === 1);
    if (done.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the warm-up's ${String(count)} enquiries were not delivered within a minute`);
}

export interface Run {
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

/** How a run's proxy is started. */
export interface RunOptions {
  allocator?: Allocator;
  /** A new, empty PostgreSQL database for its outbox (`DATABASE_URL`); else SQLite on disk. */
  databaseUrl?: string;
}

/** A fresh proxy, a warm-up of each path, then eight files at once by `path`. */
export async function run(path: Path, options: RunOptions = {}): Promise<Run> {
  const { allocator = 'deployed', databaseUrl } = options;
  const standIn = await startStandIn();
  let proxy: ProxyServer | undefined;
  const probeFile = join(scratchDir('memory-probe', 'memory'), 'samples');
  try {
    const env = {
      DELIVERY_DEADLINE_MS: '0',
      NODE_OPTIONS: PROBED,
      MEMORY_PROBE_FILE: probeFile,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    proxy = await startProxyServer(standIn, { env, allocator });
    const { origin } = proxy;
    await warmUp(origin, standIn);
    await standIn.child.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const senders = await Promise.all(
      Array.from({ length: AT_ONCE }, () => READY[path](origin, pdf())),
    );
    const pid = proxy.child.pid;
    resetPeak(pid);
    const baseline = memory(pid).rss;
    const cpuBefore = cpuSeconds(pid);
    const from = Date.now();
    const started = performance.now();
    await Promise.all(senders.map((send) => send()));
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
