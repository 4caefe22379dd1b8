/**
 * Bookings as their users see them (`docs/booking.md`): what keeps hosts busy, for the slots
 * offered (`booking/slot-finder.ts`), and the calls an enquiry booked. A booking itself is taken
 * by `IntakeStore.accept`, in the enquiry's transaction.
 */
import type {
  BookedSpan,
  CallChange,
  CallMark,
  CallMarkOutcome,
  CallMove,
  SettledMeeting,
  StoredBooking,
} from './booking.ts';
import type {
  CalendarConnection,
  ConnectionKind,
  CalendarTrouble,
  CalendarWriteOutcome,
  ClaimedCalendarWrite,
  ConnectedCalendar,
  HostCalendar,
  UnreadCalendar,
} from './calendar-write.ts';
import type { CallsNotHeld } from './machine/calls-not-held.ts';
import type { HostFeed } from './machine/host-feeds.ts';
import type { NewNotification } from './notification.ts';
import type { ConfirmationRequest } from './receipt.ts';

export type { HostFeed };

/** The slots offered, an enquiry's calls, a host's feed, a call cancelled. */
export interface BookingStore {
  /** What keeps `hosts` (lower case) busy between `from` and `to`: their calls booked here. */
  bookedBetween(hosts: readonly string[], from: number, to: number): Promise<BookedSpan[]>;
  /** The calls booked with the enquiry `reference`, oldest first. */
  bookingsOf(reference: string): Promise<StoredBooking[]>;
  /** `host`'s calls booked, not cancelled, ending after `since`, earliest first. */
  hostBookings(host: string, since: number): Promise<StoredBooking[]>;
  /** The call `uid`, with the hash of its link's secret; null when there is none. */
  bookingToOpen(uid: string): Promise<{ booking: StoredBooking; secretHash: string } | null>;
  /**
   * Cancels the call `uid` (its time free again, its event removed, its host told); null when
   * none is booked at `change.sequence`.
   */
  cancelBooking(uid: string, at: number, change?: CallChange): Promise<StoredBooking | null>;
  /**
   * Moves the call `uid` to the first of `move.hosts` free then, in one transaction: `taken`
   * when none is (the call stays), null when it is not booked at `move.sequence`.
   */
  moveBooking(uid: string, move: CallMove, at: number): Promise<StoredBooking | 'taken' | null>;
  /** Forgets calls that ended before `before`, and finished writes of their events; how many. */
  forgetPastBookings(before: number): Promise<number>;
  /**
   * The calls the booking limits did not hold in the clock hour `at` falls in, by the limit
   * that held each back (`client`, `network`, `domain`, `hour`): counted by `accept`.
   */
  callsNotHeld(at: number): Promise<CallsNotHeld>;
}

/** Whether calls took place, as staff mark them (`booking/call-marks.ts`). */
export interface CallMarks {
  /** Marks the call `uid` (begun, not cancelled), counted in the funnel; or says why not. */
  markCall(uid: string, mark: CallMark): Promise<CallMarkOutcome>;
  /** `host`'s calls ended by `now` and not marked yet, the latest first. */
  callsToMark(host: string, now: number): Promise<StoredBooking[]>;
}

/**
 * Each host's private feed (`booking/host-feeds.ts`): its token found on each request, kept the
 * first time it is shown, replaced when its address must stop working.
 */
export interface HostFeeds {
  /** The token of `address`'s feed, if one is kept. */
  feedOf(address: string): Promise<string | undefined>;
  /** Whose feed `token` is, if anyone's. */
  feedHost(token: string): Promise<string | undefined>;
  /** Keeps `feed` as its host's unless they have one; answers the token kept. */
  keepFeed(feed: HostFeed): Promise<string>;
  /** Makes `feed` its host's in place of theirs: the old address leads nowhere from now on. */
  replaceFeed(feed: HostFeed): Promise<void>;
  /** Forgets `address`'s feed (its address leads nowhere; the next shown is new); true if kept. */
  forgetFeed(address: string): Promise<boolean>;
}

