/**
 * One proxy process per `DATA_DIR`. The outbox hands out deliveries by lease and, on start,
 * takes over leases left by a crash: a second process on the same directory would take over the
 * first one's deliveries while they run, and send them twice.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Another proxy is using this data directory. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `DATA_DIR/proxy.lock` (a lock left by a process that is gone is taken over); returns
 * the function that gives it back.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, 'proxy.lock');
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(
          `another proxy (process ${holder}) is using DATA_DIR ${dir}: run one proxy per data directory (if none is running, delete ${path})`,
        );
      }
      unlinkSync(path);
    }
  }
  throw new DataDirLockedError(`could not take ${path}`);
}
