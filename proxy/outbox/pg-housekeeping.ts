/**
 * Housekeeping of the PostgreSQL outbox: what the retention schedule deletes, in batches of a
 * few hundred rows, each its own short transaction, so a purge of a busy month never holds
 * locks or bloats one transaction; rows being deleted by another instance are skipped.
 * Autovacuum then reclaims the space (tuned for `file_chunks` in the schema).
 */
import type pg from 'pg';
import type { OutboxStore } from './store.ts';

/** Rows deleted per transaction. */
export const PURGE_BATCH = 200;

type HousekeepingMethods = Pick<
  OutboxStore,
  'purgeDelivered' | 'purgeNotifiedDead' | 'purgeSpam' | 'purgeSpentFormTokens'
>;

/** Deletes, batch by batch, the submissions `where` picks (`$1` is the cutoff); returns how many. */
async function purgeSubmissions(pool: pg.Pool, where: string, before: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `WITH doomed AS (
         SELECT id FROM submissions WHERE ${where} ORDER BY id LIMIT ${String(PURGE_BATCH)}
         FOR UPDATE SKIP LOCKED)
       DELETE FROM submissions USING doomed WHERE submissions.id = doomed.id`,
      [before],
    );
    purged += rowCount ?? 0;
    if ((rowCount ?? 0) < PURGE_BATCH) return purged;
  }
}

/** The purges of the shared store. */
export function pgHousekeeping(pool: pg.Pool): HousekeepingMethods {
  return {
    purgeDelivered: (before) =>
      purgeSubmissions(pool, `state = 'delivered' AND delivered_at < $1`, before),
    purgeSpam: (before) => purgeSubmissions(pool, `state = 'spam' AND received_at < $1`, before),
    // Only dead letters the firm was told of (their notifications queued).
    purgeNotifiedDead: (before) =>
      purgeSubmissions(pool, `state = 'dead' AND notified_at IS NOT NULL AND dead_at < $1`, before),
    async purgeSpentFormTokens(now) {
      const tokens = await pool.query('DELETE FROM spent_form_tokens WHERE expires_at < $1', [now]);
      // Buckets untouched for an hour are full again: forgetting them changes no verdict.
      await pool.query('DELETE FROM rate_buckets WHERE updated_at < $1', [now - 3_600_000]);
      await pool.query('DELETE FROM instances WHERE alive_until < $1', [now - 3_600_000]);
      return tokens.rowCount ?? 0;
    },
  };
}
