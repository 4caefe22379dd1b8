/**
 * The benchmark's side of `loop-probe.ts`: the environment that preloads it into a server, and
 * the window it saw between two signals, with the server's main thread's time from the kernel
 * (on a core, and runnable but waiting for one: the machine's share of a tail).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoopWindow } from './loop-probe.ts';
import { mainThreadSeconds, scratchDir, type LoopSeconds } from './processes.ts';
import { num } from './report.ts';

const PRELOAD = fileURLToPath(new URL('loop-probe.ts', import.meta.url));

/** A window of the probe, and the main thread's seconds over it. */
export interface ProbedWindow extends LoopWindow {
  mainThread: LoopSeconds;
}

/** One server's probe: `env` starts it, `open()` begins a window, the function it returns ends it. */
export interface LoopProbe {
  env: Record<string, string>;
  open: (pid: number) => () => Promise<ProbedWindow>;
}

/** A probe for one server (`NODE_OPTIONS` replaces any the server would have had). */
export function loopProbe(): LoopProbe {
  const file = join(scratchDir('loop-probe', 'memory'), 'window');
  let signals = 0;
  /** Signals the server; resolves with the window it wrote. */
  const signal = async (pid: number): Promise<LoopWindow> => {
    signals += 1;
    const path = `${file}.${String(signals)}`;
    process.kill(pid, 'SIGUSR2');
    for (let waited = 0; !existsSync(path); waited += 20) {
      if (waited > 10_000) throw new Error(`the loop probe of ${String(pid)} wrote no ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return JSON.parse(readFileSync(path, 'utf8')) as LoopWindow;
  };
  return {
    env: { NODE_OPTIONS: `--import tsx --import ${PRELOAD}`, LOOP_PROBE_FILE: file },
    open: (pid) => {
      const started = signal(pid); // what came before is let go
      const before = mainThreadSeconds(pid);
      return async () => {
        await started;
        const after = mainThreadSeconds(pid);
        const window = await signal(pid);
        const mainThread = {
          running: after.running - before.running,
          queued: after.queued - before.queued,
        };
        return { ...window, mainThread };
      };
    },
  };
}

/** The columns `loopCells` fills, for a table of loads. */
export const LOOP_HEADERS = [
  'loop delay p99 / longest ms',
  'scavenges: count, ms in all, longest',
  'major GCs: count, longest ms',
  'main thread on a core / waiting for one, s',
] as const;

/** A window as `LOOP_HEADERS`' cells (dashes where the server was not probed). */
export function loopCells(window: ProbedWindow | undefined): string[] {
  if (!window) return LOOP_HEADERS.map(() => '–');
  const { delay, scavenges, majors, mainThread } = window;
  return [
    `${num(delay.p99Ms)} / ${num(delay.maxMs)}`,
    `${String(scavenges.count)}, ${num(scavenges.totalMs)}, ${num(scavenges.maxMs)}`,
    `${String(majors.count)}, ${num(majors.maxMs)}`,
    `${num(mainThread.running)} / ${num(mainThread.queued)}`,
  ];
}
