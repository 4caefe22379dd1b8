/**
 * The calendar port (`docs/booking.md`, "Calendars"): whatever holds a host's diary answers the
 * same two questions, which times are busy, and write or remove this event, so slots, bookings
 * and their events are written once. Four adapters, as the outbox's two dialects are one plan:
 *
 * - the outbox itself, the default that needs no calendar (a host's calls here are their busy
 *   times, and their feed their copy: `host-feeds.ts`);
 * - a host's own calendar of a kind (`CalendarKind`), each kind an adapter (`CalendarAdapter`)
 *   listed once in `calendar-adapters.ts`: CalDAV (`caldav/`), Microsoft 365 through Microsoft
 *   Graph (`microsoft/`), Google Workspace through the Calendar API (`google/`).
 *
 * A connected calendar is read in the background and cached (`busy-cache.ts`), and written by
 * the outbox's queue (`calendar-writer.ts`), never inside an enquiry's transaction. Either opens
 * it by its kind (`CalendarOpener`), handed the secrets it needs already opened.
 */
import type { CalendarEvent } from '../outbox/booking.ts';
import type { CalendarKind, HostCalendar, WebAppKind } from '../outbox/calendar-write.ts';
import type { BusyReading } from './caldav/busy-events.ts';
import type { Span } from './slot-grid.ts';

/**
 * The events that keep hosts busy in their own calendars, as last read (the slots offered and
 * the booking taken read these, never the calendar itself).
 */
export interface CalendarBusy {
  /**
   * `host`'s events reaching into `[from, to)`: none when they connected no calendar, or
   * `unreadable` when theirs cannot be read just now (their times are then not offered).
   */
  eventsOf(host: string, from: number, to: number): readonly Span[] | 'unreadable';
  /** Grows whenever a calendar read changes what is known: times worked out before are stale. */
  readonly version: number;
  /** The kind of `host`'s connected calendar, as last listed; undefined when none is. */
  kindOf?(host: string): CalendarKind | undefined;
}

/** A call as an event in a calendar (kept beside the bookings, as invitations say it too). */
export type { CalendarEvent } from '../outbox/booking.ts';
export type { CalendarKind, HostCalendar } from '../outbox/calendar-write.ts';
export type { BusyReading } from './caldav/busy-events.ts';

/** A meeting its calendar is still making (Google's conference `pending`): read it again later. */
export const MEETING_PENDING = Object.freeze({ pending: true } as const);
/** `MEETING_PENDING`'s type. */
export type MeetingPending = typeof MEETING_PENDING;

/** What a write or a removal came to. */
export type EventWriteOutcome = 'done' | 'already';

/** One host's own calendar, as the booking's writes reach it. */
export interface EventWriter {
  /**
   * Writes `event` (`sequence` 0), or writes it again at its new time (a moved call); `already`
   * when the calendar holds it (a retry after an unknown outcome). A retry never writes twice.
   */
  writeEvent(event: CalendarEvent): Promise<EventWriteOutcome>;
  /** Removes the event `uid`; `already` when the calendar does not hold it. */
  removeEvent(uid: string): Promise<EventWriteOutcome>;
  /**
   * The join link of the online meeting the calendar made with the event `uid` (written with
   * `onlineMeeting`), read back: `MEETING_PENDING` while it is still being made (read again
   * later), undefined when it made none (not asked, refused, the event gone). Only the kinds that
   * make meetings have it (Microsoft 365, Google).
   */
  meetingLinkOf?(uid: string): Promise<string | MeetingPending | undefined>;
}

/** A host's calendar, opened: what the busy cache reads and the writer writes. */
export interface OpenedCalendar extends EventWriter {
  /**
   * The spans its events keep the host busy within `[from, to)`, every page read, series
   * expanded: events marked free and cancelled ones keep nobody busy, and the proxy's own calls
   * (`reading.isOwnBooking`: the outbox holds those) are left out. Throws the `CalendarFault`
   * (`caldav/calendar-fault.ts`) that says, in words, why it cannot be read.
   */
  busyTimes(from: number, to: number, reading: BusyReading): Promise<Span[]>;
}

/** The firm's connection of a kind, its secret opened with the calendar key. */
export interface OpenedConnection {
  /** What its adapter needs besides the secret (a tenant's and an application's ids). */
  settings: Readonly<Record<string, string>>;
  secret: string;
  /** When it was connected: a new one (a new secret) is a new connection. */
  connectedAt: number;
}

