/**
 * The emails of a reminder before a call (`docs/booking.md`, "Reminders and the meeting link"):
 * the visitor's, in the language they read the form in and on their own clock where their widget
 * said it, with where the call is (its meeting's link, or by telephone) and its page (to cancel or
 * move it), counted under their confirmations' quotas as a change they make is; and the host's, in
 * the firm's words and zone, with what their calendar's event says of the visitor.
 */
import type { ConfirmationConfig } from '../contract/schemas/confirmation.ts';
import { formatMessage } from '../contract/messages.ts';
import { escapeHtml, mailOpening, type ConfirmationMail } from '../notify/confirmation-email.ts';
import type { CallChangeEvent, CallInvitation, CallReminderEvent } from '../notify/events.ts';
import type { StoredBooking } from '../outbox/booking.ts';
import { keyedSubject, mailboxOf } from '../outbox/mailbox.ts';
import type { NewNotification } from '../outbox/notification.ts';
import { CONFIRMATION_CEILING, type ConfirmationRequest } from '../outbox/receipt.ts';
import { callTime, visitorCallTime } from './call-words.ts';
import { callPlace } from './meeting-link.ts';
import type { VisitorMailDeps } from './visitor-call-notice.ts';

const DAY_MS = 86_400_000;

/** One reminder of `booking`, `before` ms ahead of it, written at `at`. */
export interface ReminderFacts {
  booking: StoredBooking;
  before: number;
  at: number;
}

/** A paragraph of a reminder: its words, then a link on a line of its own, or set apart. */
interface Paragraph {
  text: string;
  link?: string | undefined;
  strong?: boolean;
}

/** An email of `paragraphs` in `lang`, each link an anchor showing itself in the HTML part. */
function mailOf(lang: string, subject: string, paragraphs: readonly Paragraph[]): ConfirmationMail {
  const text = paragraphs
    .map((each) => [each.text, ...(each.link ? [each.link] : [])].join('\n'))
    .join('\n\n');
  const html = paragraphs.map(({ text: words, link, strong }) => {
    const said = strong ? `<strong>${escapeHtml(words)}</strong>` : escapeHtml(words);
    const anchor = link ? `<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : '';
    return `<p>${said}${anchor}</p>`;
  });
  return {
    subject,
    text: `${text}\n`,
    html: [...mailOpening(lang, subject), ...html, '</body></html>'].join('\n'),
  };
}

/** The notification's key: one per call, start and reminder, whoever queues it. */
const keyOf = (event: string, { booking, before }: ReminderFacts) =>
  `${event}:${booking.uid}:${String(booking.start)}:${String(before)}`;

/** A reminder's notification: one per call, reminder and time, however often it is asked for. */
const reminderNotification = (
  payload: CallReminderEvent | CallChangeEvent,
  facts: ReminderFacts,
): NewNotification => ({
  key: keyOf(payload.event, facts),
  channel: 'email',
  kind: payload.event,
  reference: facts.booking.reference,
  payload,
  at: facts.at,
});

/**
 * The visitor's reminder, written from the invitation their confirmation carried (its page, their
 * language and address); `telephone` is the number they gave, said when the call is by telephone.
 */
export function visitorReminder(
  deps: VisitorMailDeps,
  confirmation: Pick<ConfirmationConfig, 'limits'>,
  invitation: CallInvitation & { link: string; lang: string },
  facts: ReminderFacts,
  telephone: string,
): ConfirmationRequest {
  const { booking } = facts;
  const { lang, link } = invitation;
  const words = deps.wordsIn(lang);
  const to = invitation.attendee.email;
  const when = visitorCallTime(booking, booking, lang);
  const place = callPlace(words, booking.meetingUrl, telephone, booking.meetingProvider);
  const mail = mailOf(
    lang,
    formatMessage(words['call.reminderSubject'], { reference: booking.reference }),
    [
      { text: words['call.reminderIntro'] },
      {
        text: formatMessage(words['call.reminderWhen'], { when, host: booking.host }),
        strong: true,
      },
      place,
      { text: words['call.emailChange'], link },
    ],
  );
  const payload: CallReminderEvent = {
    event: 'visitor.call-reminder',
    reference: booking.reference,
    to,
    ...mail,
  };
  return {
    notification: reminderNotification(payload, facts),
    // Counted as the call's confirmation is (`intake/aftercare.ts`): the mailbox's day of the
    // call's own emails, apart from other enquiries' confirmations, and the hour's ceiling.
    quotas: [
      {
        subject: keyedSubject(deps.receiptSecret, 'call-address', mailboxOf(to)),
        windowMs: DAY_MS,
        limit: confirmation.limits.perAddressPerDay,
      },
      { ...CONFIRMATION_CEILING, limit: confirmation.limits.perHour },
    ],
  };
}

/**
 * The host's reminder, in the firm's words and zone: when, with whom (their event's words: the
 * visitor, case type, address and telephone), where, and the lead's page where the proxy knows
 * its address.
 */
export function hostReminder(facts: ReminderFacts, publicUrl?: string): NewNotification {
  const { booking } = facts;
  const origin = publicUrl?.replace(/\/+$/, '');
  const where = booking.meetingUrl
    ? `Join the call at this link: ${booking.meetingUrl}`
    : booking.meetingProvider
      ? 'Online: the meeting is in the event in your calendar.'
      : 'By telephone.';
  const payload: CallChangeEvent = {
    event: 'call.reminder',
    reference: booking.reference,
    subject: `Reminder: ${booking.summary} (${booking.reference})`,
    text: [
      `A reminder of your call: ${callTime(booking, booking.timeZone, 'en')}.`,
      '',
      booking.description,
      '',
      where,
      ...(origin ? ['', `${origin}/admin/leads/${booking.reference}`] : []),
      '',
    ].join('\n'),
    to: [booking.host],
  };
  return reminderNotification(payload, facts);
}
