/**
 * Bookings as their users see them (`docs/booking.md`): what keeps hosts busy, for the slots
 * offered (`booking/slot-finder.ts`), and the calls an enquiry booked. A booking itself is taken
 * by `IntakeStore.accept`, in the enquiry's transaction.
 */
import type { BookedSpan, StoredBooking } from './booking.ts';

/** The slots offered, and an enquiry's calls. */
export interface BookingStore {
  /** What keeps `hosts` (lower case) busy between `from` and `to`: their calls booked here. */
  bookedBetween(hosts: readonly string[], from: number, to: number): Promise<BookedSpan[]>;
  /** The calls booked with the enquiry `reference`, oldest first. */
  bookingsOf(reference: string): Promise<StoredBooking[]>;
}
