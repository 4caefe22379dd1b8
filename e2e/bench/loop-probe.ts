/**
 * Preloaded into a server by the relay benchmark (`NODE_OPTIONS=--import ./e2e/bench/loop-probe.ts`,
 * with `LOOP_PROBE_FILE`): what held its event loop up, so that a tail can be told apart from the
 * machine's. On SIGUSR2 it writes what it saw since the last signal to `LOOP_PROBE_FILE.N` (JSON,
 * a `LoopWindow`, N counting the signals from 1) and starts again: the caller signals before and
 * after a load and reads one window. Never loaded in the product.
 *
 * - The event loop's delay (`monitorEventLoopDelay`): how late a timer due every 5 ms ran, so a
 *   long synchronous block (a big group commit, a collection) shows as one long delay.
 * - Garbage collections (`PerformanceObserver` 'gc'), by kind: a scavenge empties the young
 *   generation and stops the loop for its whole length; a major collection's marking is mostly
 *   incremental, its finishing pause counted here.
 * - The young generation's size now (`--max-semi-space-size` bounds it).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

/** Pauses of one kind of collection in a window, in ms. */
export interface Pauses {
  count: number;
  totalMs: number;
  maxMs: number;
}

/** What one window (between two signals) saw. */
export interface LoopWindow {
  /** The event loop's delay, ms: median, 99th percentile, longest. */
  delay: { p50Ms: number; p99Ms: number; maxMs: number };
  scavenges: Pauses;
  /** Major collections (mark-compact), incremental marking steps apart. */
  majors: Pauses;
  /** The young generation (both semi-spaces), MiB. */
  youngMiB: number;
}

const file = process.env.LOOP_PROBE_FILE;
if (!file) throw new Error('loop-probe.ts needs LOOP_PROBE_FILE');

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const none = (): Pauses => ({ count: 0, totalMs: 0, maxMs: 0 });
let scavenges = none();
let majors = none();
const add = (pauses: Pauses, ms: number) => {
  pauses.count += 1;
  pauses.totalMs += ms;
  pauses.maxMs = Math.max(pauses.maxMs, ms);
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { kind } =
      (entry as PerformanceEntry & { detail: { kind?: number } | null }).detail ?? {};
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) add(scavenges, entry.duration);
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) add(majors, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

let window = 0;
process.on('SIGUSR2', () => {
  const ms = (ns: number) => ns / 1e6;
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  const figures: LoopWindow = {
    delay: {
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
    },
    scavenges,
    majors,
    youngMiB: (young?.space_size ?? 0) / 2 ** 20,
  };
  window += 1;
  // Written whole, then renamed: the reader waits for the name and never sees half of it.
  const path = `${file}.${String(window)}`;
  writeFileSync(`${path}.partial`, JSON.stringify(figures));
  renameSync(`${path}.partial`, path);
  delay.reset();
  scavenges = none();
  majors = none();
});
