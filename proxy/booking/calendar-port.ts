/**
 * The calendar port (`docs/booking.md`, "Calendars"): whatever holds a host's diary answers the
 * same two questions, which times are busy, and write or remove this event, so slots, bookings
 * and their events are written once. Two adapters: the outbox itself, the default that needs no
 * calendar (its bookings are the busy times), and a host's own CalDAV calendar, read in the
 * background and cached, never inside an enquiry's transaction.
 */
import type { CalendarEvent } from '../outbox/booking.ts';
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
}

/** A call as an event in a calendar (kept beside the bookings, as invitations say it too). */
export type { CalendarEvent } from '../outbox/booking.ts';

/** What a write or a removal came to. */
export type EventWriteOutcome = 'done' | 'already';

/** One host's own calendar, as the booking's writes reach it. */
export interface EventWriter {
  /** Writes `event`; `already` when the calendar holds it (a retry after an unknown outcome). */
  writeEvent(event: CalendarEvent): Promise<EventWriteOutcome>;
  /** Removes the event `uid`; `already` when the calendar does not hold it. */
  removeEvent(uid: string): Promise<EventWriteOutcome>;
}
