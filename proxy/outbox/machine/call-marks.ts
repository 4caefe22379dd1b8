/**
 * Whether a call took place (`docs/booking.md`, "Whether the call took place"), written once for
 * both databases: staff mark a booked call that has begun `attended` or `no_show`, in one
 * transaction with its count in the funnel's cell its booking was counted in (a mark changed
 * moves its count from one to the other). The call's row is held first (an update that changes
 * nothing, as a change of the call holds it), so two marks at once on several instances count
 * once each, in turn. The webhooks owed for a mark are found by the producer's sweep
 * (`webhooks.ts`, `call.attended` and `call.no_show`).
 */
import type { CallMark, CallMarkOutcome, StoredBooking } from '../booking.ts';
import { toBooking, type BookingRow } from './booking-rows.ts';
import { countMarked } from './funnel.ts';
import { all, one, run, type Plan } from './plan.ts';

/** The most of a host's calls waiting for a mark that one read lists. */
const TO_MARK_LIMIT = 100;

/** The statements of marks. */
export const callMarks = () => ({
  /**
   * Marks the call `uid` as `mark` says: `marked` with the mark it had before (null: none), or
   * why not: no such call, cancelled, or not begun at `mark.at`.
   */
  *markCall(uid: string, mark: CallMark): Plan<CallMarkOutcome> {
    const row = yield* one<BookingRow>(
      'UPDATE bookings SET outcome = outcome WHERE uid = @uid RETURNING *',
      { uid },
    );
    if (!row) return { kind: 'not_found' };
    const booking = toBooking(row);
    if (row.state !== 'booked') return { kind: 'cancelled', booking };
    if (row.start_at > mark.at) return { kind: 'not_begun', booking };
    const previous = row.outcome;
    if (previous === mark.outcome) return { kind: 'marked', booking, previous };
    yield* run(
      `UPDATE bookings SET outcome = @outcome, marked_at = @at, marked_by = @by WHERE id = @id`,
      { id: row.id, outcome: mark.outcome, at: mark.at, by: mark.by },
    );
    yield* countMarked(row.id, mark.outcome, previous);
    return {
      kind: 'marked',
      booking: { ...booking, outcome: mark.outcome, markedAt: mark.at, markedBy: mark.by },
      previous,
    };
  },
  /**
   * `host`'s calls booked, begun by `now` and ended, that nobody marked yet, the latest first
   * (at most `TO_MARK_LIMIT`): what the host is asked to mark.
   */
  *callsToMark(host: string, now: number): Plan<StoredBooking[]> {
    const rows = yield* all<BookingRow>(
      `SELECT * FROM bookings WHERE host = @host AND start_at < @now AND end_at <= @now
         AND state = 'booked' AND outcome IS NULL
       ORDER BY start_at DESC LIMIT @limit`,
      { host: host.toLowerCase(), now, limit: TO_MARK_LIMIT },
    );
    return rows.map(toBooking);
  },
});
