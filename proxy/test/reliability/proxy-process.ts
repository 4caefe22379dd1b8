/**
 * The proxy as a child process, for the suites that kill it, race two of it, or watch it shut
 * down: started from the compiled build when there is one (`npm run build` runs before the unit
 * tests in `npm test`), else from the sources through tsx. Every child is killed, by its PID,
 * when the test file ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll } from 'vitest';

/** One proxy process. */
export interface ProxyProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the URL once it listens; rejects if it exits first. */
  listening: Promise<string>;
  /** Every log line's `msg`, as it comes. */
  messages: string[];
  /** Every log line, parsed. */
  entries: LogEntry[];
  /** The end of what it wrote to stderr (a crash's stack). */
  stderrTail(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | string | null>;
}

/** One line of a proxy's log (`time` an ISO string). */
export type LogEntry = { msg?: string; time?: string } & Record<string, unknown>;

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

const COMPILED = 'dist/proxy/main.js';

/**
 * Starts a proxy with `env` (on top of this process's environment). `before`, when given, is
 * JavaScript run in the child first, with `process` in scope (to plant a stale lock, say).
 */
export function startProxyProcess(env: Record<string, string>, before?: string): ProxyProcess {
  const entry = existsSync(COMPILED) ? COMPILED : 'proxy/main.ts';
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const args = before
    ? [...loader, '--input-type=module', '-e', `${before}\nawait import('./${entry}');`]
    : [...loader, entry];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const messages: string[] = [];
  const entries: LogEntry[] = [];
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    });
  });
  const listening = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        return;
      }
      entries.push(entry);
      messages.push(entry.msg ?? '');
      if (entry.msg === 'proxy listening' && typeof entry.url === 'string') resolve(entry.url);
    });
    void exited.then((code) => {
      reject(new Error(`proxy exited (${String(code)}) before listening: ${messages.join(' | ')}`));
    });
  });
  // Unhandled when the test never waits for it (a process meant to stay waiting).
  listening.catch(() => undefined);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stderrTail = () => stderr;
  return { child, pid: child.pid ?? 0, listening, messages, entries, stderrTail, exited };
}

/** Kills with `signal` and waits for the exit. */
export async function kill(proxy: ProxyProcess, signal: NodeJS.Signals = 'SIGKILL') {
  proxy.child.kill(signal);
  return proxy.exited;
}

/** Polls `check` until it is true or `ms` pass; true when it became true. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms: number, every = 50) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return check();
}
