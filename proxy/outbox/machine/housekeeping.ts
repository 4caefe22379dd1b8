/**
 * What the retention schedule forgets, written once for both databases. Submissions are
 * deleted in batches, each its own short write, so a purge of a busy month never holds locks
 * long (on PostgreSQL skipping rows another instance is deleting); their files' bytes are the
 * driver's to drop.
 */
import { all, run, type Dialect, type Plan } from './plan.ts';

/** Rows deleted per batch. */
export const PURGE_BATCH = 200;

/** Which submissions each purge deletes (`@before` is the cutoff). */
export const PURGES = {
  delivered: `state = 'delivered' AND delivered_at < @before`,
  spam: `state = 'spam' AND received_at < @before`,
  // Only dead letters the firm was told of (their notifications queued).
  notifiedDead: `state = 'dead' AND notified_at IS NOT NULL AND dead_at < @before`,
} as const;

/** The housekeeping statements, in `d`'s spelling. */
export function housekeeping(d: Dialect) {
  return {
    /**
     * Deletes one batch of the submissions `purge` picks, with the webhook messages about them
     * (their bodies carry the enquiry); returns the ids deleted.
     */
    *purgeBatch(purge: keyof typeof PURGES, before: number): Plan<number[]> {
      const rows = yield* all<{ id: number; reference: string }>(
        `WITH doomed AS MATERIALIZED (
           SELECT id AS doomed_id FROM submissions WHERE ${PURGES[purge]}
           ORDER BY id LIMIT ${String(PURGE_BATCH)} ${d.skipLocked})
         DELETE FROM submissions WHERE id IN (SELECT doomed_id FROM doomed) RETURNING id, reference`,
        { before },
      );
      if (rows.length > 0)
        yield* run(`DELETE FROM webhook_deliveries WHERE ${d.inList('reference', '@references')}`, {
          references: rows.map((row) => row.reference),
        });
      return rows.map((row) => row.id);
    },
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