/** What a host's calendar is opened with, every secret already opened with the calendar key. */
export interface CalendarSecrets {
  /** The host's own secret (a CalDAV password; their sign-in's refresh token); '' when none. */
  own: string;
  /** The firm's connection of the calendar's kind, when the firm has one. */
  firm?: OpenedConnection | undefined;
  /**
   * For a host's own sign-in (`own` their refresh token): the firm's web app they signed in
   * through (`calendars microsoft-web`), and where a new refresh token the provider gives is
   * kept, sealed.
   */
  signedIn?:
    { app: OpenedConnection | undefined; keep: (own: string) => Promise<void> } | undefined;
}

/** What connecting the firm's connection reads besides its arguments. */
export interface ConnectorIo {
  /** Standard input's first line (not echoed at a terminal): a client secret. */
  readSecret(): Promise<string>;
  /** A file's text (a service account's key file). */
  readFile(path: string): Promise<string>;
}

/**
 * The firm's own connection of a kind (`npm run outbox -- calendars <kind> …`): read from the
 * command's arguments and standard input, proved by a token before anything is kept.
 */
export interface FirmConnector {
  /** The command's arguments after the kind, as its usage says them. */
  usage: string;
  /** The settings and the secret the arguments give, or why they are refused (in words). */
  read(
    args: readonly string[],
    io: ConnectorIo,
  ): Promise<{ settings: Record<string, string>; secret: string } | { refused: string }>;
  /** Fetches a token with `connection`; throws the `CalendarFault` saying why none came. */
  prove(connection: OpenedConnection): Promise<void>;
  /** What the command says once it is kept (which app, which tenant: never the secret). */
  describe(settings: Readonly<Record<string, string>>): string;
}

/**
 * One kind of calendar: how a host's calendar of it is opened, and (where the firm connects it
 * once for every host) how that connection is made. A new kind is a folder with its adapter and
 * one line in `calendar-adapters.ts`; nothing else in booking changes.
 */
export interface CalendarAdapter {
  readonly kind: CalendarKind;
  /** The firm's connection of this kind, when its hosts are read through one. */
  readonly firm?: FirmConnector | undefined;
  /** Where a host signs in to connect their own calendar of this kind, where the firm lets them. */
  readonly signIn?: SignInProvider | undefined;
  /** `calendar`, opened with `secrets`: a fault of its own throws when it is used, not here. */
  open(calendar: HostCalendar, secrets: CalendarSecrets): OpenedCalendar;
}

/**
 * Where a host signs in to connect their own calendar of a kind (`host-sign-in/`): the tokens a
 * token endpoint gave.
 */
export interface SignInTokens {
  accessToken: string;
  expiresAt: number;
  /** Absent when the provider keeps the one it gave before (Google's refresh). */
  refreshToken?: string | undefined;
}

/** What an authorization request carries besides the app. */
export interface AuthorizationAsk {
  redirectUri: string;
  state: string;
  /** The PKCE code challenge: base64url(SHA-256(verifier)). */
  challenge: string;
  /** The host's address, offered to the provider's sign-in as the account to use. */
  loginHint: string;
}

/** One provider of hosts' own sign-in. */
export interface SignInProvider {
  /** The web app's kind of connection (`calendars microsoft-web`). */
  readonly webKind: WebAppKind;
  /** The provider's name, as a host reads it ("Microsoft", "Google"). */
  readonly name: string;
  /** Reads, proves and describes the firm's web app (`calendars <webKind>`). */
  readonly connector: FirmConnector;
  /** Where the host's browser is sent to sign in. */
  authorizationUrl(app: OpenedConnection, ask: AuthorizationAsk): string;
  /** The code the provider sent back, redeemed with its verifier; a refresh token always. */
  redeem(
    app: OpenedConnection,
    grant: { code: string; verifier: string; redirectUri: string },
    now: number,
  ): Promise<SignInTokens & { refreshToken: string }>;
  /** A new access token (and, from Microsoft, a new refresh token) from `refreshToken`. */
  refresh(app: OpenedConnection, refreshToken: string, now: number): Promise<SignInTokens>;
  /**
   * The address of the account signed in, as the calendar its `accessToken` opens says (Graph's
   * `/me/calendar` owner, Google's primary calendar's id), in lower case.
   */
  account(accessToken: string): Promise<string>;
  /**
   * Hands `refreshToken` back when the host disconnects, ending the app's access to their
   * account (Google's revocation endpoint); absent where the provider has no such endpoint for
   * one app's grant (Microsoft's ends only every session of the person's).
   */
  revoke?(refreshToken: string): Promise<void>;
}
