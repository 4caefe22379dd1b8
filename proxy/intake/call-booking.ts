/**
 * The call an enquiry asks for, as intake hands it to the outbox to book in the enquiry's
 * transaction (`docs/booking.md`, "The answer"). An appointment's answer that is a slot's start
 * (exactly as `GET /api/slots` writes one) must be a time the team's rules offer now
 * (`slot_unavailable` otherwise: off the grid, outside the hours, on a closed day, past the
 * horizon or within the notice) with a host whose own calendar is free then (`slot_taken`
 * otherwise); whose calls are booked when is the outbox's to say (`slot_taken` too). Preferred
 * times in words, or no answer, book nothing. Either refusal stores nothing: the visitor keeps
 * every answer, picks another time and sends again, with the same Idempotency-Key. A call past
 * the booking limits (`call-limits.ts`) is not held, and the enquiry is taken without it
 * (`notHeld`): its time goes to the platform as the visitor's preferred one, said not held.
 */
import { randomBytes } from 'node:crypto';
import { appointmentOf, bookingHosts, type BookingHosts } from '../booking/booking-hosts.ts';
import { secretHash } from '../booking/booking-link.ts';
import { newBookingUid } from '../booking/booking-uid.ts';
import { meetingLinkFor } from '../booking/meeting-link.ts';
import { meetingProviderFor } from '../booking/meeting-providers.ts';
import {
  callTime,
  callValue,
  eventWords,
  preferredValue,
  visitorCallTime,
} from '../booking/call-words.ts';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { slotAt } from '../booking/slot-grid.ts';
import type { SlotFinder } from '../booking/slot-finder.ts';
import { isSlotStart } from '../contract/booking.ts';
import { formatMessage } from '../contract/messages.ts';
import { answerTo, visibleQuestions } from '../contract/rules.ts';
import { Refusal } from '../http/refusal.ts';
import type { NewBooking } from '../outbox/booking.ts';
import type { CheckedSubmission } from './check-submission.ts';
import { factsOf } from './lead-routing.ts';

const MINUTE_MS = 60_000;

/** What booking a call reads. */
export interface CallBookingDeps {
  /** The times offered: which hosts' calendars are free, and the days to forget once booked. */
  slots: SlotFinder;
  /** `PUBLIC_URL`: the host of each booking's UID, and the console's link in the host's event. */
  publicUrl?: string | undefined;
}

/** A call to book, its hosts, and the secret of the visitor's link to cancel or move it. */
export interface AskedCall {
  booking: NewBooking;
  hosts: BookingHosts;
  /** Only its hash is kept: the visitor's email carries it. */
  secret: string;
  /** The refusal when the outbox finds every host's time taken first. */
  taken(): Refusal;
}

/** The refusal of `answer`'s time, beside the question (in the visitor's words, by `bodyIn`). */
function refused(code: 'slot_taken' | 'slot_unavailable', id: string, label: string): Refusal {
  return Refusal.field(`answers.${id}`, code, `question.${code}`, { label });
}

/**
 * The call `checked` asks for, received at `receivedAt` as `reference`; undefined when it asks
 * none (no appointment, not shown, not answered, or preferred times in words).
 *
 * @example askedCall(checked, deps, { reference, receivedAt })?.booking.hosts // ['ann@firm.example']
 */
