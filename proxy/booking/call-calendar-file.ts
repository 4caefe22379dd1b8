/**
 * A booked call as a file for its visitor's own calendar (`GET /booking/<token>/calendar.ics`,
 * `docs/booking.md`, "Cancel or move"): the same event their confirmation's invitation carries,
 * as the call is now. A call booked is `METHOD:REQUEST` at its time and SEQUENCE; a cancelled
 * one `METHOD:CANCEL`, which takes it out of a calendar that holds it. It is what a visitor who
 * cannot be emailed keeps their calendar right with (no confirmation went: none asked for, over
 * its quota), and what the sent panel offers whether or not an email goes. Where the call happens
 * (LOCATION, URL) is what its invitations say: the meeting's link, to follow, or by telephone.
 */
import type { Strings } from '../contract/strings/english.ts';
import type { CallChangeDeps, OpenedCall } from './call-changes.ts';
import { invitationWords } from './call-words.ts';
import { invitationText } from './event-ical.ts';
import { invitationPlace } from './meeting-link.ts';
import { keptInvitation } from './visitor-call-notice.ts';

/**
 * The iCalendar file of `call` now, its page at `link`, in the visitor's `words`; its attendee
 * as their confirmation named them, else as their enquiry did.
 *
 * @example await calendarFile(deps, call, 'https://forms.firm.example/booking/…', words) // 'BEGIN:VCALENDAR…METHOD:REQUEST…'
 */
export async function calendarFile(
  deps: Pick<CallChangeDeps, 'store' | 'now'>,
  call: OpenedCall,
  link: string,
  words: Strings,
): Promise<string> {
  const { booking } = call;
  const kept = keptInvitation(await deps.store.notificationsFor(booking.reference));
  const lead = kept ? undefined : await deps.store.get(booking.reference);
  const attendee = kept?.attendee ?? {
    email: lead?.upstream.email.trim() ?? '',
    name: [lead?.upstream.forename, lead?.upstream.surname].filter(Boolean).join(' '),
  };
  return invitationText(
    {
      uid: booking.uid,
      start: booking.start,
      end: booking.end,
      ...invitationWords(words, booking.reference, link),
      ...invitationPlace(words, booking.meetingUrl, booking.meetingProvider),
      sequence: booking.sequence,
      stamp: deps.now(),
      attendee,
      organizer: booking.host,
    },
    booking.state === 'booked' ? 'REQUEST' : 'CANCEL',
  );
}
