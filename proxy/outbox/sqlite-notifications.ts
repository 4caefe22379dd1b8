/**
 * The notifications of the SQLite outbox: queued in the same database as the submissions they
 * are about, so that queueing them and marking the lead as notified is one transaction.
 */
import type Database from 'better-sqlite3';
import type { NewNotification } from './notification.ts';
import {
  asPromise,
  notificationValues,
  toNotification,
  type NotificationRow,
  type SubmissionRow,
} from './rows.ts';
import type { GroupWrite } from './sqlite-group-commit.ts';
import type { OutboxStore } from './store.ts';
import type { Submission } from './submission.ts';

/** What a store does about notifications. */
export type NotificationMethods = Pick<
  OutboxStore,
  | 'leadsToNotify'
  | 'queueNotifications'
  | 'dueNotifications'
  | 'nextNotificationAt'
  | 'finishNotification'
  | 'notificationsFor'
>;

/** The notification half of the store, on `db`. */
export function sqliteNotifications(
  db: Database.Database,
  write: GroupWrite,
  submission: (row: SubmissionRow) => Submission,
): NotificationMethods {
  const unnotified = db.prepare(
    `SELECT * FROM submissions WHERE state IN ('dead', 'partial') AND notified_at IS NULL
     ORDER BY id LIMIT ?`,
  );
  const insert = db.prepare(
    `INSERT OR IGNORE INTO notifications
       (key, channel, kind, reference, payload, created_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const markNotified = db.prepare('UPDATE submissions SET notified_at = ? WHERE reference = ?');
  const queue = db.transaction((rows: NewNotification[], lead?: { reference: string }) => {
    let queued = 0;
    for (const row of rows) {
      queued += insert.run(...notificationValues(row)).changes;
    }
    if (lead) markNotified.run(rows[0]?.at ?? Date.now(), lead.reference);
    return queued;
  });
  const due = db.prepare(
    `SELECT * FROM notifications WHERE state = 'pending' AND next_attempt_at <= ?
       AND (? IS NULL OR channel = ?)
     ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const next = db.prepare(
    "SELECT MIN(next_attempt_at) AS at FROM notifications WHERE state = 'pending'",
  );
  const sent = db.prepare(
    `UPDATE notifications SET state = 'sent', sent_at = ?, attempts = attempts + 1,
       last_error = NULL WHERE id = ?`,
  );
  const retry = db.prepare(
    `UPDATE notifications SET next_attempt_at = ?, attempts = attempts + 1, last_error = ?
     WHERE id = ?`,
  );
  const failed = db.prepare(
    `UPDATE notifications SET state = 'failed', attempts = attempts + 1, last_error = ?
     WHERE id = ?`,
  );
  const about = db.prepare('SELECT * FROM notifications WHERE reference = ? ORDER BY id');

  return {
    leadsToNotify: (limit) =>
      asPromise(() => (unnotified.all(limit) as SubmissionRow[]).map(submission)),
    queueNotifications: (rows, lead) => write(() => queue(rows, lead)),
    dueNotifications: (now, limit, channel) =>
      asPromise(() =>
        (due.all(now, channel ?? null, channel ?? null, limit) as NotificationRow[]).map(
          toNotification,
        ),
      ),
    nextNotificationAt: () => asPromise(() => (next.get() as { at: number | null }).at),
    finishNotification: (id, outcome) =>
      write(() => {
        if (outcome.kind === 'sent') sent.run(outcome.at, id);
        else if (outcome.kind === 'retry') retry.run(outcome.at, outcome.error, id);
        else failed.run(outcome.error, id);
      }),
    notificationsFor: (reference) =>
      asPromise(() => (about.all(reference) as NotificationRow[]).map(toNotification)),
  };
}
