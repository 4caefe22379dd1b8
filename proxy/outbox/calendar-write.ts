/**
 * What the outbox keeps of hosts' own calendars (`machine/calendars.ts`): a calendar connected
 * (its password sealed, never in the clear), and a write owed to one, as the calendar writer
 * (`booking/calendar-writer.ts`) claims it and says how it ended.
 */
import type { StoredBooking } from './booking.ts';

/** A host's calendar, as connected. */
export interface HostCalendar {
  /** The host's address, in lower case. */
  address: string;
  url: string;
  username: string;
  /** The password sealed with the calendar key (`booking/calendar-key.ts`). */
  sealedPassword: string;
  connectedAt: number;
  /** Who connected it (as the audit log names people). */
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
