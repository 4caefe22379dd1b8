/**
 * Reminders before a call (`docs/booking.md`, "Reminders and the meeting link"), written once for
 * both databases. A reminder is taken by an update of its call's row that holds only while the
 * call is booked at the same start and no reminder as close to it went (`reminded_before`): the
 * first instance to ask takes it and queues its emails in the same transaction (on PostgreSQL the
 * second waits on the row, then finds it taken), so each goes once, whatever restarts. A move
 * gives the call a new time and forgets its reminders (`placed`), so they follow it.
 */
import type { CallReminder, CallToRemind } from '../booking-store.ts';
import { toBooking, type BookingRow } from './booking-rows.ts';
import { confirmations } from './confirmations.ts';
import { notifications } from './notifications.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';

/** The most calls one look reads: far more than any firm's calls in a day. */
const CALLS_LIMIT = 1000;

type ReminderRow = BookingRow & { placed_at: number | null; reminded_before: number | null };

/** Marks the call `id` given a new time at `at`: reminders are owed for that time afresh. */
export const placed = (id: number, at: number) =>
  run('UPDATE bookings SET placed_at = @at, reminded_before = NULL WHERE id = @id', { id, at });

/** The statements of reminders, in `d`'s spelling. */
export function callReminders(d: Dialect) {
  const queue = notifications(d);
  const visitorMail = confirmations(d);
  return {
    *callsToRemind(now: number, within: number): Plan<CallToRemind[]> {
      const rows = yield* all<ReminderRow>(
        `SELECT * FROM bookings WHERE state = 'booked' AND start_at > @now AND start_at <= @until
         ORDER BY start_at LIMIT @limit`,
        { now, until: now + within, limit: CALLS_LIMIT },
      );
      return rows.map((row) => ({
        booking: toBooking(row),
        placedAt: row.placed_at ?? row.created_at,
        remindedBefore: row.reminded_before,
      }));
    },
    *remindCall(reminder: CallReminder): Plan<'queued' | 'over_limit' | 'done'> {
      const row = yield* one<{ id: number }>(
        `UPDATE bookings SET reminded_before = @before
         WHERE uid = @uid AND state = 'booked' AND start_at = @start
           AND (reminded_before IS NULL OR reminded_before > @before)
         RETURNING id`,
        { uid: reminder.uid, start: reminder.start, before: reminder.before },
      );
      if (!row) return 'done';
      if (reminder.host) yield* queue.queueNotifications([reminder.host]);
      if (!reminder.visitor) return 'queued';
      return yield* visitorMail.queueWithinQuotas(reminder.visitor);
    },
  };
}
