/**
 * Runs a converter program (heif-convert, soffice) as its own process group, so that a timeout
 * stops it and everything it started (soffice forks soffice.bin), and an aborted delivery
 * stops it too.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * How a tool run ended when it did not succeed: it ran too long, was stopped by the caller's
 * signal, was ended by a signal of its own (a crash, a limit), exited with an error, or never
 * started.
 */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly outcome: 'timed_out' | 'aborted' | 'crashed' | 'failed' | 'not_started',
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** Where and how long a tool may run. */
export interface ToolOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Told the PID of the tool's process group once it has started. */
  onStart?: (pid: number) => void;
}

/** Most of a tool's error output kept for the reason given. */
const STDERR_KEPT = 2000;
/** Most of a tool's output kept (heif-info describes a file in a few hundred bytes). */
const STDOUT_KEPT = 64 * 1024;

/**
 * Runs `command` with `args`; resolves with the start of its output when it exits 0, else
 * rejects with a `ToolError` carrying the end of its error output.
 *
 * @example await runTool('heif-convert', ['in.heic', 'out.png'], { timeoutMs: 60_000 })
 */
export function runTool(command: string, args: string[], options: ToolOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    if (child.pid !== undefined) options.onStart?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (stdout.length < STDOUT_KEPT) stdout = (stdout + text).slice(0, STDOUT_KEPT);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    let timedOut = false;
    let aborted = false;
    const stop = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Exited already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const abort = () => {
      aborted = true;
      stop();
    };
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError(`${command} could not start: ${error.message}`, 'not_started'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      // soffice.bin may outlive soffice: nothing of the group stays behind.
      stop();
      if (code === 0 && !timedOut && !aborted) {
        resolve(stdout);
        return;
      }
      const outcome = timedOut
        ? 'timed_out'
        : aborted
          ? 'aborted'
          : // A box passes on its command's death by signal N as exit 128 + N.
            signal !== null || (code ?? 0) >= 128
            ? 'crashed'
            : 'failed';
      const why = timedOut
        ? `took longer than ${String(Math.round(options.timeoutMs / 1000))} s`
        : `${outcome === 'crashed' ? 'crashed' : 'failed'} (${signal ?? `exit ${String(code)}`})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`;
      reject(new ToolError(`${command} ${why}`, outcome));
    });
  });
}

/** True when `command` is on the PATH and runs (`--help`, which every tool here answers). */
export async function toolExists(command: string, args = ['--help']): Promise<boolean> {
  try {
    await runTool(command, args, { timeoutMs: 20_000 });
    return true;
  } catch (error) {
    // A tool whose --help exits non-zero still ran: only one that never started is absent.
    return error instanceof ToolError && error.outcome !== 'not_started';
  }
}

/** True when `command` is an executable file on the PATH: found without running it. */
export async function onPath(command: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      await access(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // Not in this one.
    }
  }
  return false;
}

/**
 * Runs `work` in a new private temporary directory, removed afterwards whatever happens.
 *
 * @example await inTempDir('enquiry-heic-', (dir) => convertIn(dir))
 */
export async function inTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
