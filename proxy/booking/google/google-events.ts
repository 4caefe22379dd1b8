/**
 * A Google Calendar event (the Calendar API's `Event` resource) as the time it keeps a host busy,
 * and a call as an event written there. Read as Google's own free/busy reads them: cancelled,
 * transparent ("Show as: Available"), working-location events and those the host declined keep
 * nobody busy; an all-day event's dates are days in the calendar's own zone (the `timeZone` of
 * the list); the proxy's own calls (their booking's UID kept in a private extended property)
 * are left out, as the outbox counts them.
 */
import { createHash } from 'node:crypto';
import { isTimeZone } from '../../contract/schemas/booking.ts';
import type { CalendarEvent } from '../../outbox/booking.ts';
import type { BusyReading } from '../caldav/busy-events.ts';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import type { Span } from '../slot-grid.ts';
import { instantOf } from '../zoned-time.ts';

/** An event's start or end: an instant, or a whole day (`date`). */
interface EventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

/** What of an `Event` is read. */
export interface GoogleEvent {
  id?: string;
  status?: string;
  transparency?: string;
  eventType?: string;
  iCalUID?: string;
  start?: EventTime;
  end?: EventTime;
  attendees?: { self?: boolean; responseStatus?: string }[];
  extendedProperties?: { private?: Record<string, string> };
}

/** The private extended property that holds a call's booking UID. */
const BOOKING_UID = 'enquiryFormBookingUid';

/**
 * The event id a booking's event has in every host's calendar: chosen by the proxy, so a retry
 * of an insert whose answer was lost finds it there (409) and never writes twice. Google's ids
 * are 5 to 1024 characters of base32hex (`0-9a-v`): a SHA-256 in hex is.
 */
export const eventIdOf = (uid: string): string => createHash('sha256').update(uid).digest('hex');

/** A call as the event resource written (its id apart): no attendee, so Google sends nobody mail. */
export function eventResource(event: CalendarEvent): Record<string, unknown> {
  return {
    summary: event.summary,
    description: event.description,
    start: { dateTime: new Date(event.start).toISOString() },
    end: { dateTime: new Date(event.end).toISOString() },
    transparency: 'opaque',
    // Where it happens: its meeting's link, or words (Google shows a link there as one).
    ...(event.location || event.url ? { location: event.location ?? event.url } : {}),
    extendedProperties: { private: { [BOOKING_UID]: event.uid } },
  };
}

/** The instant `time` names; days in `zone`. */
function instant(time: EventTime | undefined, zone: string): number | undefined {
  if (time?.dateTime) {
    if (/(?:[zZ]|[+-]\d\d:\d\d)$/.test(time.dateTime)) return Date.parse(time.dateTime);
    const [date = '', clock = ''] = time.dateTime.split('T');
    const [hours = 0, minutes = 0] = clock.split(':').map(Number);
    const own = time.timeZone && isTimeZone(time.timeZone) ? time.timeZone : zone;
    return instantOf(date, hours * 60 + minutes, own);
  }
  if (time?.date) return instantOf(time.date, 0, zone) ?? instantOf(time.date, 60, zone);
  return undefined;
}

/** Whether `event` keeps its calendar's owner busy (see the module's comment). */
function keepsBusy(event: GoogleEvent, reading: BusyReading): boolean {
  if (event.status === 'cancelled' || event.transparency === 'transparent') return false;
  if (event.eventType === 'workingLocation') return false;
  if (event.attendees?.some((each) => each.self && each.responseStatus === 'declined'))
    return false;
  const own = event.extendedProperties?.private?.[BOOKING_UID] ?? event.iCalUID ?? '';
  return !reading.isOwnBooking(own);
}

/**
 * The spans `events` (one page of a list, series expanded by Google) keep their owner busy
 * within `[from, to)`, all-day ones in `calendarZone` (the firm's when the list said none).
 */
export function busySpansOf(
  events: readonly GoogleEvent[],
  calendarZone: unknown,
  from: number,
  to: number,
  reading: BusyReading,
): Span[] {
  const zone =
    typeof calendarZone === 'string' && isTimeZone(calendarZone)
      ? calendarZone
      : reading.floatingZone;
  const spans: Span[] = [];
  for (const event of events) {
    if (!keepsBusy(event, reading)) continue;
    const start = instant(event.start, zone);
    const end = instant(event.end, zone);
    if (start === undefined || end === undefined || Number.isNaN(start) || Number.isNaN(end))
      // Never read as free: a time not understood is a calendar not read.
      throw new CalendarFault(
        'unreadable',
        `Google answered an event (${event.id ?? 'without an id'}) whose times cannot be read`,
      );
    if (end > from && start < to && end > start) spans.push({ start, end });
  }
  return spans;
}
