/**
 * What a notification says, as JSON: the body of a webhook call, and what an email is written
 * from. A lead event carries every field the visitor sent (attribution and answers included),
 * so the firm has the lead even when its platform never will.
 */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { Submission } from '../outbox/submission.ts';
import type { CalendarEvent } from '../outbox/booking.ts';
import type { ConfirmationMail } from './confirmation-email.ts';

/** A lead the platform does not have whole. */
export interface LeadEvent {
  event: 'lead.dead' | 'lead.partial';
  /** When it was given up (dead) or its files refused (partial). */
  at: string;
  /** When the visitor sent it. */
  receivedAt: string;
  reference: string;
  /** Why: the dead letter's note, or which files the platform refused. */
  reason: string;
  /** The platform's id, when the enquiry was created there. */
  enquiryId: number | null;
  enquiry: UpstreamEnquiry;
  files: {
    index: number;
    name: string;
    mime: string;
    size: number;
    sha256: string;
    delivered: boolean;
    refused: string | null;
  }[];
}

/** Something an operator must know about delivery as a whole. */
export interface AlertEvent {
  event:
    | 'alert.paused'
    | 'alert.stuck'
    | 'alert.webhooks'
    | 'alert.confirmations'
    | 'alert.calendars'
    | 'alert.calendarReads'
    | 'alert.calls'
    | 'alert.disk'
    | 'alert.recovered'
    | 'alert.digest'
    | 'alert.platform-down'
    | 'alert.platform-still-down'
    | 'alert.platform-back';
  at: string;
  message: string;
  hint?: string;
  /** The alerts held back within the hour (a digest's). */
  entries?: { event: string; at: string; message: string }[];
}

/**
 * The visitor's copy of their enquiry (`confirmation-email.ts`), written when it was stored:
 * only ever queued on the email channel, and sent to the visitor, not the firm.
 */
export interface ConfirmationEvent extends ConfirmationMail {
  event: 'confirmation';
  reference: string;
  to: string;
  /** The call the enquiry booked, sent as an invitation the visitor's calendar understands. */
  invitation?: CallInvitation;
}

/**
 * A booked call as the visitor's invitation says it (iCalendar `METHOD:REQUEST`): written at
 * intake; the host (`organizer`) is added by the outbox in the enquiry's transaction, where the
 * call is given to one.
 */
export interface CallInvitation extends CalendarEvent {
  attendee: { email: string; name: string };
  organizer?: string;
  /**
   * The page of the call (its link), and the language the visitor read the form in: kept with
   * the confirmation, so the emails of a later change say the same in the same words.
   */
  link?: string;
  lang?: string;
}

/**
 * The visitor told their call was cancelled or moved after its enquiry (`booking/call-changes.ts`):
 * an email from `CONFIRMATION_FROM` with the invitation their confirmation carried, updated
 * (`METHOD:CANCEL` for a cancel, `METHOD:REQUEST` at the new time for a move), the same UID at
 * the SEQUENCE the change gave it, so their calendar replaces what it holds.
 */
export interface VisitorCallEvent extends ConfirmationMail {
  event: 'visitor.call-cancelled' | 'visitor.call-moved' | 'visitor.call-updated';
  reference: string;
  to: string;
  invitation: CallInvitation & { organizer: string };
}

/**
 * A reminder of a booked call to its visitor (`booking/call-reminders.ts`), in the language they
 * read the form in, from `CONFIRMATION_FROM`: no invitation, their calendar has it already.
 */
export interface CallReminderEvent extends ConfirmationMail {
  event: 'visitor.call-reminder';
  reference: string;
  to: string;
}

/**
 * A new lead, told by email to the team it was routed to (`lead-notice.ts`): what it is and why
 * it came to them, never what the visitor typed unless the firm turned that on. Written at
 * intake; the outbox adds whom it goes to and the lead it repeats, in the lead's transaction.
 */
