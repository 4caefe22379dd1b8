/**
 * The box a document converter runs in: bubblewrap (`bwrap`) with every namespace new (no
 * network, not even loopback; its own PIDs), only the programs (`/usr`), fonts and
 * LibreOffice's settings visible read-only, a private `/tmp`, the job's folder and the worker's
 * profile, and an environment of HOME, PATH and the language alone. `--die-with-parent` ends
 * the box when the proxy dies. Outside it, `prlimit` caps its address space (so no process of
 * it holds more than CONVERT_MEMORY_MB) and its CPU time.
 *
 * The box is proven at start, never assumed: a command in it must run *and* fail to connect to
 * a listener the proxy opens on 127.0.0.1. Where that cannot be shown, documents are not
 * converted at all.
 */
import { once } from 'node:events';
import { createServer } from 'node:net';
import { newFolder, removeFolder } from './job-folders.ts';
import { runTool } from './run-tool.ts';

/** Where the job's folder is seen inside the box. */
export const JOB_IN_BOX = '/job';
/** Where the worker's LibreOffice profile is seen inside the box. */
export const PROFILE_IN_BOX = '/profile';

/** The limits every run in the box has. */
export interface BoxLimits {
  memoryMb: number;
  /** CPU seconds (the wall clock is runTool's timeout). */
  cpuSeconds: number;
}

/** Only what the tools need: no secret of the proxy's reaches them. */
const BOX_ENV = {
  HOME: JOB_IN_BOX,
  PATH: '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
} as const;

/** The environment `prlimit` and `bwrap` themselves start with (they are found on the PATH). */
export const launcherEnv = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? '/usr/bin' });

/**
 * The command line that runs `command` boxed, with `job` and `profile` (folders outside) seen
 * as `/job` and `/profile`.
 *
 * @example boxed(['soffice', '--headless'], { job, profile }, { memoryMb: 1024, cpuSeconds: 60 })
 */
export function boxed(
  command: readonly string[],
  { job, profile }: { job: string; profile: string },
  { memoryMb, cpuSeconds }: BoxLimits,
): string[] {
  return [
    'prlimit',
    `--as=${String(memoryMb * 1024 * 1024)}`,
    `--cpu=${String(cpuSeconds)}`,
    '--',
    'bwrap',
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...Object.entries(BOX_ENV).flatMap(([name, value]) => ['--setenv', name, value]),
    '--ro-bind',
    '/usr',
    '/usr',
    ...['bin', 'lib', 'lib64', 'sbin'].flatMap((dir) => ['--symlink', `usr/${dir}`, `/${dir}`]),
    ...['/etc/fonts', '/etc/libreoffice', '/etc/ld.so.cache'].flatMap((path) => [
      '--ro-bind-try',
      path,
      path,
    ]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--bind',
    job,
    JOB_IN_BOX,
    '--bind',
    profile,
    PROFILE_IN_BOX,
    '--chdir',
    JOB_IN_BOX,
    '--',
    ...command,
  ];
}

/** What the proof at start found: the box works, or why not. */
export type BoxProof = { proven: true } | { proven: false; why: string };

/**
 * Runs a shell in the box that says it ran, then tries to reach a listener on 127.0.0.1. Proven
 * when it ran, did not connect, and the listener saw no connection.
 */
export async function proveBox(workRoot: string, limits: BoxLimits): Promise<BoxProof> {
  const listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  let connections = 0;
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const { port } = listener.address() as { port: number };
  let dir: string | undefined;
  try {
    dir = await newFolder(workRoot, 'proof');
    const script = `echo ran; if echo probe >/dev/tcp/127.0.0.1/${String(port)}; then echo connected; fi; exit 0`;
    const [command = 'prlimit', ...args] = boxed(
      ['bash', '-c', script],
      { job: dir, profile: dir },
      limits,
    );
    const said = await runTool(command, args, { timeoutMs: 20_000, env: launcherEnv() });
    if (!said.includes('ran')) return { proven: false, why: 'a command in the box did not run' };
    if (said.includes('connected') || connections > 0)
      return { proven: false, why: 'a command in the box reached 127.0.0.1: it has the network' };
    return { proven: true };
  } catch (error) {
    return {
      proven: false,
      why: `the box (prlimit, bwrap) could not run: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    listener.close();
    if (dir !== undefined) await removeFolder(dir);
  }
}
