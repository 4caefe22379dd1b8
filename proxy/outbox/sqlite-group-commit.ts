/**
 * Group commit for the SQLite outbox. With `synchronous = FULL` every commit waits for an
 * fsync, and better-sqlite3 waits on the event loop's thread: one transaction per write meant
 * one fsync per accept and four more per delivery, with every other request standing still
 * meanwhile. Writes asked for in the same turn of the event loop now share one transaction and
 * one fsync. Each write still runs alone in a savepoint, so one that throws (a lost lease, a
 * spent token) undoes only itself, and each caller's promise settles only after the commit that
 * made its write durable: a visitor is never answered before their enquiry is on disk.
 */
import type Database from 'better-sqlite3';

/** Runs `write` in the next group commit; resolves with its result once that commit is done. */
export type GroupWrite = <T>(write: () => T) => Promise<T>;

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Opens a group-commit writer on `db`; `stats` counts commits and writes for the tests. */
export function groupCommit(db: Database.Database): GroupWrite & { stats: GroupStats } {
  let pending: Pending[] = [];
  const stats: GroupStats = { commits: 0, writes: 0 };
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
    writes.forEach(({ resolve, reject }, i) => {
      const outcome = settled[i];
      if (outcome?.ok) resolve(outcome.value);
      else reject(outcome?.value);
    });
  };

  const write = <T>(run: () => T) =>
    new Promise<T>((resolve, reject) => {
      // setImmediate runs after this turn's I/O callbacks: every request that arrived meanwhile
      // has had its chance to join.
      if (pending.length === 0) setImmediate(flush);
      pending.push({ write: run, resolve: resolve as (value: unknown) => void, reject });
    });
  return Object.assign(write, { stats });
}

/** How many commits carried how many writes: `writes / commits` is the batch size. */
export interface GroupStats {
  commits: number;
  writes: number;
}