export function askedCall(
  checked: CheckedSubmission,
  deps: CallBookingDeps,
  received: { reference: string; receivedAt: number },
): AskedCall | undefined {
  const { config, part, upstream } = checked;
  const question = appointmentOf(config, part.case_type);
  const caseType = config.caseTypes.find((each) => each.id === part.case_type);
  if (!question || !caseType) return undefined;
  const answer = answerTo(part.answers, question.id);
  const shown = visibleQuestions(caseType, part.answers).includes(question);
  if (!shown || typeof answer !== 'string' || !isSlotStart(answer.trim())) return undefined;
  const label =
    checked.visitor.form.caseTypes
      .find((each) => each.id === caseType.id)
      ?.questions.find((each) => each.id === question.id)?.label ?? question.label;
  const hosts = bookingHosts(config, factsOf(config, checked));
  const slot = hosts && slotAt(hosts.rules, Date.parse(answer.trim()), received.receivedAt);
  if (!hosts || !slot) throw refused('slot_unavailable', question.id, label);
  const free = deps.slots.calendarFree(hosts, slot);
  if (free.length === 0) {
    deps.slots.forget(hosts, slot.start);
    throw refused('slot_taken', question.id, label);
  }
  const secret = randomBytes(32).toString('base64url');
  const { firm } = checked;
  const origin = deps.publicUrl?.replace(/\/+$/, '');
  const event = eventWords(
    firm.words,
    {
      reference: received.reference,
      name: [upstream.forename, upstream.surname].filter(Boolean).join(' '),
      caseType: caseType.label,
      email: upstream.email,
      telephone: upstream.telephone_mobile,
    },
    origin && `${origin}/admin/leads/${received.reference}`,
  );
  return {
    hosts,
    secret,
    taken: () => refused('slot_taken', question.id, label),
    booking: {
      uid: newBookingUid(origin),
      question: question.id,
      start: slot.start,
      end: slot.end,
      until: slot.end + hosts.rules.bufferMinutes * MINUTE_MS,
      timeZone: hosts.rules.timeZone,
      visitorZone: part.time_zone,
      // A room of its own, kept through every move (none: by telephone).
      meetingUrl: meetingLinkFor(hosts.rules.meeting),
      // Made by the host's calendar where every host it may go to keeps one that makes it.
      meetingProvider: meetingProviderFor(hosts.rules.meeting, free, (host) =>
        deps.slots.calendarKind(host),
      ),
      hosts: free,
      turnsOf: hosts.roundRobin ? (hosts.team ?? undefined) : undefined,
      secretHash: secretHash(secret),
      ...event,
      metaValue: (host: string) =>
        callValue(slot, hosts.rules.timeZone, firm.lang, firm.words, host),
      at: received.receivedAt,
    },
  };
}

/** An enquiry whose call the booking limits did not hold, as it is stored and answered. */
export interface UnheldCall {
  /** The enquiry as the platform gets it: the time chosen as preferred times, said not held. */
  upstream: UpstreamEnquiry;
  /** The enquiry in the visitor's words (their confirmation's answers): the time as preferred. */
  enquiry: UpstreamEnquiry;
  /** What the visitor is told, in their language: the time was not held, the firm will call. */
  message: string;
}

/**
 * `asked`, not held: the enquiry `checked` is taken without it, the time it chose written into
 * the appointment's answer as the visitor's preferred time (in the firm's words upstream, with
 * why it was not held; in the visitor's for their confirmation), and the visitor told so.
 *
 * @example notHeld(call, checked).message // 'We could not hold a call at the time you chose (…)'
 */
export function notHeld(asked: AskedCall, checked: CheckedSubmission): UnheldCall {
  const { booking } = asked;
  const { firm, visitor } = checked;
  const withAnswer = (enquiry: UpstreamEnquiry, value: string): UpstreamEnquiry => ({
    ...enquiry,
    meta: enquiry.meta.map((entry) =>
      entry.id === booking.question ? { ...entry, value } : entry,
    ),
  });
  // On the visitor's clock where their widget said it, as every word to them of a call is.
  const when = visitorCallTime(booking, booking, visitor.lang ?? firm.lang);
  const time = callTime(booking, booking.timeZone, firm.lang);
  const firmText = formatMessage(firm.words['booking.notHeldValue'], { time });
  return {
    upstream: withAnswer(checked.upstream, preferredValue(firmText, firm.words)),
    enquiry: withAnswer(visitor.enquiry, preferredValue(when, visitor.words)),
    message: formatMessage(visitor.words['booking.notHeld'], { when }),
  };
}
