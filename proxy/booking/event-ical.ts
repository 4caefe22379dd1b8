/**
 * Calls as iCalendar (RFC 5545), written by ical.js (its folding and escaping): one event as a
 * CalDAV resource (`caldav/caldav-calendar.ts` puts it), and a host's private feed of their
 * calls (`http/calendar-feed-route.ts`), which Outlook, Google Calendar and Apple Calendar
 * subscribe to. Times are in UTC (`…Z`), so no VTIMEZONE is needed and every reader agrees; each
 * event keeps its booking's UID, the same in the feed and in the host's calendar.
 */
import ICAL from 'ical.js';
import type { StoredBooking } from '../outbox/booking.ts';
import type { CalendarEvent } from './calendar-port.ts';

const PRODID = '-//enquiry-form//booking//EN';

/** `at` as an iCalendar date-time in UTC. */
const utc = (at: number) => ICAL.Time.fromJSDate(new Date(at), true);

/** A VCALENDAR holding `events`, with `extra` properties of its own (a feed's name). */
function calendarOf(
  events: readonly CalendarEvent[],
  extra: readonly ([string, string] | ICAL.Property)[] = [],
): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', PRODID);
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  for (const property of extra)
    if (Array.isArray(property)) calendar.updatePropertyWithValue(property[0], property[1]);
    else calendar.addProperty(property);
  for (const event of events) {
    const vevent = new ICAL.Component('vevent');
    vevent.updatePropertyWithValue('uid', event.uid);
    vevent.updatePropertyWithValue('dtstamp', utc(event.stamp));
    vevent.updatePropertyWithValue('dtstart', utc(event.start));
    vevent.updatePropertyWithValue('dtend', utc(event.end));
    vevent.updatePropertyWithValue('summary', event.summary);
    vevent.updatePropertyWithValue('description', event.description);
    vevent.updatePropertyWithValue('sequence', event.sequence);
    vevent.updatePropertyWithValue('status', 'CONFIRMED');
    vevent.updatePropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(vevent);
  }
  return `${calendar.toString()}\r\n`;
}

/**
 * One call as the resource a CalDAV calendar keeps.
 *
 * @example eventText(event) // 'BEGIN:VCALENDAR\r\n…UID:…\r\n…END:VCALENDAR\r\n'
 */
export const eventText = (event: CalendarEvent): string => calendarOf([event]);

/**
 * A host's feed: their calls, named for them, asking readers to look again every 15 minutes.
 *
 * @example feedText('ann@firm.example', events)
 */
export function feedText(host: string, events: readonly CalendarEvent[]): string {
  // RFC 7986's REFRESH-INTERVAL (ical.js writes its VALUE=DURATION), and Outlook's older name.
  const refresh = new ICAL.Property('refresh-interval');
  refresh.setValue(ICAL.Duration.fromString('PT15M'));
  return calendarOf(events, [
    ['x-wr-calname', `Calls booked: ${host}`],
    ['x-published-ttl', 'PT15M'],
    refresh,
  ]);
}

/** A booking as its event: the same in the feed and in the host's own calendar. */
export const eventOf = (booking: StoredBooking): CalendarEvent => ({
  uid: booking.uid,
  start: booking.start,
  end: booking.end,
  summary: booking.summary,
  description: booking.description,
  sequence: booking.sequence,
  stamp: booking.createdAt,
});
