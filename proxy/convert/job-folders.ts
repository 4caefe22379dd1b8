/**
 * Where conversions keep their files: one folder under `$TMPDIR/enquiry-convert/` for each job
 * and each worker profile, named after the proxy's PID, and beside a running job a `.pid` record
 * of its box's process group. A proxy killed with SIGKILL leaves them behind; the next start
 * sweeps every folder whose proxy is gone (its own PID included: in a container it is the same
 * each time) and ends any box still running from it.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder all conversions' folders are in. */
export const conversionRoot = (): string => join(tmpdir(), 'enquiry-convert');

/** A new private folder for `label` (`job`, `profile`) under `root`. */
export async function newFolder(root: string, label: string): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  return mkdtemp(join(root, `${String(process.pid)}-${label}-`));
}

/** Notes the process group a box runs as, beside its job folder. */
export async function recordBox(folder: string, pid: number): Promise<void> {
  await writeFile(`${folder}.pid`, String(pid));
}

/** Removes a folder and its record. */
export async function removeFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await rm(`${folder}.pid`, { force: true });
}

/**
 * Ends the boxes and removes the folders of proxies no longer running; what it swept.
 *
 * @example await sweepLeftovers(conversionRoot()) // ['4711-job-a1b2c3']
 */
export async function sweepLeftovers(root: string): Promise<string[]> {
  const names = await readdir(root).catch(() => []);
  const swept: string[] = [];
  for (const name of names) {
    const owner = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(owner) || (owner !== process.pid && alive(owner))) continue;
    if (name.endsWith('.pid')) await endBox(join(root, name));
    await rm(join(root, name), { recursive: true, force: true });
    swept.push(name);
  }
  return swept;
}

/** Kills the recorded group when its leader is still a box (not a PID used again since). */
async function endBox(record: string): Promise<void> {
  const pid = Number(await readFile(record, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 1) return;
  const command = await readFile(`/proc/${String(pid)}/cmdline`, 'utf8').catch(() => '');
  const program = command.split('\0')[0]?.split('/').pop();
  if (program !== 'bwrap' && program !== 'prlimit') return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
