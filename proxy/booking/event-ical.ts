/**
 * Calls as iCalendar (RFC 5545), written by ical.js (its escaping) and folded here: one event as a
 * CalDAV resource (`caldav/caldav-calendar.ts` puts it), and a host's private feed of their
 * calls (`http/calendar-feed-route.ts`), which Outlook, Google Calendar and Apple Calendar
 * subscribe to. Times are in UTC (`…Z`), so no VTIMEZONE is needed and every reader agrees; each
 * event keeps its booking's UID, the same in the feed and in the host's calendar.
 */
import ICAL from 'ical.js';
import type { CallInvitation } from '../notify/events.ts';
import type { StoredBooking } from '../outbox/booking.ts';
import type { CalendarEvent } from './calendar-port.ts';

const PRODID = '-//enquiry-form//booking//EN';

/** `at` as an iCalendar date-time in UTC. */
const utc = (at: number) => ICAL.Time.fromJSDate(new Date(at), true);

/** Who an invitation is from and to (RFC 5546): the host organizes, the visitor attends. */
interface Parties {
  organizer: string;
  attendee: { email: string; name: string };
}

/** A VCALENDAR holding `events`, with `extra` properties of its own (a feed's name, a METHOD). */
function calendarOf(
  events: readonly CalendarEvent[],
  extra: readonly ([string, string] | ICAL.Property)[] = [],
  parties?: Parties,
  status: 'CONFIRMED' | 'CANCELLED' = 'CONFIRMED',
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
    vevent.updatePropertyWithValue('status', status);
    // Where: its meeting's link (LOCATION, and URL for readers that open it), or by telephone.
    if (event.location) vevent.updatePropertyWithValue('location', event.location);
    if (event.url) vevent.updatePropertyWithValue('url', event.url);
    if (parties) addParties(vevent, parties);
    vevent.updatePropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(vevent);
  }
  return `${foldLines(calendar.toString())}\r\n`;
}

const MAX_OCTETS = 75;

/**
 * `text` with each line folded to 75 octets at most, the line break aside (RFC 5545 3.1), the
 * space that begins a continuation counted: ical.js folds a continuation to 76. A character's
 * bytes are never split.
 *
 * @example foldLines(`DESCRIPTION:${'x'.repeat(100)}`) // 'DESCRIPTION:xxx…\r\n xxx…'
 */
function foldLines(text: string): string {
  return text
    .replaceAll('\r\n ', '')
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char);
        // A continuation begins with a space, which counts in its 75.
        if (octets + size > MAX_OCTETS) {
          parts.push(part);
          part = '';
          octets = 1;
        }
        part += char;
        octets += size;
      }
      return [...parts, part].join('\r\n ');
    })
    .join('\r\n');
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

/** The ORGANIZER and the ATTENDEE of an invitation, each a `mailto:` with its name. */
function addParties(vevent: ICAL.Component, parties: Parties): void {
  const organizer = new ICAL.Property('organizer');
  organizer.setValue(`mailto:${parties.organizer}`);
  vevent.addProperty(organizer);
  // A visitor who gave no address (the file their call's page offers) is named by no ATTENDEE.
  if (!parties.attendee.email) return;
  const attendee = new ICAL.Property('attendee');
  if (parties.attendee.name) attendee.setParameter('cn', parties.attendee.name);
  attendee.setParameter('role', 'REQ-PARTICIPANT');
  // The visitor chose the time themselves: nothing to answer (Calendly's invitations say the same).
  attendee.setParameter('partstat', 'ACCEPTED');
  attendee.setParameter('rsvp', 'FALSE');
  attendee.setValue(`mailto:${parties.attendee.email}`);
  vevent.addProperty(attendee);
}

/**
 * The visitor's invitation to a call (iCalendar `METHOD:REQUEST`, RFC 5546): the same UID and
 * times as the host's event, organized by the host, the visitor its attendee. Its SEQUENCE grows
 * with each change, so a calendar replaces what it holds rather than adding a second call; a
 * cancelled call's is `METHOD:CANCEL` (`STATUS:CANCELLED`), which takes it out.
 *
 * @example invitationText({ uid, start, end, …, organizer: 'ann@firm.example' }) // '…METHOD:REQUEST…'
 */
export function invitationText(
  invitation: CallInvitation & { organizer: string },
  method: 'REQUEST' | 'CANCEL' = 'REQUEST',
): string {
  const { organizer, attendee } = invitation;
  const { uid, start, end, summary, description, sequence, stamp, location, url } = invitation;
  const event = { uid, start, end, summary, description, sequence, stamp, location, url };
  const status = method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED';
  return calendarOf([event], [['method', method]], { organizer, attendee }, status);
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
  location: booking.meetingUrl ?? undefined,
  url: booking.meetingUrl ?? undefined,
  // Its host's calendar makes its meeting, until its link is read (then kept, never made anew).
  onlineMeeting: booking.meetingUrl ? undefined : (booking.meetingProvider ?? undefined),
});
