/** What an operator does to the outbox (`npm run outbox -- retry | skip`), written once for both databases. */
import type { RequeueOutcome } from '../submission.ts';
import { one, run, type Dialect, type Plan } from './plan.ts';
import { reads as submissionReads } from './reads.ts';

/** The operator's transitions, in `d`'s spelling. */
export function operator(d: Dialect) {
  const reads = submissionReads(d);
  return {
    /**
     * Makes a dead, spam or waiting submission due now with a fresh retry schedule; never one
     * being delivered at this moment, nor a delivered one.
     */
    *requeue(reference: string, now: number, only?: { file: number }): Plan<RequeueOutcome> {
      const existing = yield* reads.get(reference);
      if (!existing) return { kind: 'not_found' };
      // An operator's retry keeps pending_step: if the last attempt died mid-step, the next
      // one must still count it as of unknown outcome.
      const changed = yield* run(
        `UPDATE submissions SET state = 'queued', attempts = 0, next_attempt_at = @now, retry_from = @now,
           lease_owner = NULL, lease_until = NULL, notified_at = NULL
         WHERE id = @id AND state IN ('dead', 'spam', 'queued', 'partial')
           AND (lease_until IS NULL OR lease_until <= @now)`,
        { id: existing.id, now },
      );
      if (changed !== 1)
        return {
          kind: existing.state === 'delivered' ? 'delivered' : 'in_delivery',
          submission: existing,
        };
      // Spam let through: its receipt no longer says it never reached the firm.
      if (existing.state === 'spam')
        yield* run(
          'UPDATE receipts SET released_at = @now WHERE reference = @reference AND released_at IS NULL',
          { now, reference },
        );
      // A retried file is sent again; no `only` retries every refused one.
      yield* run(
        `UPDATE files SET failed_reason = NULL, answered_at = NULL
         WHERE submission_id = @id AND skipped = 0 AND (CAST(@file AS INTEGER) IS NULL OR idx = @file)`,
        { id: existing.id, file: only?.file ?? null },
      );
      if (d.wakeWorkers) yield* run(d.wakeWorkers);
      return { kind: 'requeued', submission: yield* reads.byId(existing.id) };
    },
    /**
     * Leaves a refused file out; a `partial` submission with no refused file left becomes
     * `delivered`. Returns the submission's id, or null when it has no refused file at `index`
     * (the file's bytes are the driver's to drop).
     */
    *skipFile(reference: string, index: number): Plan<number | null> {
      const row = yield* one<{ id: number }>(
        'SELECT id FROM submissions WHERE reference = @reference',
        {
          reference,
        },
      );
      if (!row) return null;
      const skipped = yield* run(
        `UPDATE files SET skipped = 1
         WHERE submission_id = @id AND idx = @index AND failed_reason IS NOT NULL AND skipped = 0`,
        { id: row.id, index },
      );
      if (skipped !== 1) return null;
      yield* run(
        `UPDATE submissions SET state = 'delivered' WHERE id = @id AND state = 'partial'
           AND NOT EXISTS (SELECT 1 FROM files WHERE submission_id = @id
             AND failed_reason IS NOT NULL AND skipped = 0)`,
        { id: row.id },
      );
      return row.id;
    },
    /** Makes every queued submission nobody holds due at `now`; returns how many. */
    expediteQueued: (now: number) =>
      run(
        `UPDATE submissions SET next_attempt_at = @now
         WHERE state = 'queued' AND next_attempt_at > @now AND (lease_until IS NULL OR lease_until <= @now)`,
        { now },
      ),
  };
}
