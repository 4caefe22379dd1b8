/**
 * What the retention schedule forgets, written once for both databases. Submissions are
 * deleted in batches, each its own short write, so a purge of a busy month never holds locks
 * long (on PostgreSQL skipping rows another instance is deleting); their files' bytes are the
 * driver's to drop; their notifications go with them (the database's cascade). Their webhook
 * deliveries follow them once finished, at a chore of their own.
 */
import { all, run, type Dialect, type Plan } from './plan.ts';

/** Rows deleted per batch. */
const PURGE_BATCH = 200;

/**
 * Not while a notification about it is still being sent: its notifications go with the
 * submission (`notificationSubmission` in `tables.ts`), and the firm's or the visitor's email
 * must not go before it has left.
 */
const NOTHING_PENDING = `NOT EXISTS (SELECT 1 FROM notifications n
  WHERE n.submission_id = submissions.id AND n.state = 'pending')`;

/** Which submissions each purge deletes (`@before` is the cutoff). */
export const PURGES = {
  delivered: `state = 'delivered' AND delivered_at < @before AND ${NOTHING_PENDING}`,
  spam: `state = 'spam' AND received_at < @before`,
  // Only dead letters the firm was told of (their notifications queued, and sent or given up).
  notifiedDead: `state = 'dead' AND notified_at IS NOT NULL AND dead_at < @before AND ${NOTHING_PENDING}`,
} as const;

/**
 * The ids of the next batch `purge` deletes (`@before`), oldest first: what the batch deletes,
 * and where a store looks for the bytes of the files that go with it.
 */
export const purgeBatchIds = (purge: keyof typeof PURGES) =>
  `SELECT id AS doomed_id FROM submissions WHERE ${PURGES[purge]}
   ORDER BY id LIMIT ${String(PURGE_BATCH)}`;

/** Runs `batch` until one deletes less than a full batch; returns how many went in all. */
export async function inBatches(batch: () => Promise<number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await batch();
    deleted += count;
    if (count < PURGE_BATCH) return deleted;
  }
}

/** The housekeeping statements, in `d`'s spelling. */
export function housekeeping(d: Dialect) {
  return {
    /** Deletes one batch of the submissions `purge` picks; returns the ids deleted. */
    *purgeBatch(purge: keyof typeof PURGES, before: number): Plan<number[]> {
      const rows = yield* all<{ id: number }>(
        `WITH doomed AS MATERIALIZED (${purgeBatchIds(purge)} ${d.skipLocked})
         DELETE FROM submissions WHERE id IN (SELECT doomed_id FROM doomed) RETURNING id`,
        { before },
      );
      return rows.map((row) => row.id);
    },
    /**
     * Deletes one batch of webhook deliveries that are finished (delivered or given up) and
     * whose submission (or unfinished record, `unfinished.ts`) is gone: each is kept as long as
     * what it is about, so the lead's page shows
     * what its webhooks did, and the producer never owes a kept submission its event again. A
     * pending one is never deleted (its body holds all it needs); it goes at a purge after it ends.
     */
    purgeWebhookBatch: () =>
      run(
        `WITH doomed AS MATERIALIZED (
           SELECT id AS doomed_id FROM webhook_deliveries w
           WHERE state IN ('delivered', 'dead')
             AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.reference = w.reference)
             AND NOT EXISTS (SELECT 1 FROM unfinished u WHERE u.id = w.reference)
           ORDER BY id LIMIT ${String(PURGE_BATCH)} ${d.skipLocked})
         DELETE FROM webhook_deliveries WHERE id IN (SELECT doomed_id FROM doomed)`,
      ),
    /** Forgets spent tokens that would be refused as expired anyway. */
    purgeSpentFormTokens: (now: number) =>
      run('DELETE FROM spent_form_tokens WHERE expires_at < @now', { now }),
    /** Drops every lease (a start, when this process is the only one using the store). */
    releaseAllLeases: () =>
      run(
        `UPDATE submissions SET lease_owner = NULL, lease_until = NULL, lease_token = lease_token + 1
         WHERE lease_owner IS NOT NULL`,
      ),
  };
}
