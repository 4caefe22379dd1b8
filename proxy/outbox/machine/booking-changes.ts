/**
 * A booked call changed after its enquiry (`docs/booking.md`, "Cancel or move"), written once for
 * both databases: opened by its UID for the visitor's link, cancelled, or moved to another time,
 * each in one transaction. A change names the SEQUENCE it was asked at, and the booking's row is
 * updated only while it still has that SEQUENCE: the first of two changes made at once takes it
 * (on PostgreSQL the second waits on the row, then finds it changed), the other is told so. A
 * move gives back the call's blocks and takes the new time's as a booking does (`bookings.ts`):
 * a time taken meanwhile keeps the call where it was. The host's calendar is owed the change
 * (`calendars.ts`: the event removed, or written again at its new SEQUENCE), and the host is told
 * by the notice queued with it, addressed here, where the host is known; so is the visitor, by
 * the email written for the host who has the call. A visitor's changes are told to the host
 * coalesced (`host-call-notices.ts`).
 */
import type { CallChange, CallMove, StoredBooking } from '../booking.ts';
import { toBooking, type BookingRow } from './booking-rows.ts';
import { freeBlocks, placeCall, takeBlocks } from './bookings.ts';
import { placed } from './call-reminders.ts';
import { countCancelled } from './funnel.ts';
import { queueCalendarWrite } from './calendar-writes.ts';
import { confirmations } from './confirmations.ts';
import { hostCallNotices } from './host-call-notices.ts';
import { notifications } from './notifications.ts';
import { one, run, type Dialect, type Plan } from './plan.ts';

/** The statements of a change, in `d`'s spelling. */
export function bookingChanges(d: Dialect) {
  const queue = notifications(d);
  const visitorMail = confirmations(d);
  const hostNotices = hostCallNotices(d);

  /**
   * Queues `change`'s notice (if any) to `hosts`, once each, and its visitor's email (if any) as
   * `host`, who has the call now, writes it, within its quotas.
   */
  function* tell(
    uid: string,
    change: CallChange,
    hosts: readonly string[],
    host: string,
  ): Plan<void> {
    const { notice } = change;
    if (notice) {
      const payload = { ...(notice.payload as object), to: [...new Set(hosts)] };
      // A visitor's are coalesced (`host-call-notices.ts`); staff's each go at once.
      if (change.byVisitor)
        yield* hostNotices.queueVisitorNotice({ ...notice, payload }, uid, notice.at);
      else yield* queue.queueNotifications([{ ...notice, payload }]);
    }
    if (change.visitorMail) yield* visitorMail.queueWithinQuotas(change.visitorMail(host));
  }

  /**
   * Takes the row of the booked call `uid` at `sequence` (any, for -1), its SEQUENCE one more;
   * with `movesAllowed`, a visitor's move, counted, and only while they have moves left.
   */
  const claimRow = (uid: string, sequence: number, movesAllowed?: number) =>
    one<BookingRow>(
      `UPDATE bookings SET sequence = sequence + 1,
         visitor_moves = visitor_moves + CASE WHEN CAST(@allowed AS INTEGER) IS NULL THEN 0 ELSE 1 END
       WHERE uid = @uid AND state = 'booked' AND (@sequence < 0 OR sequence = @sequence)
         AND (CAST(@allowed AS INTEGER) IS NULL OR visitor_moves < @allowed)
       RETURNING *`,
      { uid, sequence, allowed: movesAllowed ?? null },
    );

  return {
    /** The call `uid` with the hash of its link's secret, booked or not; null when none. */
    *bookingToOpen(uid: string): Plan<{ booking: StoredBooking; secretHash: string } | null> {
      const row = yield* one<BookingRow & { secret_hash: string }>(
        'SELECT * FROM bookings WHERE uid = @uid',
        { uid },
      );
      return row ? { booking: toBooking(row), secretHash: row.secret_hash } : null;
    },
    /**
     * Cancels the call `uid` at `at`: its blocks go (its time is free again at once), its
     * SEQUENCE grows, and its event is taken out of its host's calendar. Null when no call
     * booked has that UID at `change.sequence` (cancelled or changed already, or never).
     */
    *cancelBooking(
      uid: string,
      at: number,
      change: CallChange = { sequence: -1 },
    ): Plan<StoredBooking | null> {
      const row = yield* claimRow(uid, change.sequence);
      if (!row) return null;
      yield* run(`UPDATE bookings SET state = 'cancelled', cancelled_at = @at WHERE id = @id`, {
        id: row.id,
        at,
      });
      yield* freeBlocks(row.id);
      yield* countCancelled(row.id);
      yield* queueCalendarWrite(
        { uid, host: row.host, action: 'remove', sequence: row.sequence },
        at,
      );
      yield* tell(uid, change, [row.host], row.host);
      return toBooking({ ...row, state: 'cancelled', cancelled_at: at });
    },
    /**
     * Moves the call `uid` to `move`'s span at `at`, with the first of its hosts whose time
     * nobody took: `taken` (the call kept as it was) when none, null when it is no longer
     * booked at `move.sequence` (or, for the visitor's own move, they have no move left).
     */
    *moveBooking(uid: string, move: CallMove, at: number): Plan<StoredBooking | 'taken' | null> {
      const row = yield* claimRow(uid, move.sequence, move.movesAllowed);
      if (!row) return null;
      yield* freeBlocks(row.id);
      for (const host of move.hosts) {
        if (!(yield* takeBlocks(row.id, host, move))) continue;
        yield* placeCall(row.id, host, move);
        yield* placed(row.id, at);
        // Another host's calendar loses the event and the new one's gets it; the same host's is
        // written again at the new SEQUENCE (`booking/calendar-writer.ts`: an update, not a create).
        if (host !== row.host)
          yield* queueCalendarWrite(
            { uid, host: row.host, action: 'remove', sequence: row.sequence },
            at,
          );
        yield* queueCalendarWrite({ uid, host, action: 'put', sequence: row.sequence }, at);
        yield* tell(uid, move, [row.host, host], host);
        return toBooking({
          ...row,
          host,
          start_at: move.start,
          end_at: move.end,
          until_at: move.until,
        });
      }
      // Every host's time taken: the call keeps its own blocks and SEQUENCE.
      if (!(yield* takeBlocks(row.id, row.host, { start: row.start_at, until: row.until_at })))
        throw new Error(`the call ${uid} could not take back its own time`);
      yield* run(
        `UPDATE bookings SET sequence = sequence - 1,
           visitor_moves = visitor_moves - CASE WHEN CAST(@allowed AS INTEGER) IS NULL THEN 0 ELSE 1 END
         WHERE id = @id`,
        { id: row.id, allowed: move.movesAllowed ?? null },
      );
      return 'taken';
    },
  };
}
