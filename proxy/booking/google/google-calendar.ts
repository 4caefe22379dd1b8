/**
 * A host's primary Google calendar, read and written as the host through the firm's service
 * account (`calendar-api.ts`): its busy times from `events.list` with `singleEvents=true` (Google
 * expands each series, an exception where it now is, a cancelled one gone), every page followed
 * by `nextPageToken`; a call's event inserted with the id its booking gives it (`eventIdOf`: a
 * retry meets 409 `duplicate` and is done), moved with `PATCH`, removed with `DELETE` (404 or
 * 410 `deleted`: gone already, done). `sendUpdates=none`: the visitor's invitation is the proxy's.
 * A call asking Google Meet (`onlineMeeting`) is inserted with `conferenceData.createRequest`
 * (`conferenceDataVersion=1`); its link (`hangoutLink`, or the video entry point) is read back by
 * `meetingLinkOf`, none while the conference is still pending. A move's PATCH keeps it.
 */
import type { CalendarEvent } from '../../outbox/booking.ts';
import type { BusyReading } from '../caldav/busy-events.ts';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import {
  MEETING_PENDING,
  type EventWriteOutcome,
  type MeetingPending,
  type OpenedCalendar,
} from '../calendar-port.ts';
import { joinLinkFrom } from '../meeting-link.ts';
import type { Span } from '../slot-grid.ts';
import { faultOf, type HostApi } from './calendar-api.ts';
import { busySpansOf, eventIdOf, eventResource, type GoogleEvent } from './google-events.ts';

/** Events a page (Google's most is 2500; its default 250). */
const PAGE_SIZE = 250;
/** Pages read at most for one span: 100,000 events, far past any diary's fortnight. */
const MAX_PAGES = 400;

const EVENTS = '/calendars/primary/events';

/** What of an event's `conferenceData` is read. */
interface ConferenceData {
  createRequest?: { status?: { statusCode?: string } };
  entryPoints?: { entryPointType?: string; uri?: unknown }[];
}

/** `host`'s primary calendar through `api` (acting as `host`). */
export function googleCalendar(api: HostApi, host: string): OpenedCalendar {
  async function busyTimes(from: number, to: number, reading: BusyReading): Promise<Span[]> {
    const spans: Span[] = [];
    let pageToken = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({
        timeMin: new Date(from).toISOString(),
        timeMax: new Date(to).toISOString(),
        singleEvents: 'true',
        maxResults: String(PAGE_SIZE),
        ...(pageToken ? { pageToken } : {}),
      });
      const answer = await api.request('GET', `${EVENTS}?${query.toString()}`);
      if (answer.status !== 200) throw faultOf(answer, 'reading the calendar', host);
      const items = Array.isArray(answer.body.items) ? (answer.body.items as GoogleEvent[]) : [];
      spans.push(...busySpansOf(items, answer.body.timeZone, from, to, reading));
      const next = answer.body.nextPageToken;
      if (typeof next !== 'string' || !next) return spans;
      pageToken = next;
    }
    throw new CalendarFault(
      'too_large',
      `${host}’s calendar holds more than ${String(MAX_PAGES * PAGE_SIZE)} events in a fortnight`,
    );
  }

  async function insert(event: CalendarEvent): Promise<EventWriteOutcome> {
    const meet = event.onlineMeeting === 'meet';
    // Its Meet conference made with it (heard only with conferenceDataVersion=1); the request's
    // id is the booking's, so a repeat asks for the same conference.
    const conference = meet
      ? {
          conferenceData: {
            createRequest: {
              requestId: eventIdOf(event.uid).slice(0, 40),
              conferenceSolutionKey: { type: 'hangoutsMeet' },
            },
          },
        }
      : {};
    const query = meet ? 'sendUpdates=none&conferenceDataVersion=1' : 'sendUpdates=none';
    const answer = await api.request('POST', `${EVENTS}?${query}`, {
      id: eventIdOf(event.uid),
      ...eventResource(event),
      ...conference,
    });
    if (answer.status === 409) return 'already';
    if (answer.status === 200) return 'done';
    throw faultOf(answer, 'writing the event', host);
  }

  /** A moved call: its event patched to the new time (confirmed again if someone deleted it). */
  async function move(event: CalendarEvent): Promise<EventWriteOutcome> {
    const answer = await api.request(
      'PATCH',
      `${EVENTS}/${eventIdOf(event.uid)}?sendUpdates=none`,
      { ...eventResource(event), status: 'confirmed' },
    );
    if (answer.status === 404) return insert(event);
    if (answer.status === 200) return 'done';
    throw faultOf(answer, 'moving the event', host);
  }

  /** The Meet link of the call `uid`'s event: pending while its conference is, none once failed. */
  async function meetingLinkOf(uid: string): Promise<string | MeetingPending | undefined> {
    const answer = await api.request('GET', `${EVENTS}/${eventIdOf(uid)}`);
    if (answer.status === 404 || answer.status === 410) return undefined;
    if (answer.status !== 200) throw faultOf(answer, 'reading the meeting', host);
    const data = answer.body.conferenceData as ConferenceData | undefined;
    if (data?.createRequest?.status?.statusCode === 'pending') return MEETING_PENDING;
    const video = data?.entryPoints?.find((entry) => entry.entryPointType === 'video')?.uri;
    return joinLinkFrom(answer.body.hangoutLink) ?? joinLinkFrom(video);
  }

  return {
    busyTimes,
    meetingLinkOf,
    writeEvent: (event) => (event.sequence > 0 ? move(event) : insert(event)),
    async removeEvent(uid) {
      const answer = await api.request('DELETE', `${EVENTS}/${eventIdOf(uid)}?sendUpdates=none`);
      if (answer.status === 404 || answer.status === 410) return 'already';
      if (answer.status === 204 || answer.status === 200) return 'done';
      throw faultOf(answer, 'removing the event', host);
    },
  };
}
