/**
 * The visitor's side of the call their enquiry books (`docs/confirmation-email.md`, "A booked
 * call"): when it is, in their language on their own clock (the firm's beside it); the link to the page where they
 * cancel or move it (`/booking/<token>`, the token opening only this booking:
 * `booking/booking-link.ts`); and the invitation their calendar understands, the same UID as the
 * host's event. The host is the outbox's to add, in the enquiry's transaction.
 */
import { bookingToken } from '../booking/booking-link.ts';
import { callPlace, invitationPlace, type CallPlace } from '../booking/meeting-link.ts';
import { visitorCallTime } from '../booking/call-words.ts';
import { formatMessage } from '../contract/messages.ts';
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
  /** The page to cancel or move it. */
  link: string;
  /** Where it happens: its meeting's link, or by telephone. */
  place: CallPlace;
  invitation: CallInvitation;
}

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
  const link = `${origin.replace(/\/+$/, '')}/booking/${bookingToken(booking.uid, secret)}${query}`;
  const { enquiry, words } = visitor;
  const meetingUrl = booking.meetingUrl ?? null;
  return {
    when: visitorCallTime(booking, booking, lang),
    link,
    place: callPlace(words, meetingUrl, enquiry.telephone_mobile),
    invitation: {
      ...invitationPlace(words, meetingUrl),
      uid: booking.uid,
      start: booking.start,
      end: booking.end,
      summary: formatMessage(words['call.invitationTitle'], { reference }),
      description: `${words['call.emailChange']}\n${link}`,
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
