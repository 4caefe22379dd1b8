/**
 * Whether a call took place (`docs/booking.md`, "Whether the call took place"): staff mark a
 * lead's call "Took place" or "Did not come" once it has begun, on the lead's page, in "Your
 * calls" or with `npm run outbox -- calls mark`; the outbox counts each mark in the funnel
 * (`outbox/machine/call-marks.ts`), and the webhooks `call.attended` and `call.no_show` follow.
 * A call left unmarked a day after it ended is listed for its host to mark.
 */
import type { CallMarkOutcome, CallOutcome, StoredBooking } from '../outbox/booking.ts';
import type { BookingStore, CallMarks } from '../outbox/store.ts';
import { callTime } from './call-words.ts';

const DAY_MS = 86_400_000;

/** Each mark as staff press it and read it. */
export const MARK_WORDS: Readonly<Record<CallOutcome, string>> = {
  attended: 'Took place',
  no_show: 'Did not come',
};

/** Each mark as the command line names it. */
export const MARK_NAMES: Readonly<Record<string, CallOutcome>> = {
  attended: 'attended',
  'no-show': 'no_show',
};

/** True when `value` is a mark (as a form posts it). */
export const isCallOutcome = (value: unknown): value is CallOutcome =>
  value === 'attended' || value === 'no_show';

/** True when `booking` may be marked at `now`: booked, and begun. */
export const markable = (booking: StoredBooking, now: number): boolean =>
  booking.state === 'booked' && booking.start <= now;

/**
 * True when `booking` is overdue for its mark at `now`: ended more than a day ago, unmarked (its
 * host is asked to mark it).
 */
export const overdueMark = (booking: StoredBooking, now: number): boolean =>
  markable(booking, now) && booking.outcome === null && booking.end + DAY_MS <= now;

/**
 * Marks the call of the lead `reference` (its one call, the latest if it was ever booked again)
 * `outcome`, by `by` (as the audit log names them), at `at`.
 *
 * @example await markLeadCall(store, 'EQ-1', { outcome: 'no_show', by: 'ann@firm.example', at })
 */
export async function markLeadCall(
  store: Pick<BookingStore, 'bookingsOf'> & Pick<CallMarks, 'markCall'>,
  reference: string,
  mark: { outcome: CallOutcome; by: string; at: number },
): Promise<CallMarkOutcome> {
  const calls = await store.bookingsOf(reference);
  const call = calls.findLast((booking) => booking.state === 'booked') ?? calls.at(-1);
  if (!call) return { kind: 'not_found' };
  return store.markCall(call.uid, mark);
}

/** A call in the firm's words, as staff read it: when (its zone named) and with whom. */
const callInWords = (booking: StoredBooking): string =>
  `${callTime(booking, booking.timeZone, 'en')}, with ${booking.host}`;

/** What a mark came to, in a sentence for staff. */
export function markInWords(outcome: CallMarkOutcome, reference: string): string {
  switch (outcome.kind) {
    case 'not_found':
      return `${reference} booked no call.`;
    case 'cancelled':
      return `${reference}’s call (${callInWords(outcome.booking)}) was cancelled: there is nothing to mark.`;
    case 'not_begun':
      return `${reference}’s call (${callInWords(outcome.booking)}) has not begun: mark it once it has.`;
    case 'marked': {
      const { booking, previous } = outcome;
      const now = MARK_WORDS[booking.outcome ?? 'attended'];
      const was = previous && previous !== booking.outcome ? ` (was: ${MARK_WORDS[previous]})` : '';
      return `${reference}’s call (${callInWords(booking)}) is marked: ${now}${was}.`;
    }
  }
}
