/**
 * One proxy process per `DATA_DIR`, by a lock the kernel keeps for us: an open SQLite connection
 * holding an exclusive transaction on `DATA_DIR/proxy.lock.sqlite` (a POSIX record lock
 * underneath). When the process dies, however it dies, the kernel drops the lock with it, so a
 * restart never finds a stale lock, whatever its PID (the PID file this replaces could name PID
 * 1 again after a container restart, or a process that has since taken that PID). Two processes
 * started together cannot both take it: SQLite's locking is atomic.
 *
 * Holding the lock is what makes it safe, at start, to take over the leases a crashed
 * predecessor left in the outbox.
 */
import { chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** A held lock; `release()` gives it back (closing the process does too). */
export interface DataDirLock {
  release(): void;
}

/** How long to keep trying, and what to say meanwhile. */
export interface LockOptions {
  /** Give up after this long (default: never; a rolling restart waits for the old process). */
  waitMs?: number;
  /** How often to try again. */
  pollMs?: number;
  /** Told, about every `noticeMs`, that another process still holds the directory. */
  onWait?: (waitedMs: number) => void;
  noticeMs?: number;
}

/** Another live proxy holds the directory and we stopped waiting. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

const LOCK_FILE = 'proxy.lock.sqlite';
/** The PID file of earlier versions: meaningless now, removed once we hold the real lock. */
const OLD_LOCK_FILE = 'proxy.lock';

/** Takes the lock if nobody holds it; undefined when another live process does. */
export function tryLockDataDir(dir: string): DataDirLock | undefined {
  const path = join(dir, LOCK_FILE);
  const db = new Database(path, { timeout: 0 });
  try {
    chmodSync(path, 0o600);
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  rmSync(join(dir, OLD_LOCK_FILE), { force: true });
  return {
    release: () => {
      if (!db.open) return;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

/**
 * Takes the lock, waiting while another live process holds it.
 *
 * @example const lock = await lockDataDir(env.DATA_DIR, { onWait: (ms) => log.warn({ ms }, 'waiting') });
 */
export async function lockDataDir(dir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const { waitMs = Infinity, pollMs = 250, onWait, noticeMs = 10_000 } = options;
  const started = Date.now();
  let noticed = 0;
  for (;;) {
    const lock = tryLockDataDir(dir);
    if (lock) return lock;
    const waited = Date.now() - started;
    if (waited >= waitMs) {
      throw new DataDirLockedError(
        `another proxy is using DATA_DIR ${dir}: run one proxy per data directory, or set DATABASE_URL to share a PostgreSQL outbox`,
      );
    }
    if (waited - noticed >= noticeMs || noticed === 0) {
      noticed = Math.max(waited, 1);
      onWait?.(waited);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
