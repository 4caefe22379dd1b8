/**
 * A call booked with an enquiry, as the outbox takes and keeps it (`docs/booking.md`,
 * "Storage"): what intake asks it to book, and the booking as kept. Taken in the enquiry's own
 * transaction (`machine/bookings.ts`), so an enquiry with a time is stored with its booking or
 * not at all.
 */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { MeetingProvider } from '../contract/schemas/after-call.ts';
import type { FunnelKey } from './funnel-counts.ts';
import type { NewNotification } from './notification.ts';
import type { ConfirmationRequest } from './receipt.ts';

/** What intake asks the outbox to book with a new enquiry. */
export interface NewBooking {
  /** The iCalendar UID: the booking's id at the proxy's host, the same wherever it is written. */
  uid: string;
  /** The appointment question's id: its meta entry upstream names the host. */
  question: string;
  start: number;
  end: number;
  /** The end of the buffer after it: the booking covers `[start, until)`. */
  until: number;
  timeZone: string;
  /** The visitor's own IANA zone, when their widget said it (`time_zone` of the enquiry part). */
  visitorZone?: string | undefined;
  /** Its meeting's link, a room of its own (`booking.meeting`); none: by telephone. */
  meetingUrl?: string | undefined;
  /**
   * The provider whose meeting its host's calendar makes (`booking.meeting`'s `provider`), its
   * link read back after the event is written; none: a room link, or by telephone.
   */
  meetingProvider?: MeetingProvider | undefined;
  /**
   * The hosts to try, in the configuration's order, each free as far as the proxy knows (their
   * calendars, who is away): the outbox books the first whose time nobody took.
   */
  hosts: readonly string[];
  /** For a round-robin team: its id, whose turn decides which host is tried first. */
  turnsOf?: string | undefined;
  /** SHA-256 (hex) of the secret of the visitor's cancel and move link; the secret is theirs. */
  secretHash: string;
  /** What the host's calendar calls the event, and says of it. */
  summary: string;
  description: string;
  /** The meta entry's value upstream once the host is known (`booking/call-words.ts`). */
  metaValue: (host: string) => string;
  at: number;
}

/** A call kept in the outbox. */
export interface StoredBooking {
  id: number;
  uid: string;
  reference: string;
  question: string;
  host: string;
  team: string | null;
  start: number;
  end: number;
  until: number;
  timeZone: string;
  /** The visitor's own IANA zone, when their widget said it: null otherwise (the page without JavaScript). */
  visitorZone: string | null;
  /** How often the visitor has moved it through their link (`booking.visitorMoves` bounds it). */
  visitorMoves: number;
  /** Its meeting's link, kept through every move; null: by telephone. */
  meetingUrl: string | null;
  /**
   * The provider whose meeting its host's calendar makes (`booking/meeting-reads.ts`), its link
   * read back into `meetingUrl`; null for a room link, a call by telephone, and one whose
   * calendar made no meeting (by telephone after all).
   */
  meetingProvider: MeetingProvider | null;
  state: 'booked' | 'cancelled';
  summary: string;
  description: string;
  /** iCalendar's SEQUENCE: 0, then one more with each change (a cancellation). */
  sequence: number;
  createdAt: number;
  cancelledAt: number | null;
  /** Whether it took place, as staff marked it once it began (null: not marked). */
  outcome: CallOutcome | null;
  markedAt: number | null;
  /** Who marked it, as the audit log names them. */
  markedBy: string | null;
}

/** Whether a call took place: the visitor came (`attended`), or did not (`no_show`). */
export type CallOutcome = 'attended' | 'no_show';

/** A mark staff give a call that has begun. */
export interface CallMark {
  outcome: CallOutcome;
  /** Who marked it, as the audit log names them. */
  by: string;
  at: number;
}

/** What a mark came to: marked (with the mark it had before), or why not. */
export type CallMarkOutcome =
  | { kind: 'marked'; booking: StoredBooking; previous: CallOutcome | null }
  | { kind: 'cancelled' | 'not_begun'; booking: StoredBooking }
  | { kind: 'not_found' };

/** The enquiry whose booking is taken, as its accept has just inserted it. */
export interface BookedSubmission {
  id: number;
  reference: string;
  upstream: UpstreamEnquiry;
  /** The funnel's cell the enquiry is counted in (none: not counted), where its call counts too. */
  funnelCell?: FunnelKey;
}

/** A host's calls between two times: what keeps them busy here. */
export interface BookedSpan {
  host: string;
  start: number;
  until: number;
}

/** A call as an event in a calendar: a host's, and the visitor's invitation. */
export interface CalendarEvent {
  /** The booking's iCalendar UID: the same event, wherever and however often it is written. */
  uid: string;
  start: number;
  end: number;
  summary: string;
  description: string;
  /** iCalendar's SEQUENCE: one more with each change. */
  sequence: number;
  /** When the booking was made (DTSTAMP). */
  stamp: number;
  /** Where it happens (LOCATION): its meeting's link, or words (by telephone). */
  location?: string | undefined;
  /** Its meeting's link (URL), where it has one. */
  url?: string | undefined;
  /**
   * The online meeting the host's calendar is asked to make with the event (`booking.meeting`'s
   * `provider`), read back by `meetingLinkOf` (`booking/calendar-port.ts`).
   */
  onlineMeeting?: MeetingProvider | undefined;
}

/** A change asked at the call's `sequence`, with the notice telling its host(s), if any. */
export interface CallChange {
  /** The SEQUENCE the change was asked at; -1: whatever it is now (an erasure). */
  sequence: number;
  /** Queued with the change, its `to` set to the hosts concerned. */
  notice?: NewNotification | undefined;
  /**
   * The visitor's email of the change, as the host who has the call after it writes it
   * (`booking/visitor-call-notice.ts`), queued with it within its quotas.
   */
  visitorMail?: ((host: string) => ConfirmationRequest) | undefined;
  /**
   * Set for the visitor's own change (`notice`'s key ends `:visitor`): the host's emails about
   * the call are coalesced (`machine/host-call-notices.ts`).
   */
  byVisitor?: boolean | undefined;
}

/**
 * A call's meeting as its host's calendar made it, read after its event was written at
 * `sequence`: its join link, or null where the calendar made none (the call by telephone).
 */
export interface SettledMeeting {
  uid: string;
  sequence: number;
  link: string | null;
  /** The visitor's updated invitation, as the call's host writes it, queued with it. */
  visitorMail?: ((host: string) => ConfirmationRequest) | undefined;
}

/** The call `uid` moved to a new span, with the hosts who may take it, in order. */
export interface CallMove extends CallChange {
  start: number;
  end: number;
  until: number;
  hosts: readonly string[];
  /**
   * Set for the visitor's own move: counted with the call, and made only while they have moved
   * it fewer than `movesAllowed` times (`booking.visitorMoves`). Staff's moves are not counted.
   */
  movesAllowed?: number | undefined;
}
