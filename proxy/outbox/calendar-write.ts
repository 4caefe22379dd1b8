/**
 * What the outbox keeps of hosts' own calendars (`machine/calendars.ts`): a calendar connected
 * (its password sealed, never in the clear), and a write owed to one, as the calendar writer
 * (`booking/calendar-writer.ts`) claims it and says how it ended.
 */
import type { StoredBooking } from './booking.ts';

/**
 * The kinds of calendar a host may connect (`booking/calendar-adapters.ts` opens each): a CalDAV
 * server, a Microsoft 365 mailbox through Microsoft Graph, a Google Workspace calendar. A host with
 * none connected keeps the outbox's own (their calls here, and their feed).
 */
export const CALENDAR_KINDS = ['caldav', 'microsoft', 'google'] as const;
/** One of `CALENDAR_KINDS`. */
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** What the firm calls a calendar of each kind, as the alerts and the console say. */
export const CALENDAR_KIND_NAMES: Readonly<Record<CalendarKind, string>> = Object.freeze({
  caldav: 'CalDAV calendar',
  microsoft: 'Microsoft 365 calendar',
  google: 'Google calendar',
});

/**
 * The firm's web apps a host signs in through to connect their own calendar from the console
 * (`booking/host-sign-in/`): a Microsoft Entra ID app of the web platform, a Google OAuth client
 * of type web. Each is kept as a connection of its own (`CalendarConnection`), beside the
 * firm-wide ones, and reads the calendars of the kind it names.
 */
export const WEB_APP_KINDS = { microsoft: 'microsoft-web', google: 'google-web' } as const;
/** One of `WEB_APP_KINDS`' values. */
export type WebAppKind = (typeof WEB_APP_KINDS)[keyof typeof WEB_APP_KINDS];
/** What the firm connects once: a kind's firm-wide connection, or a web app hosts sign in through. */
export type ConnectionKind = CalendarKind | WebAppKind;

/** A host's calendar, as connected. */
export interface HostCalendar {
  /** The host's address, in lower case. */
  address: string;
  kind: CalendarKind;
  /** Where it is, as its kind reads it: a CalDAV collection's address; a mailbox; a calendar's id. */
  url: string;
  /** Who signs in to it, as its kind reads it (a CalDAV user); empty where the firm's connection does. */
  username: string;
  /**
   * The host's own secret (a CalDAV password; the refresh token of their own sign-in) sealed with
   * the calendar key (`booking/calendar-key.ts`); empty where the firm's connection reads it.
   */
  sealedPassword: string;
  connectedAt: number;
  /** Who connected it (as the audit log names people). */
  connectedBy: string;
}

/** What the reads of a host's calendar came to, as the last instance to read it recorded. */
export interface CalendarReadState {
  /** The last read that worked; null before one did. */
  readAt: number | null;
  /** Why the last read did not work, in words; null when it did. */
  fault: string | null;
  /** Since when it has not worked; null when it does. */
  faultAt: number | null;
}

/** A host's calendar as connected, with what its reads came to. */
export type ConnectedCalendar = HostCalendar & CalendarReadState;

/** A calendar that cannot be read, past the time its last read is trusted. */
export interface UnreadCalendar {
  address: string;
  kind: CalendarKind;
  fault: string;
  faultAt: number;
}

/**
 * The firm's own connection of a kind (a Microsoft app; a Google service account), which reads
 * the calendars of the hosts connected through it.
 */
export interface CalendarConnection {
  kind: ConnectionKind;
  /** What its adapter needs besides the secret (a tenant's and an application's ids). */
  settings: Readonly<Record<string, string>>;
  /** The secret (a client secret; a private key) sealed with the calendar key. */
  sealedSecret: string;
  connectedAt: number;
  connectedBy: string;
}

/** A write owed to a host's calendar: put a call's event in it, or take it out. */
export interface CalendarWrite {
  id: number;
  uid: string;
  host: string;
  action: 'put' | 'remove';
  attempts: number;
  createdAt: number;
  lastError: string | null;
}

/** A write claimed by one writer, with what it needs: the call (gone, once erased) and the calendar. */
export interface ClaimedCalendarWrite {
  write: CalendarWrite;
  lease: { id: number; token: number };
  booking: StoredBooking | null;
  calendar: HostCalendar | null;
}

/** How one try at a write ended. */
export type CalendarWriteOutcome =
  | { kind: 'done'; at: number }
  | { kind: 'retry'; at: number; error: string; needsPerson: boolean }
  | { kind: 'failed'; at: number; error: string };

/** The writes that need the firm's eye: given up, or failing in a way only a person mends. */
export interface CalendarTrouble {
  count: number;
  latest: (CalendarWrite & { reference: string | null }) | null;
}
