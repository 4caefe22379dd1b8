/**
 * A host's own calendar over CalDAV (RFC 4791), through tsdav: its busy times (one
 * calendar-query REPORT for a span, the events' iCalendar read by `busy-events.ts`), an event
 * written (`PUT` to the UID's own resource with `If-None-Match: *`: a retry after an unknown
 * outcome finds it there, 412, and is done; a moved call's written over it) or removed (`DELETE`; gone already is done too),
 * and the read that proves an address before it is kept. Every request goes through
 * `guarded-fetch.ts`: the origin typed only, within its timeout and size. tsdav is loaded on first
 * use, and the events are read by ical.js in a worker thread (`busy-thread.ts`): a proxy with no
 * calendar connected never pays for them.
 */
import type { CalendarEvent, EventWriteOutcome, EventWriter } from '../calendar-port.ts';
import { eventText } from '../event-ical.ts';
import type { Span } from '../slot-grid.ts';
import type { BusyReading } from './busy-events.ts';
import { CalendarFault } from './calendar-fault.ts';
import { guardedFetch } from './guarded-fetch.ts';

/** Where a host's calendar is, and how to sign in to it. */
export interface CalendarAccess {
  /** The calendar collection's address, as the operator typed it. */
  url: string;
  username: string;
  password: string;
}

/** How long one request may take, and how much of an answer is read. */
export interface CalendarLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Ten seconds a request, four MiB an answer: a year of a busy diary is far less. */
const CALENDAR_LIMITS: CalendarLimits = Object.freeze({
  timeoutMs: 10_000,
  maxBytes: 4 << 20,
});

/** A host's CalDAV calendar: its busy times, and its events written and removed. */
export interface CaldavCalendar extends EventWriter {
  /** The spans its events keep the host busy within `[from, to)`. */
  busyTimes(from: number, to: number, reading: BusyReading): Promise<Span[]>;
  /** Reads a day of it: throws the `CalendarFault` that says why it cannot be used. */
  prove(reading: BusyReading): Promise<void>;
}

/** The name of the event `uid`'s own resource in a calendar: its UID, safe in a path. */
const resourceName = (uid: string) => `${uid.replace(/[^A-Za-z0-9._@-]/g, '-')}.ics`;

/**
 * The calendar at `access`. The address must be an http(s) URL: anything else is a fault.
 *
 * @example await caldavCalendar(access).busyTimes(from, to, reading)
 */
export function caldavCalendar(
  access: CalendarAccess,
  limits: CalendarLimits = CALENDAR_LIMITS,
): CaldavCalendar {
  const url = calendarUrl(access.url);
  const fetch = guardedFetch({ origin: url.origin, ...limits });
  const headers = {
    authorization: `Basic ${Buffer.from(`${access.username}:${access.password}`).toString('base64')}`,
  };
  const calendar = { url: url.href.endsWith('/') ? url.href : `${url.href}/` };
  /** tsdav reads a refusal as an empty answer: here it is the fault it is, said for `what`. */
  const strictly =
    (what: string): typeof globalThis.fetch =>
    async (input, init) => {
      const answer = await fetch(input, init);
      if (answer.status >= 400) throw CalendarFault.fromStatus(answer.status, what);
      return answer;
    };
  const reading = strictly('reading the calendar');

  /** That the address is a calendar collection (`resourcetype` holds `calendar`). */
  async function isCalendar(): Promise<void> {
    const { propfind } = await import('tsdav');
    const [found] = await propfind({
      url: calendar.url,
      props: { 'd:resourcetype': {} },
      depth: '0',
      headers,
      fetch: reading,
    });
    const types = (found?.props?.resourcetype ?? {}) as Record<string, unknown>;
    if (!found?.ok || !('calendar' in types))
      throw new CalendarFault(
        'not_a_calendar',
        'this address is not a calendar (a folder or an account?): give the calendar’s own address',
      );
  }

  async function busyTimes(from: number, to: number, busy: BusyReading): Promise<Span[]> {
    const [{ fetchCalendarObjects }, { busyThread }] = await Promise.all([
      import('tsdav'),
      import('./busy-thread.ts'),
    ]);
    const objects = await fetchCalendarObjects({
      calendar,
      timeRange: { start: new Date(from).toISOString(), end: new Date(to).toISOString() },
      // The events' data in a REPORT to the calendar itself: never to an address it names.
      useMultiGet: false,
      urlFilter: () => true,
      headers,
      fetch: reading,
    });
    if (objects.some((object) => typeof object.data !== 'string'))
      throw new CalendarFault('unreadable', 'the calendar answered events without their data');
    // Read in a worker thread: a rule that asks for work without end costs this read alone.
    const spans = await busyThread.read({
      objects: objects.map((object) => object.data as string),
      from,
      to,
      floatingZone: busy.floatingZone,
    });
    // The proxy's own calls are counted from the outbox, which frees a cancelled one's at once.
    return spans
      .filter((span) => !busy.isOwnBooking(span.uid))
      .map(({ start, end }) => ({ start, end }));
  }

  /**
   * A moved call's event written again over its resource: its UID's and no other, so a retry
   * writes the same text once more (idempotent), and one the calendar lost is written anew.
   * Unconditional rather than `If-Match`: the event is the proxy's own, and an ETag read first
   * would cost a request and change nothing a retry could not mend.
   */
  async function rewrite(event: CalendarEvent): Promise<EventWriteOutcome> {
    const answer = await fetch(new URL(resourceName(event.uid), calendar.url).href, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
      body: eventText(event),
    });
    if (answer.ok) return 'done';
    throw CalendarFault.fromStatus(answer.status, 'writing the event again');
  }

  return {
    busyTimes,
    async prove(busy) {
      await isCalendar();
      const now = Date.now();
      await busyTimes(now, now + 86_400_000, busy);
    },
    async writeEvent(event: CalendarEvent): Promise<EventWriteOutcome> {
      if (event.sequence > 0) return rewrite(event);
      const { createCalendarObject } = await import('tsdav');
      // If-None-Match: * (tsdav's own for a new object): the UID's resource is written once.
      const answer = await createCalendarObject({
        calendar,
        filename: resourceName(event.uid),
        iCalString: eventText(event),
        headers,
        fetch,
      });
      if (answer.status === 412) return 'already';
      if (answer.ok) return 'done';
      throw CalendarFault.fromStatus(answer.status, 'writing the event');
    },
    async removeEvent(uid: string): Promise<EventWriteOutcome> {
      const { deleteCalendarObject } = await import('tsdav');
      const answer = await deleteCalendarObject({
        calendarObject: { url: new URL(resourceName(uid), calendar.url).href, etag: '' },
        headers,
        fetch,
      });
      if (answer.status === 404 || answer.status === 410) return 'already';
      if (answer.ok) return 'done';
      throw CalendarFault.fromStatus(answer.status, 'removing the event');
    },
  };
}

/** `typed` as a calendar's address: an http(s) URL without credentials in it. */
function calendarUrl(typed: string): URL {
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    throw new CalendarFault(
      'not_found',
      `“${typed}” is not an address: give the calendar’s URL, starting https://`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CalendarFault(
      'refused',
      `${url.protocol} is not a web address: give the calendar’s https:// URL`,
    );
  if (url.username || url.password)
    throw new CalendarFault(
      'refused',
      'put the user name in --username and the password on standard input, not in the address',
    );
  return url;
}
