/**
 * The benchmark's child processes: every server runs in its own process on 127.0.0.1, so the
 * load generator, the proxy and the stand-in do not share an event loop. Each child is
 * tracked from the moment it is spawned and `stopAll()` ends every one of them, by its id,
 * however the run ends (the runner calls it in `finally` and on SIGINT/SIGTERM).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const running = new Set<ChildProcess>();
const scratch: string[] = [];

/** A scratch directory removed at the end of the run; `memory` puts it on tmpfs (`/dev/shm`). */
export function scratchDir(prefix: string, where: 'disk' | 'memory' = 'disk'): string {
  const dir = mkdtempSync(join(where === 'memory' ? '/dev/shm' : tmpdir(), `bench-${prefix}-`));
  scratch.push(dir);
  return dir;
}

/** A free TCP port on loopback (asked of the kernel, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export interface Child {
  name: string;
  pid: number;
  /** The child's stdout and stderr, for the error message when it fails. */
  logPath: string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Removes scratch directories now rather than at the end of the run. */
function removeScratch(dirs: readonly string[]): void {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    const index = scratch.indexOf(dir);
    if (index !== -1) scratch.splice(index, 1);
  }
}

/**
 * Spawns `command` with `env` added to this process's environment; its output goes to a log
 * file in a tmpfs scratch directory (cheap to write, there to read when something fails).
 * `stop()` also removes that directory and the `owned` ones (a data directory, say); a child
 * that dies on its own keeps them for the error message until the end of the run.
 */
export function startChild(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
  owned: readonly string[] = [],
  cwd?: string,
): Child {
  const logDir = scratchDir(`${name}-log`, 'memory');
  const logPath = join(logDir, 'output.log');
  const log = openSync(logPath, 'a');
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const stop = async () => {
    await stopChild(child, exited);
    removeScratch([logDir, ...owned]);
  };
  return { name, pid: child.pid, logPath, exited, stop };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Stops every child still running and removes the scratch directories. */
export async function stopAll(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            resolve();
            return;
          }
          child.once('exit', () => {
            resolve();
          });
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Last resort when the runner itself exits: no child outlives it. */
export function killAllNow(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** The last lines a child wrote, for an error message. */
function tail(child: Child, lines = 15): string {
  try {
    return readFileSync(child.logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** Resolves once `url` answers any HTTP status; fails when the child exits or time runs out. */
export async function waitForHttp(child: Child, url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const state = { dead: false };
  void child.exited.then(() => {
    state.dead = true;
  });
  while (Date.now() < deadline && !state.dead) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(
    `${child.name} did not answer at ${url} (${state.dead ? 'it exited' : 'timed out'}):\n${tail(child)}`,
  );
}

/** Clock ticks per second of `/proc/<pid>/stat` (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** `/proc/<pid>/stat` fields after the command name (which may hold spaces). */
function statFields(pid: number | string): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * CPU time (user + system, all threads) `pid` and its direct children have used so far, in
 * seconds: nginx's work is done in its worker, the master's child.
 */
export function cpuSeconds(pid: number): number {
  const ticks = (fields: string[] | undefined) =>
    Number(fields?.[11] ?? 0) + Number(fields?.[12] ?? 0);
  let total = ticks(statFields(pid));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields?.[1] === String(pid)) total += ticks(fields);
  }
  return total / TICKS_PER_SECOND;
}

/** An event loop's seconds on a core (`running`) and runnable but waiting for one (`queued`). */
export interface LoopSeconds {
  running: number;
  queued: number;
}

/**
 * What `pid`'s main thread (its event loop) has done so far, in seconds, from the kernel's
 * `/proc/<pid>/task/<pid>/schedstat`: on a core, and runnable but waiting for one. Over a run,
 * the wall time less both is the time the loop slept (waiting on the disk, the network, a
 * timer, another process), so the three say whether a run waited on work or on the machine.
 */
export function mainThreadSeconds(pid: number): LoopSeconds {
  try {
    const [running, queued] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return { running: Number(running) / 1e9, queued: Number(queued) / 1e9 };
  } catch {
    return { running: 0, queued: 0 }; // gone meanwhile
  }
}

/** VmRSS and VmHWM (peak since start or since `resetPeak`) of `pid`, in bytes. */
export function memory(pid: number): { rss: number; peak: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

/** Starts VmHWM afresh at the current RSS (`/proc/<pid>/clear_refs`, value 5; Linux 4.0+). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** What `pid` has written so far: bytes handed to `write` (any file or socket) and its calls. */
export interface Writes {
  bytes: number;
  calls: number;
}

/** `pid`'s writes so far, from the kernel's `/proc/<pid>/io` (`wchar`, `syscw`). */
export function writesSoFar(pid: number): Writes {
  const text = readFileSync(`/proc/${pid}/io`, 'utf8');
  const count = (name: string) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(text)?.[1]);
  return { bytes: count('wchar'), calls: count('syscw') };
}
