/**
 * Where the proxy's CPU goes, by stage, from Linux perf rather than V8's profile (issue #77).
 * V8's `--cpu-prof` samples the main thread's wall time: a sample taken while the thread waits
 * for a core, or sits in a system call that wakes another process (a write to the stand-in's
 * socket, the WAL's `fdatasync`), is charged to that frame as if it were CPU. perf samples only
 * what ran on a core, in the kernel too, on every thread of the process.
 *
 * Start the proxy with `--perf-basic-prof` (`BENCH_PERF_MAP=proxy/main`, see `servers.ts`), so
 * perf can name its JavaScript frames, then during a load:
 *
 *   perf record -F 1999 -g -p <proxy's pid> -o proxy.perf -- sleep 10
 *   perf script -i proxy.perf -F tid,ip,sym,dso > proxy.perf.txt
 *   node --import tsx e2e/bench/perf-stages.ts proxy.perf.txt --main <proxy's pid> [--per 1.2]
 *
 * Each sample of the main thread goes in the stage of its innermost frame that names one (the
 * stages of `profile-stage-names.ts`; SQLite's own code counts for the store's frame that called
 * it), a collection's in garbage collection, the other threads' (V8's helpers, libuv's pool,
 * where the WAL's `fdatasync` runs) in a line of their own; with `--per` (CPU ms per enquiry of
 * that load), each stage's µs per enquiry, and the share of it spent in the kernel.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RUNTIME, STAGES } from './profile-stage-names.ts';

const GC = 'garbage collection';
const OTHER_THREADS = "other threads: V8's helpers, libuv's pool (the WAL's fdatasync)";
const COLLECTING = /v8::internal::(Heap::|Scavenger|MarkCompactCollector|ConcurrentMarking)/;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { main: { type: 'string' }, per: { type: 'string' } },
});
if (!positionals[0] || !values.main)
  throw new Error('usage: perf-stages.ts <perf script> --main <pid>');

/** The stage of one sample, from its frames (innermost first) and its thread. */
function stageOf(tid: string, frames: readonly string[]): string {
  if (tid !== values.main) return OTHER_THREADS;
  if (frames.some((frame) => COLLECTING.test(frame))) return GC;
  for (const frame of frames) {
    const named = STAGES.find(([, owns]) => owns({ functionName: frame, url: frame }));
    if (named) return named[0];
  }
  return RUNTIME;
}

const samples = new Map<string, { all: number; kernel: number }>();
let total = 0;
// `perf script` writes each sample as its thread's line, then one line a frame, then a blank.
for (const block of readFileSync(positionals[0], 'utf8').split('\n\n')) {
  const [head, ...frames] = block.split('\n').filter((line) => line.trim() !== '');
  if (head === undefined) continue;
  const stage = stageOf(head.trim(), frames);
  const counted = samples.get(stage) ?? { all: 0, kernel: 0 };
  counted.all += 1;
  if (frames[0]?.includes('[kernel.kallsyms]')) counted.kernel += 1;
  samples.set(stage, counted);
  total += 1;
}

const per = values.per === undefined ? undefined : Number(values.per);
console.log(`${String(total)} samples`);
for (const [stage, { all, kernel }] of [...samples].sort((a, b) => b[1].all - a[1].all)) {
  const share = all / total;
  const us = per === undefined ? '' : `  ${(share * per * 1000).toFixed(0).padStart(4)} µs/enquiry`;
  const inKernel = `  (${((kernel / all) * 100).toFixed(0)} % in the kernel)`;
  console.log(`${stage.padEnd(66)} ${(share * 100).toFixed(1).padStart(5)} %${us}${inKernel}`);
}
