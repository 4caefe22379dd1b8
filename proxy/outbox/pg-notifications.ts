/**
 * The notifications of the PostgreSQL outbox, beside the submissions they are about: queueing
 * them and marking the lead as notified is one transaction, and a key queued by one instance
 * is never queued again by another.
 */
import type pg from 'pg';
import { inTransaction } from './pg-access.ts';
import {
  notificationValues,
  toNotification,
  type NotificationRow,
  type SubmissionRow,
} from './rows.ts';
import type { NotificationMethods } from './sqlite-notifications.ts';
import type { Submission } from './submission.ts';

/** How long a notification taken for sending is hidden from other instances' notifiers. */
const SENDING_MS = 60_000;

/** The notification half of the store, on `pool`. */
export function pgNotifications(
  pool: pg.Pool,
  submissions: (rows: SubmissionRow[]) => Promise<Submission[]>,
): NotificationMethods {
  const notifications = async (sql: string, params: unknown[]) =>
    (await pool.query<NotificationRow>(sql, params)).rows.map(toNotification);
  return {
    async leadsToNotify(limit) {
      const { rows } = await pool.query<SubmissionRow>(
        `SELECT * FROM submissions WHERE state IN ('dead', 'partial') AND notified_at IS NULL
         ORDER BY id LIMIT $1`,
        [limit],
      );
      return submissions(rows);
    },
    queueNotifications: (rows, lead) =>
      inTransaction(pool, async (db) => {
        let queued = 0;
        for (const row of rows) {
          const inserted = await db.query(
            `INSERT INTO notifications (key, channel, kind, reference, payload, created_at, next_attempt_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`,
            [...notificationValues(row)],
          );
          queued += inserted.rowCount ?? 0;
        }
        if (lead)
          await db.query('UPDATE submissions SET notified_at = $1 WHERE reference = $2', [
            rows[0]?.at ?? Date.now(),
            lead.reference,
          ]);
        return queued;
      }),
    // Several instances each run a notifier: taking a notification hides it from the others for
    // a minute (as a queue's visibility timeout does), so it is sent once; if the sender dies,
    // it is due again after that minute.
    dueNotifications: (now, limit, channel) =>
      notifications(
        `WITH due AS (
           SELECT id FROM notifications WHERE state = 'pending' AND next_attempt_at <= $1
             AND ($3::text IS NULL OR channel = $3)
           ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE notifications SET next_attempt_at = $1 + ${String(SENDING_MS)}
         FROM due WHERE notifications.id = due.id
         RETURNING notifications.*`,
        [now, limit, channel ?? null],
      ).then((taken) => taken.sort((a, b) => a.id - b.id)),
    async nextNotificationAt() {
      const { rows } = await pool.query<{ at: number | null }>(
        "SELECT min(next_attempt_at) AS at FROM notifications WHERE state = 'pending'",
      );
      return rows[0]?.at ?? null;
    },
    async finishNotification(id, outcome) {
      if (outcome.kind === 'sent')
        await pool.query(
          `UPDATE notifications SET state = 'sent', sent_at = $1, attempts = attempts + 1,
             last_error = NULL WHERE id = $2`,
          [outcome.at, id],
        );
      else if (outcome.kind === 'retry')
        await pool.query(
          `UPDATE notifications SET next_attempt_at = $1, attempts = attempts + 1, last_error = $2
           WHERE id = $3`,
          [outcome.at, outcome.error, id],
        );
      else
        await pool.query(
          `UPDATE notifications SET state = 'failed', attempts = attempts + 1, last_error = $1
           WHERE id = $2`,
          [outcome.error, id],
        );
    },
    notificationsFor: (reference) =>
      notifications('SELECT * FROM notifications WHERE reference = $1 ORDER BY id', [reference]),
  };
}
