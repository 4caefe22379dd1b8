/**
 * The notification queue, written once for both databases, beside the submissions it is about:
 * queueing and marking the lead as notified is one transaction, and a key queued before is
 * never queued again.
 */
import type {
  Channel,
  NewNotification,
  NotificationOutcome,
  QueuedNotification,
} from '../notification.ts';
import { notificationValues, toNotification, type NotificationRow } from '../rows.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';

/**
 * The kinds of a saved enquiry's emails (`drafts.ts`), and of an unfinished enquiry's reminder
 * whose link opens like one (`unfinished-chores.ts`): each holds a link's key, and goes once sent
 * or given up.
 */
export const DRAFT_EMAILS = `'draft.link', 'draft.code', 'draft.reminder'`;

/** How long a notification taken for sending is hidden from other instances' notifiers. */
const SENDING_MS = 60_000;

/** The notification statements, in `d`'s spelling. */
export function notifications(d: Dialect) {
  function* rows(sql: string, params: Record<string, unknown>): Plan<QueuedNotification[]> {
    return (yield* all<NotificationRow>(sql, params)).map(toNotification);
  }
  /** The notifications `where` picks, in the order `then` says: every read of the queue. */
  const notificationsWhere = (
    where: string,
    params: Record<string, unknown>,
    then = 'ORDER BY id',
  ) => rows(`SELECT * FROM notifications WHERE ${where} ${then}`, params);
  /** Deletes the notifications `where` picks; answers how many: every deletion from the queue. */
  const deleteNotificationsWhere = (where: string, params: Record<string, unknown> = {}) =>
    run(`DELETE FROM notifications WHERE ${where}`, params);
  return {
    notificationsWhere,
    deleteNotificationsWhere,
    /**
     * Queues notifications and, given `lead`, marks it notified; returns how many were new. One
     * about a submission is tied to it (and goes with it), and is queued only while the
     * submission is held: a notifier that read a lead just before it was erased queues nothing,
     * and one meeting an erasure under way waits for it (as `queueWebhooks` does).
     */
    *queueNotifications(queue: NewNotification[], lead?: { reference: string }): Plan<number> {
      let queued = 0;
      for (const row of queue) {
        const [key, channel, kind, reference, payload, at] = notificationValues(row);
        queued += yield* run(
          `INSERT INTO notifications
             (key, channel, kind, reference, submission_id, payload, created_at, next_attempt_at)
           SELECT @key, @channel, @kind, @reference,
             (SELECT id FROM submissions WHERE reference = @reference), @payload, @at, @at
           WHERE CAST(@reference AS TEXT) IS NULL
             OR EXISTS (SELECT 1 FROM submissions WHERE reference = @reference ${d.forKeyShare})
           ON CONFLICT (key) DO NOTHING`,
          { key, channel, kind, reference, payload, at },
        );
      }
      if (lead)
        yield* run('UPDATE submissions SET notified_at = @at WHERE reference = @reference', {
          at: queue[0]?.at ?? Date.now(),
          reference: lead.reference,
        });
      return queued;
    },
    /**
     * Pending notifications due at `now`, oldest first. Where several instances each run a
     * notifier (PostgreSQL), taking one hides it from the others for a minute, as a queue's
     * visibility timeout does, so it is sent once; if its sender dies, it is due again then.
     */
    *dueNotifications(now: number, limit: number, channel?: Channel): Plan<QueuedNotification[]> {
      // One channel at a time when asked: a hung mail server never holds a webhook back.
      const due = `state = 'pending' AND next_attempt_at <= @now
        AND (CAST(@channel AS TEXT) IS NULL OR channel = @channel)
        ORDER BY next_attempt_at, id LIMIT @limit`;
      const params = { now, limit, channel: channel ?? null };
      if (!d.skipLocked) return yield* notificationsWhere(due, params, '');
      const taken = yield* rows(
        `WITH due AS (SELECT id FROM notifications WHERE ${due} ${d.skipLocked})
         UPDATE notifications SET next_attempt_at = @now + ${String(SENDING_MS)}
         FROM due WHERE notifications.id = due.id RETURNING notifications.*`,
        params,
      );
      return taken.sort((a, b) => a.id - b.id);
    },
    /** When the next pending notification is due, or null. */
    *nextNotificationAt(): Plan<number | null> {
      const row = yield* one<{ at: number | null }>(
        `SELECT MIN(next_attempt_at) AS at FROM notifications WHERE state = 'pending'`,
      );
      return row?.at ?? null;
    },
    /** Records how one try to send a notification ended. */
    *finishNotification(id: number, outcome: NotificationOutcome): Plan<void> {
      if (outcome.kind === 'sent')
        yield* run(
          `UPDATE notifications SET state = 'sent', sent_at = @at, attempts = attempts + 1,
             last_error = NULL WHERE id = @id`,
          { id, at: outcome.at },
        );
      else if (outcome.kind === 'retry')
        yield* run(
          `UPDATE notifications SET next_attempt_at = @at, attempts = attempts + 1, last_error = @error
           WHERE id = @id`,
          { id, at: outcome.at, error: outcome.error },
        );
      else
        yield* run(
          `UPDATE notifications SET state = 'failed', attempts = attempts + 1, last_error = @error
           WHERE id = @id`,
          { id, error: outcome.error },
        );
      // A saved enquiry's email carries its link's key: kept no longer than it is needed.
      if (outcome.kind !== 'retry')
        yield* deleteNotificationsWhere(`id = @id AND kind IN (${DRAFT_EMAILS})`, { id });
    },
    /** Every notification about one submission. */
    notificationsFor: (reference: string) =>
      notificationsWhere('reference = @reference', { reference }),
  };
}