/** A booked call starting soon, as the reminders before it read it (`booking/call-reminders.ts`). */
export interface CallToRemind {
  booking: StoredBooking;
  /** When it was given its time: booked, or last moved. No reminder is due before then. */
  placedAt: number;
  /** How long before its start its latest reminder went (ms); null when none has yet. */
  remindedBefore: number | null;
}

/** A reminder of a call at its `start`, `before` ms ahead, with its emails. */
export interface CallReminder {
  uid: string;
  start: number;
  before: number;
  /** The visitor's email, within their confirmations' quotas. */
  visitor?: ConfirmationRequest | undefined;
  /** The host's email. */
  host?: NewNotification | undefined;
}

/** Reminders before calls: the calls starting soon, and each reminder taken once. */
export interface CallReminders {
  /** Calls booked, starting after `now` and by `now + within`, earliest first. */
  callsToRemind(now: number, within: number): Promise<CallToRemind[]>;
  /**
   * Queues `reminder`'s emails once, whichever instance asks first, while the call is booked at
   * that start and no reminder as close to it went: `queued` (the visitor's over its quota:
   * `over_limit`), or `done` when one did, or the call changed.
   */
  remindCall(reminder: CallReminder): Promise<'queued' | 'over_limit' | 'done'>;
}

/** Hosts' own calendars: connected by the CLI and the console, read by the busy cache. */
export interface HostCalendars {
  /** Keeps `calendar` as its host's; the writes owed to them that failed are tried again. */
  connectCalendar(calendar: HostCalendar): Promise<void>;
  /** Forgets `address`'s calendar and the writes owed to it; false when none was connected. */
  disconnectCalendar(address: string): Promise<boolean>;
  /** Every calendar connected, with what its reads came to. */
  hostCalendars(): Promise<ConnectedCalendar[]>;
  /**
   * Keeps a new sealed secret for `address`'s calendar as connected at `connectedAt` (the refresh
   * token a sign-in's provider rotated); nothing when it was connected again or removed since.
   */
  keepCalendarSecret(address: string, connectedAt: number, sealedPassword: string): Promise<void>;
  /** Records what a read of a calendar (as connected at `connectedAt`) came to. */
  recordCalendarRead(read: {
    address: string;
    connectedAt: number;
    at: number;
    fault: string | null;
  }): Promise<void>;
  /** The calendars failing whose last read that worked is older than `before`, or none worked. */
  unreadCalendars(before: number): Promise<UnreadCalendar[]>;
}

/** The firm's own connections (a Microsoft app, a Google service account), one a kind. */
export interface CalendarConnections {
  /** Keeps `connection` as the firm's of its kind; the writes owed through it are tried again. */
  connectCalendarConnection(connection: CalendarConnection): Promise<void>;
  /** The firm's connection of `kind`, or null. */
  calendarConnection(kind: ConnectionKind): Promise<CalendarConnection | null>;
  /** Every connection of the firm's. */
  calendarConnections(): Promise<CalendarConnection[]>;
  /** Forgets the firm's connection of `kind`; false when there was none. */
  disconnectCalendarConnection(kind: ConnectionKind): Promise<boolean>;
}

/** The writes owed to hosts' calendars (`booking/calendar-writer.ts`), and what needs the firm. */
export interface CalendarWriteQueue {
  /** Takes up to `limit` due writes for one try each, each call's in order. */
  claimCalendarWrites(
    owner: string,
    leaseMs: number,
    now: number,
    limit: number,
  ): Promise<ClaimedCalendarWrite[]>;
  /** Records how a try ended; false when a newer claim holds the write. */
  finishCalendarWrite(
    lease: { id: number; token: number },
    outcome: CalendarWriteOutcome,
  ): Promise<boolean>;
  /**
   * Keeps a call's meeting as its host's calendar made it (its link, or none: by telephone), at
   * its next SEQUENCE, with the visitor's email; null when the call has moved on since.
   */
  settleMeeting(settled: SettledMeeting): Promise<StoredBooking | null>;
  /** When the next pending write is due, or null. */
  nextCalendarWriteAt(): Promise<number | null>;
  /** The writes given up or failing in a way a person must mend. */
  calendarTrouble(): Promise<CalendarTrouble>;
}
