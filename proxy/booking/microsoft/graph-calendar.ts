/**
 * A host's Microsoft 365 calendar through Microsoft Graph, read and written by the firm's app
 * (`graph-client.ts`):
 *
 * - busy times from `calendarView` (series expanded by Graph, every `@odata.nextLink` followed to
 *   the end), asked in UTC: busy, tentative, out of office, working elsewhere (and unknown) keep
 *   the host busy, free and cancelled events do not, and the proxy's own calls (their
 *   `transactionId` a booking's UID) are left to the outbox; all-day events are the mailbox's
 *   own days (`mailboxSettings.timeZone`, asked only when one is met, `graph-times.ts`);
 * - a call written as an event with `transactionId` set to the booking's UID, so a retry never
 *   writes twice, and the UID kept in an extended property by which the event is found again
 *   to move (`PATCH`) or remove (`DELETE`) it;
 * - a call asking a Teams meeting (`onlineMeeting`) written with `isOnlineMeeting` on
 *   `teamsForBusiness` (the app's `Calendars.ReadWrite` is enough where Teams is among the
 *   calendar's allowed providers), its `onlineMeeting.joinUrl` read back by the event's id.
 */
import type {
  BusyReading,
  CalendarEvent,
  EventWriteOutcome,
  OpenedCalendar,
} from '../calendar-port.ts';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { joinLinkFrom } from '../meeting-link.ts';
import type { Span } from '../slot-grid.ts';
import { GraphFault, type GraphClient } from './graph-client.ts';
import { allDaySpan, graphUtc, instantOfGraph, type GraphTime } from './graph-times.ts';

/** The extended property each call's event keeps its booking's UID in (public strings). */
const BOOKING_UID_PROPERTY =
  'String {00020329-0000-0000-C000-000000000046} Name enquiryFormBookingUid';
/** No host's fortnight needs more pages than this: a calendar answering more is refused. */
const MAX_PAGES = 200;
/** What calendarView is asked for. */
const SELECT = 'showAs,isAllDay,isCancelled,start,end,transactionId';

/** One event as calendarView answers it. */
interface ViewEvent {
  showAs?: string;
  isAllDay?: boolean;
  isCancelled?: boolean;
  start: GraphTime;
  end: GraphTime;
  transactionId?: string | null;
}

/** One page of a collection. */
interface Page<T> {
  value?: T[];
  '@odata.nextLink'?: string;
}

/**
 * The mailbox `address` through `client`: the firm's app reads it as `/users/<address>`, the
 * host's own sign-in as `/me`.
 */
export function graphCalendar(
  client: GraphClient,
  address: string,
  mailbox = `/users/${encodeURIComponent(address)}`,
): OpenedCalendar {
  let mailboxZone: string | undefined;

  /** The mailbox's own zone, as its settings name it (a Windows name, usually). */
  async function zoneOfMailbox(): Promise<string> {
    const read = (await client.request(
      'GET',
      `${mailbox}/mailboxSettings/timeZone`,
      `reading ${address}'s time zone`,
    )) as { value?: string };
    mailboxZone = read.value || 'UTC';
    return mailboxZone;
  }

  /** The event holding the call `uid`, by its extended property; undefined when none does. */
  async function eventIdOf(uid: string, what: string): Promise<string | undefined> {
    const filter = `singleValueExtendedProperties/Any(ep: ep/id eq '${BOOKING_UID_PROPERTY}' and ep/value eq '${uid.replace(/'/g, "''")}')`;
    const found = (await client.request(
      'GET',
      `${mailbox}/calendar/events?$filter=${encodeURIComponent(filter)}&$select=id`,
      what,
    )) as Page<{ id: string }>;
    return found.value?.[0]?.id;
  }

  /** The event's fields as Graph writes them. */
  const fieldsOf = (event: CalendarEvent) => ({
    subject: event.summary,
    body: { contentType: 'text', content: event.description },
    start: graphUtc(event.start),
    end: graphUtc(event.end),
    showAs: 'busy',
  });

  async function create(event: CalendarEvent): Promise<EventWriteOutcome> {
    await client.request('POST', `${mailbox}/calendar/events`, `writing ${address}'s event`, {
      ...fieldsOf(event),
      // Its Teams meeting made by Exchange with it: a PATCH later leaves the meeting as it is.
      ...(event.onlineMeeting === 'teams'
        ? { isOnlineMeeting: true, onlineMeetingProvider: 'teamsForBusiness' }
        : {}),
      transactionId: event.uid,
      singleValueExtendedProperties: [{ id: BOOKING_UID_PROPERTY, value: event.uid }],
    });
    return 'done';
  }

  return {
    async busyTimes(from: number, to: number, reading: BusyReading): Promise<Span[]> {
      const what = `reading ${address}'s calendar`;
      const spans: Span[] = [];
      let next: string | undefined =
        `${mailbox}/calendar/calendarView?startDateTime=${new Date(from).toISOString()}` +
        `&endDateTime=${new Date(to).toISOString()}&$select=${SELECT}&$top=100`;
      for (let pages = 0; next !== undefined; pages++) {
        if (pages === MAX_PAGES)
          throw new CalendarFault('too_large', `${what}: more than ${String(MAX_PAGES)} pages`);
        const page = (await client.request('GET', next, what, undefined, {
          prefer: 'outlook.timezone="UTC"',
        })) as Page<ViewEvent>;
        for (const event of page.value ?? []) {
          if (event.isCancelled || event.showAs === 'free') continue;
          if (event.transactionId && reading.isOwnBooking(event.transactionId)) continue;
          const span = event.isAllDay
            ? allDaySpan(event.start, event.end, mailboxZone ?? (await zoneOfMailbox()))
            : { start: instantOfGraph(event.start), end: instantOfGraph(event.end) };
          if (span.end > from && span.start < to) spans.push(span);
        }
        next = page['@odata.nextLink'];
      }
      return spans;
    },

    async writeEvent(event: CalendarEvent): Promise<EventWriteOutcome> {
      if (event.sequence === 0) return create(event);
      const what = `moving ${address}'s event`;
      const id = await eventIdOf(event.uid, what);
      // A moved call whose event the host deleted is written anew.
      if (id === undefined) return create(event);
      await client.request(
        'PATCH',
        `${mailbox}/events/${encodeURIComponent(id)}`,
        what,
        fieldsOf(event),
      );
      return 'done';
    },

    async meetingLinkOf(uid: string): Promise<string | undefined> {
      const what = `reading ${address}'s meeting`;
      const id = await eventIdOf(uid, what);
      if (id === undefined) return undefined;
      const read = (await client.request(
        'GET',
        `${mailbox}/events/${encodeURIComponent(id)}?$select=isOnlineMeeting,onlineMeeting`,
        what,
      )) as { onlineMeeting?: { joinUrl?: unknown } | null };
      return joinLinkFrom(read.onlineMeeting?.joinUrl);
    },

    async removeEvent(uid: string): Promise<EventWriteOutcome> {
      const what = `removing ${address}'s event`;
      const id = await eventIdOf(uid, what);
      if (id === undefined) return 'already';
      try {
        await client.request('DELETE', `${mailbox}/events/${encodeURIComponent(id)}`, what);
        return 'done';
      } catch (error) {
        if (error instanceof GraphFault && error.code === 'ErrorItemNotFound') return 'already';
        throw error;
      }
    },
  };
}
