/**
 * The visitor's side of the call their enquiry books (`docs/confirmation-email.md`, "A booked
 * call"): when it is, in their language on their own clock (the firm's beside it); the link to the page where they
 * cancel or move it (`/booking/<token>`, the token opening only this booking:
 * `booking/booking-link.ts`); and the invitation their calendar understands, the same UID as the
 * host's event. The host is the outbox's to add, in the enquiry's transaction.
 */
import { bookingToken } from '../booking/booking-link.ts';
import { callPlace, invitationPlace, type CallPlace } from '../booking/meeting-link.ts';
import { callTime, invitationWords, isoStart, visitorCallTime } from '../booking/call-words.ts';
import type { BookedCall } from '../contract/wire.ts';
import type { NewBooking } from '../outbox/booking.ts';
import type { CallInvitation } from '../notify/events.ts';
import type { AskedCall } from './call-booking.ts';
import type { VisitorReading } from './check-submission.ts';

/** A booked call as the confirmation email gives it. */
export interface VisitorCall {
  /**
   * Its day and times, as the visitor's language writes them, on their clock with the firm's
   * beside it (`booking/call-words.ts`' `visitorCallTime`).
   */
  when: string;
  /** The appointment question it answers: written as `when` wherever the visitor reads it. */
  question: string;
  /** Its day and times in the firm's language and zone: the team's notice says it so. */
  firmWhen: string;
  /** The page to cancel or move it. */
  link: string;
  /** Where it happens: its meeting's link, or by telephone. */
  place: CallPlace;
  /** The call as a file for the visitor's calendar (`calendar.ics` under the page). */
  calendar: string;
  invitation: CallInvitation;
}

/**
 * The call as the enquiry's answer gives it (`BookedCall`): the sent panel's, `emailed` when its
 * confirmation was queued.
 */
export const bookedCall = (
  call: VisitorCall,
  booking: Pick<NewBooking, 'start' | 'end' | 'timeZone' | 'visitorZone'>,
  emailed: boolean,
): BookedCall => ({
  status: 'booked',
  start: isoStart(booking.start),
  end: isoStart(booking.end),
  timeZone: booking.timeZone,
  ...(booking.visitorZone ? { visitorZone: booking.visitorZone } : {}),
  page: call.link,
  calendar: call.calendar,
  emailed,
});

/**
 * The call `asked` as its visitor is told of it, the page's address under `origin` (the proxy's
 * as browsers reach it), in the language `visitor` read the form in.
 *
 * @example visitorCall(call, 'https://forms.firm.example', visitor, 'EQ-1', 'en').link
 *   // 'https://forms.firm.example/booking/NWYx….Yk3…'
 */
export function visitorCall(
  asked: AskedCall,
  origin: string,
  visitor: VisitorReading,
  reference: string,
  firmLang: string,
): VisitorCall {
  const { booking, secret } = asked;
  const lang = visitor.lang ?? firmLang;
  const query = visitor.lang ? `?lang=${encodeURIComponent(visitor.lang)}` : '';
  const page = `${origin.replace(/\/+$/, '')}/booking/${bookingToken(booking.uid, secret)}`;
  const link = `${page}${query}`;
  const { enquiry, words } = visitor;
  const meetingUrl = booking.meetingUrl ?? null;
  // A meeting the host's calendar makes: its link follows by email once read.
  const provider = booking.meetingProvider ?? null;
  return {
    when: visitorCallTime(booking, booking, lang),
    question: booking.question,
    firmWhen: callTime(booking, booking.timeZone, firmLang),
    link,
    place: callPlace(words, meetingUrl, enquiry.telephone_mobile, provider),
    calendar: `${page}/calendar.ics${query}`,
    invitation: {
      ...invitationPlace(words, meetingUrl, provider),
      uid: booking.uid,
      start: booking.start,
      end: booking.end,
      ...invitationWords(words, reference, link),
      sequence: 0,
      stamp: booking.at,
      link,
      lang,
      attendee: {
        email: enquiry.email.trim(),
        name: [enquiry.forename, enquiry.surname].filter(Boolean).join(' '),
      },
    },
  };
}
