/**
 * The visitor told of their call cancelled or moved after its enquiry (`docs/booking.md`,
 * "Cancel or move"; `docs/confirmation-email.md`, "A booked call"): an email in the language
 * they read the form in, from `CONFIRMATION_FROM`, with the invitation their confirmation
 * carried, updated: `METHOD:CANCEL` for a cancel, `METHOD:REQUEST` at the new time for a move,
 * the same UID at the SEQUENCE the change gives it, so their calendar replaces what it holds;
 * a move's says the link to the call's page again (the same token opens it). Where the host's
 * calendar makes the call's meeting, its link once read is told the same way (`meeting`: the
 * invitation at the next SEQUENCE with the link in LOCATION and URL, or by telephone where the
 * calendar made none: `meeting-reads.ts`).
 *
 * It is written from that confirmation as the outbox keeps it: a visitor whose confirmation
 * carried no invitation (none asked for, over its quota, its lead forgotten) has nothing in
 * their calendar to mend, and is sent nothing (their call's page offers the update to
 * download instead). A call's own emails are counted under no quota: the email a visitor's
 * own call needs always goes (book, move, cancel), and their number is the call's to bound, one
 * confirmation (within the confirmations' quotas), `booking.visitorMoves` moves by the visitor
 * (`call-changes.ts`) and one cancel, so that a link to somebody else's address cannot be
 * pressed into a flood of email. Staff's changes are the firm's own.
 */
import type { Strings } from '../contract/strings/english.ts';
import { formatMessage } from '../contract/messages.ts';
import { escapeHtml } from '../notify/confirmation-email.ts';
import { mailOf } from '../notify/draft-emails.ts';
import type { CallInvitation, VisitorCallEvent } from '../notify/events.ts';
import type { StoredBooking } from '../outbox/booking.ts';
import type { QueuedNotification } from '../outbox/notification.ts';
import type { ConfirmationRequest } from '../outbox/receipt.ts';
import { visitorCallTime } from './call-words.ts';
import { invitationPlace } from './meeting-link.ts';
import type { Span } from './slot-grid.ts';

/** What telling visitors needs: set only when they can be emailed (`CONFIRMATION_FROM`). */
export interface VisitorMailDeps {
  /**
   * The key the confirmations' quotas are kept under (the outbox's `receipt_secret`): the
   * reminders count under them (`reminder-mails.ts`); a change of the call's counts under none.
   */
  receiptSecret: string;
  /** The product's words (or the firm's strings file's) in a language. */
  wordsIn: (lang: string | undefined) => Strings;
}

/** A change to tell the visitor of, as `call-changes.ts` makes it. */
export interface VisitorChange {
  kind: 'cancelled' | 'moved' | 'meeting';
  /** The call as it was before the change (a meeting's: with the link read, or none). */
  booking: StoredBooking;
  /** A move's new time, in its rules' zone. */
  to?: Span & { timeZone: string };
  /** The SEQUENCE the change gives the call. */
  sequence: number;
  /** True when the visitor pressed it on their own page; false for staff. */
  byVisitor: boolean;
  at: number;
}

/** The invitation the confirmation of `reference` carried, as the outbox keeps it. */
export function keptInvitation(
  notifications: readonly QueuedNotification[],
): (CallInvitation & { link: string; lang: string }) | undefined {
  const confirmation = notifications.find((each) => each.kind === 'confirmation');
  const payload = confirmation?.payload as { invitation?: CallInvitation } | undefined;
  const invitation = payload?.invitation;
  if (!invitation?.link || !invitation.lang || !invitation.attendee.email) return undefined;
  return { ...invitation, link: invitation.link, lang: invitation.lang };
}

/**
 * The visitor's email of `change`, to queue with it, as the host (`host`) who has the call
 * after it is known only in the change's transaction.
 */
