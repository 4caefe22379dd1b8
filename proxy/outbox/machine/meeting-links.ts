/**
 * A call's meeting as its host's calendar made it (`booking/meeting-reads.ts`), written once for
 * both databases: the link read back kept as the call's `meeting_url`, or, where the calendar
 * made none, the call by telephone after all (its provider cleared); either at the call's next
 * SEQUENCE, with the visitor's updated invitation queued in the same transaction. Only a call
 * still booked at the SEQUENCE the read was made for, asking a meeting and holding no link
 * takes it: a call moved meanwhile is read again after its own write, and one whose link is
 * known keeps it (a moved call keeps its meeting).
 */
import type { SettledMeeting, StoredBooking } from '../booking.ts';
import { toBooking, type BookingRow } from './booking-rows.ts';
import { confirmations } from './confirmations.ts';
import { one, type Dialect, type Plan } from './plan.ts';

/** The statements of a call's meeting, in `d`'s spelling. */
export function meetingLinks(d: Dialect) {
  const visitorMail = confirmations(d);
  return {
    /** Keeps what `settled` says of its call's meeting; null when the call has moved on. */
    *settleMeeting(settled: SettledMeeting): Plan<StoredBooking | null> {
      const row = yield* one<BookingRow>(
        `UPDATE bookings SET meeting_url = @link, sequence = sequence + 1,
           meeting_provider = CASE WHEN CAST(@link AS TEXT) IS NULL THEN NULL
             ELSE meeting_provider END
         WHERE uid = @uid AND state = 'booked' AND sequence = @sequence
           AND meeting_url IS NULL AND meeting_provider IS NOT NULL
         RETURNING *`,
        { uid: settled.uid, sequence: settled.sequence, link: settled.link },
      );
      if (!row) return null;
      if (settled.visitorMail) yield* visitorMail.queueWithinQuotas(settled.visitorMail(row.host));
      return toBooking(row);
    },
  };
}
