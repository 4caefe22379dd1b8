/**
 * Group commit for the SQLite outbox. better-sqlite3 commits on the event loop's thread, so with
 * `synchronous = FULL` every commit stood the whole proxy still for an fsync: one per accept and
 * four more per delivery. Now two things share that cost:
 *
 * - Writes asked for in the same turn of the event loop share one transaction. Each still runs
 *   alone in a savepoint, so one that throws (a lost lease, a spent token) undoes only itself.
 * - Given `sync`, the database runs with `synchronous = NORMAL` (a commit writes the WAL without
 *   waiting for the disk) and `sync` flushes the WAL file in the background, on libuv's threads:
 *   the same fsync SQLite's FULL makes at the end of each commit, while the event loop goes on
 *   with other requests. The writes asked for while a flush runs wait for it, then go in one
 *   commit and one flush: they would have waited for that flush to end anyway, and one commit
 *   writes each page they share (a table's last leaf, its indexes' pages) to the WAL once, not
 *   once per commit.
 *
 * Either way each caller's promise settles only once its write is on disk: a visitor is never
 * answered before their enquiry is. A failed flush rejects every write it was to make durable.
 */
import type Database from 'better-sqlite3';
import { open, type FileHandle } from 'node:fs/promises';

/** Runs `write` in the next group commit; resolves with its result once that commit is durable. */
export type GroupWrite = <T>(write: () => T) => Promise<T>;

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What a group commit is built with. */
export interface GroupCommitOptions {
  /**
   * Flushes the database's WAL file to disk (an fsync of `<database>-wal`). Without it each
   * commit waits for its own fsync, as `synchronous = FULL` makes it.
   */
  sync?: () => Promise<void>;
}

/** Opens a group-commit writer on `db`; `stats` counts commits, writes and flushes for the tests. */
export function groupCommit(
  db: Database.Database,
  options: GroupCommitOptions = {},
): GroupWrite & { stats: GroupStats } {
  let pending: Pending[] = [];
  /** The flush of the last commit, while it runs. */
  let flushing: Promise<void> | undefined;
  const stats: GroupStats = { commits: 0, writes: 0, syncs: 0 };
  db.pragma(options.sync ? 'synchronous = NORMAL' : 'synchronous = FULL');
  // Called inside the batch's transaction, better-sqlite3 makes this a savepoint.
  const alone = db.transaction((write: () => unknown) => write());
  // What each write gave or threw, in order; known once the batch's COMMIT has returned.
  const batch = db.transaction((writes: readonly Pending[]) =>
    writes.map(({ write }) => {
      try {
        return { ok: true, value: alone(write) };
      } catch (error) {
        return { ok: false, value: error };
      }
    }),
  );

  const flush = () => {
    const writes = pending;
    pending = [];
    let settled: { ok: boolean; value: unknown }[];
    try {
      settled = batch(writes);
    } catch (error) {
      // The commit itself failed (a full disk): nothing of the batch is stored.
      for (const { reject } of writes) reject(error);
      return;
    }
    stats.commits += 1;
    stats.writes += writes.length;
    const answer = () => {
      writes.forEach(({ resolve, reject }, i) => {
        const outcome = settled[i];
        if (outcome?.ok) resolve(outcome.value);
        else reject(outcome?.value);
      });
    };
    if (!options.sync) {
      answer();
      return;
    }
    stats.syncs += 1;
    flushing = options
      .sync()
      .then(answer, (error: unknown) => {
        // Committed but not known to be on disk: no caller may say it is stored.
        for (const { reject } of writes) reject(error);
      })
      .finally(() => {
        flushing = undefined;
        if (pending.length > 0) setImmediate(flush);
      });
  };

  const write = <T>(run: () => T) =>
    new Promise<T>((resolve, reject) => {
      // setImmediate runs after this turn's I/O callbacks: every request that arrived meanwhile
      // has had its chance to join. While a flush runs, the end of that flush sends the batch.
      if (pending.length === 0 && !flushing) setImmediate(flush);
      pending.push({ write: run, resolve: resolve as (value: unknown) => void, reject });
    });
  return Object.assign(write, { stats });
}

/** How many commits carried how many writes (`writes / commits`), and how many flushes ran. */
export interface GroupStats {
  commits: number;
  writes: number;
  syncs: number;
}

/**
 * Flushes of the WAL file of the database at `databasePath` (`datasync`, as SQLite's own FULL
 * does), the file opened on the first flush: SQLite made it when the database opened.
 */
export function walFlusher(databasePath: string): {
  sync: () => Promise<void>;
  close: () => Promise<void>;
} {
  let handle: Promise<FileHandle> | undefined;
  return {
    async sync() {
      handle ??= open(`${databasePath}-wal`, 'r');
      const file = await handle.catch((error: unknown) => {
        handle = undefined; // tried again next time
        throw error;
      });
      await file.datasync();
    },
    async close() {
      await (await handle)?.close();
    },
  };
}
