/**
 * What happens to unfinished enquiries without their visitor, written once for both databases:
 * each erased `keepDays` after its last change (gone, with what copies it, and counted), a
 * reminder sent once when it is due (its sealed copy and its email in one transaction, only
 * while the record is kept and none was sent), and a record erased by the firm.
 */
import { type DueReminder, type ReminderSent, UNFINISHED_TOTALS } from '../unfinished.ts';
import { recordAudit, type AuditRecord } from './audit.ts';
import { confirmations } from './confirmations.ts';
import { all, run, type Dialect, type Plan } from './plan.ts';
import { toUnfinished, type UnfinishedRow } from './unfinished-reads.ts';
import { addToTotal, ENDING_COLUMNS, unfinishedEnds, type EndingRow } from './unfinished.ts';

/**
 * The `seq` of a record the firm erased: higher than any page counts to, so that a page still
 * open cannot keep it again under the same id (a new tick there starts a new record).
 */
const ERASED_FOR_GOOD = 2 ** 52;

/** The chores' plans, in `d`'s spelling. */
export function unfinishedChores(d: Dialect) {
  const { forgetCopies, endRecord, endingRows } = unfinishedEnds(d);
  const queue = confirmations(d);
  return {
    /**
     * Deletes up to `limit` rows past their `expires_at`, oldest first, each with what copies
     * it: a kept record's `keepDays` after its last change, the end of a row that only stayed
     * without its visitor's data. Answers how many rows went, and how many of them were kept
     * (added to the status page's total of records expired).
     */
    *expireUnfinished(now: number, limit: number): Plan<{ rows: number; kept: number }> {
      const rows = yield* all<EndingRow>(
        `SELECT ${ENDING_COLUMNS} FROM unfinished WHERE expires_at <= @now
         ORDER BY expires_at LIMIT @limit ${d.skipLocked}`,
        { now, limit },
      );
      for (const row of rows) {
        yield* forgetCopies(row, now, true);
        yield* run('DELETE FROM unfinished WHERE id = @id', { id: row.id });
      }
      const kept = rows.filter((row) => row.state === 'kept').length;
      if (kept > 0) yield* addToTotal(UNFINISHED_TOTALS.expired, kept);
      return { rows: rows.length, kept };
    },
    /** Up to `limit` kept records whose one reminder is due at `now`, the earliest first. */
    *dueReminders(now: number, limit: number): Plan<DueReminder[]> {
      const rows = yield* all<UnfinishedRow>(
        `SELECT * FROM unfinished WHERE state = 'kept' AND reminded_at IS NULL
           AND remind_at <= @now AND page IS NOT NULL
         ORDER BY remind_at LIMIT @limit`,
        { now, limit },
      );
      return rows.map((row) => ({ id: row.id, record: toUnfinished(row), page: row.page ?? '' }));
    },
    /**
     * Sends record `sent.id`'s reminder: its sealed copy kept as a saved enquiry (as long as the
     * record), the secret that copy carries kept beside the page's, and its email queued within
     * its quotas; all of it or nothing, and only while the record is kept, asked for one and has
     * had none. True when it went. A reminder its quotas refuse is not sent, and never will be
     * (`reminded_at` is set all the same): one reminder at most, never a late second try.
     */
    *recordReminder(sent: ReminderSent): Plan<boolean> {
      const { id, draft, now } = sent;
      const marked = yield* run(
        `UPDATE unfinished SET reminded_at = @now, link_secret_hash = @linkSecretHash,
           draft_id = @draftId, draft_email_key = @emailKey
         WHERE id = @id AND state = 'kept' AND reminded_at IS NULL AND remind_at <= @now`,
        {
          id,
          now,
          linkSecretHash: sent.linkSecretHash,
          draftId: draft.id,
          emailKey: sent.emailKeyPrefix,
        },
      );
      if (marked !== 1) return false;
      if ((yield* queue.queueWithinQuotas(sent.email)) === 'over_limit') {
        yield* run(
          `UPDATE unfinished SET link_secret_hash = NULL, draft_id = NULL, draft_email_key = NULL
           WHERE id = @id`,
          { id },
        );
        return false;
      }
      yield* run(
        `INSERT INTO drafts (id, subject, write_hash, ciphertext, created_at, saved_at, expires_at)
         SELECT @draftId, @subject, @writeHash, @ciphertext, @now, @now, expires_at
         FROM unfinished WHERE id = @id`,
        {
          id,
          now,
          draftId: draft.id,
          subject: draft.subject,
          writeHash: draft.writeHash,
          ciphertext: draft.ciphertext,
        },
      );
      return true;
    },
    /**
     * Erases the kept record `id` for the firm (the console, `erase`, a person's request), noted
     * in the audit log by its id (no personal data): its row stays without the visitor's data
     * until the record would have expired, so that a page still open cannot keep it again.
     */
    *eraseUnfinishedRecord(
      id: string,
      at: number,
      client: string,
      who: Pick<AuditRecord, 'person' | 'role'> = {},
    ): Plan<boolean> {
      const [row] = yield* endingRows(`id = @id AND state = 'kept'`, { id });
      if (!row) return false;
      yield* endRecord(row, 'erased', { now: at, until: row.expires_at, seq: ERASED_FOR_GOOD });
      yield* addToTotal(UNFINISHED_TOTALS.erasedByFirm);
      yield* recordAudit({
        at,
        client,
        action: 'erase unfinished',
        reference: null,
        detail: `unfinished ${id}`,
        ...who,
      });
      return true;
    },
  };
}