export function visitorNotice(
  deps: VisitorMailDeps,
  invitation: CallInvitation & { link: string; lang: string },
  change: VisitorChange,
): (host: string) => ConfirmationRequest {
  const { booking, sequence } = change;
  const { lang } = invitation;
  const words = deps.wordsIn(lang);
  const say = (key: keyof Strings, params: Record<string, string> = {}) =>
    formatMessage(words[key], params);
  const to = invitation.attendee.email;
  // On the visitor's clock, the firm's beside it (`call-words.ts`).
  const was = visitorCallTime(booking, booking, lang);
  return (host) => {
    const span = change.to ?? { ...booking };
    const params = { reference: booking.reference, when: was, host };
    const mail =
      change.kind === 'meeting'
        ? meetingMail(words, lang, booking, params, invitation.link)
        : change.kind === 'cancelled'
          ? mailOf(
              { lang },
              say('call.cancelledSubject', params),
              [say(change.byVisitor ? 'call.cancelledByVisitor' : 'call.cancelledByFirm')],
              setApart(say('call.cancelledWhen', params)),
              change.byVisitor
                ? [say('call.cancelledCalendar')]
                : [say('call.bookAgain'), say('call.cancelledCalendar')],
            )
          : mailOf(
              { lang },
              say('call.movedSubject', params),
              [say(change.byVisitor ? 'call.movedByVisitor' : 'call.movedByFirm')],
              setApart(
                say('call.movedNow', {
                  when: visitorCallTime(span, { ...span, visitorZone: booking.visitorZone }, lang),
                  host,
                }),
              ),
              [say('call.movedWas', params), say('call.movedCalendar'), say('call.emailChange')],
            );
    const event = `visitor.call-${change.kind === 'meeting' ? 'updated' : change.kind}` as const;
    const payload: VisitorCallEvent = {
      event,
      reference: booking.reference,
      to,
      ...withLink(mail, change.kind === 'moved' ? invitation.link : undefined),
      invitation: {
        ...invitation,
        // Where it happens now: the meeting's link once read, kept through its moves.
        ...invitationPlace(words, booking.meetingUrl, booking.meetingProvider),
        start: span.start,
        end: span.end,
        sequence,
        stamp: change.at,
        organizer: host,
      },
    };
    return {
      // One per change: the SEQUENCE it gives the call names it. Bounded by the call, not a quota.
      notification: {
        key: `${event}:${booking.uid}:${String(sequence)}`,
        channel: 'email',
        kind: event,
        reference: booking.reference,
        payload,
        at: change.at,
      },
      quotas: [],
    };
  };
}

/**
 * The email of a call's meeting as its host's calendar made it: the link to join (the call's
 * `meetingUrl`), or by telephone where the calendar made none (with the call's `page`).
 */
function meetingMail(
  words: Strings,
  lang: string,
  booking: StoredBooking,
  params: Record<string, string>,
  page: string,
) {
  const say = (key: keyof Strings) => formatMessage(words[key], params);
  const link = booking.meetingUrl;
  const when = setApart(formatMessage(words['call.reminderWhen'], params));
  const mail = link
    ? mailOf({ lang }, say('call.meetingSubject'), [say('call.meetingReady')], when, [
        say('call.joinAt'),
      ])
    : mailOf({ lang }, say('call.meetingNoneSubject'), [say('call.meetingNone')], when, [
        say('call.emailChange'),
      ]);
  // The link to join; by telephone, the call's page to cancel or move it.
  return withLink(mail, link ?? page);
}

/** A line set apart, in bold. */
const setApart = (line: string) => ({
  text: line,
  html: `<p><strong>${escapeHtml(line)}</strong></p>`,
});

/** `mail` with `link` as its last paragraph, a link in the HTML part. */
function withLink(mail: ReturnType<typeof mailOf>, link: string | undefined) {
  if (!link) return mail;
  const anchor = `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return {
    subject: mail.subject,
    text: `${mail.text}${link}\n`,
    html: mail.html.replace('</body></html>', `${anchor}\n</body></html>`),
  };
}