export interface NoticeEvent {
  event: 'notice';
  reference: string;
  /** When the visitor sent it (ISO 8601). */
  receivedAt: string;
  /** The team's id and label. */
  team: { id: string; label: string };
  /** The case type, as the firm reads it: `Label (id)`. */
  caseType: string;
  /** Why this team: the rule that matched, or the default, in words. */
  rule: string;
  /** The lead's page in the console (`PUBLIC_URL`), when the proxy knows its address. */
  link?: string;
  /** What the visitor sent, a `Label: value` line each, with `"includeAnswers": true`. */
  answers?: string[];
  /** Whom it goes to: the person whose turn it was, else everyone in the team. */
  to: string[];
  /** The person whose turn it was, in a round robin. */
  assignedTo: string | null;
  /** The reference of the earlier lead from the same person, when it repeats one. */
  repeatOf: string | null;
}

/**
 * A saved enquiry's link or code, or an unfinished enquiry's one reminder whose link opens like
 * a saved enquiry's (`draft-emails.ts`), to the address it was saved for: only ever
 * queued on the email channel, and dropped from the outbox once sent (it holds the link's key).
 */
export interface DraftMailEvent extends ConfirmationMail {
  event: 'draft.link' | 'draft.code' | 'draft.reminder';
  to: string;
}

/**
 * A booked call cancelled or moved after its enquiry (`booking/call-changes.ts`), told by email
 * to its host (both hosts, when a move gave it to another): written when the change is made, in
 * its transaction, where the outbox addresses it. A reminder before it (`call.reminder`,
 * `booking/call-reminders.ts`) goes to its host the same way.
 */
export interface CallChangeEvent {
  event: 'call.cancelled' | 'call.moved' | 'call.reminder';
  reference: string;
  subject: string;
  text: string;
  to: string[];
}

/** What the firm is told: a webhook's body, an email to the firm. */
export type FirmEvent = LeadEvent | AlertEvent;

/** An email to a visitor, from `CONFIRMATION_FROM`. */
export type VisitorEvent =
  ConfirmationEvent | DraftMailEvent | VisitorCallEvent | CallReminderEvent;

/** Every event a notification carries. */
export type NotifyEvent = FirmEvent | VisitorEvent | NoticeEvent | CallChangeEvent;

/** True for the emails that tell a host of their call changed, or remind them of it. */
export const isCallChange = (event: NotifyEvent): event is CallChangeEvent =>
  event.event === 'call.cancelled' ||
  event.event === 'call.moved' ||
  event.event === 'call.reminder';

/** True for the emails that go to a visitor rather than the firm. */
export const isVisitorEvent = (event: NotifyEvent): event is VisitorEvent =>
  event.event === 'confirmation' ||
  event.event.startsWith('draft.') ||
  event.event.startsWith('visitor.');

/** The iCalendar METHOD of a visitor's email's invitation; none for an email without one. */
export function invitationMethod(event: VisitorEvent): 'REQUEST' | 'CANCEL' | undefined {
  if (event.event === 'visitor.call-cancelled') return 'CANCEL';
  if (
    event.event === 'visitor.call-moved' ||
    event.event === 'visitor.call-updated' ||
    event.event === 'confirmation'
  )
    return event.invitation?.organizer ? 'REQUEST' : undefined;
  return undefined;
}

/** The event of a dead or partly delivered submission. */
export function leadEvent(submission: Submission, at: number): LeadEvent {
  const refused = submission.files.filter((file) => file.failure !== null && !file.skipped);
  const partial = submission.state === 'partial';
  return {
    event: partial ? 'lead.partial' : 'lead.dead',
    at: new Date(at).toISOString(),
    receivedAt: new Date(submission.receivedAt).toISOString(),
    reference: submission.reference,
    reason: partial
      ? refused.map((file) => `${file.name}: ${file.failure ?? ''}`).join('; ')
      : (submission.note ?? 'given up'),
    enquiryId: submission.enquiryId,
    enquiry: submission.upstream,
    files: submission.files.map((file) => ({
      index: file.index,
      name: file.name,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      delivered: file.attachmentId !== null,
      refused: file.failure,
    })),
  };
}

/** True for the events about one lead. */
export const isLeadEvent = (event: NotifyEvent): event is LeadEvent =>
  event.event.startsWith('lead.');
