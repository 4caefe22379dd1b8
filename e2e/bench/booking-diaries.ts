/**
 * The host's calendar in the booking benchmark (`booking.ts`), on each kind a firm connects
 * (issue #86): CalDAV on a real Radicale (a child process, `[auth] type = none`, on tmpfs); a
 * Microsoft 365 mailbox on the Graph stand-in and a Google Workspace calendar on the Calendar API
 * stand-in, both in this process, written from the services' published descriptions
 * (`proxy/test/fixtures/`). Each holds the same busy times (`booking-calendar.ts`), and is
 * connected with the commands an operator types before the proxy starts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CALENDAR_PLACES, type CalendarPlaces } from '../../proxy/booking/calendar-env.ts';
import { runOutboxCommand } from '../../proxy/cli/outbox-command.ts';
import type { OutboxStore } from '../../proxy/outbox/store.ts';
import { peopleCalendar } from '../../proxy/test/fixtures/calendar-cli.ts';
import { connectMicrosoft } from '../../proxy/test/fixtures/graph-connect.ts';
import { startGraphStandIn } from '../../proxy/test/fixtures/graph-stand-in.ts';
import { startGoogleStandIn } from '../../proxy/test/fixtures/google-standin.ts';
import {
  radicaleCalendars,
  writeRadicaleConfig,
} from '../../proxy/test/fixtures/radicale-process.ts';
import { toolPath } from '../../proxy/test/fixtures/system-tools.ts';
import { busyTimes, icalFiles, WEEKLY_RULE, WEEKLY_TIMES, type Busy } from './booking-calendar.ts';
import { freePort, scratchDir, startChild, waitForHttp } from './processes.ts';

/** A host's calendar holding the benchmark's busy times, ready to be connected. */
export interface BenchCalendar {
  /** What it is, as the report names it. */
  kind: string;
  busy: Busy[];
  /** Events it holds before any call is booked. */
  stored: number;
  /** The proxy's environment for it (where the service is). */
  env: Record<string, string>;
  /** Connects the host's calendar in `store` with the operator's commands, sealed with `key`; closes `store`. */
  connect(store: OutboxStore, key: string): Promise<void>;
  /** Events it holds now. */
  events(): Promise<number>;
  /** Requests the proxy made of the service for the host's calendar, and the most at once (Radicale keeps no count). */
  requests?: () => { made: number; peakAtOnce?: number };
  close(): Promise<void>;
}

/** Throws what an operator's command said when it refused. */
async function operator(store: OutboxStore, args: string[], places: CalendarPlaces, key: string) {
  const said: string[] = [];
  const code = await runOutboxCommand(args, store, {
    out: (line) => said.push(line),
    err: (line) => said.push(line),
    now: Date.now,
    calendarKey: { key },
    calendarPlaces: places,
  });
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${String(code)}: ${said.join(' ')}`);
}

/** Runs `commands` on `store`, then closes it, as the command line's own handle is closed. */
async function closing(store: OutboxStore, commands: () => Promise<void>) {
  try {
    await commands();
  } finally {
    await store.close();
  }
}

export async function radicaleCalendar(host: string): Promise<BenchCalendar> {
  const dir = scratchDir('radicale', 'memory');
  const port = await freePort();
  const config = writeRadicaleConfig(dir, port);
  const child = startChild('radicale', toolPath('radicale'), ['--config', config], {}, [dir]);
  const url = `http://127.0.0.1:${String(port)}/`;
  await waitForHttp(child, url);
  const calendars = radicaleCalendars(url);
  const calendarUrl = await calendars.calendar('ann');
  const times = busyTimes(Date.now());
  const files = icalFiles(times, Date.now());
  for (const [file, ics] of files) await calendars.put(calendarUrl, file, ics);
  return {
    kind: 'CalDAV (Radicale)',
    busy: times.busy,
    stored: files.length,
    env: {},
    connect: async (store, key) => {
      await peopleCalendar(store, [host, calendarUrl, '--username', 'ann'], {
        calendarKey: { key },
        booking: { timeZone: 'Europe/London', hosts: [host] },
      });
    },
    events: async () => (await calendars.files(calendarUrl)).length,
    close: () => child.stop(),
  };
}

/** Graph's `dateTimeTimeZone` of `at` in UTC. */
const graphUtc = (at: number) => ({
  dateTime: new Date(at).toISOString().slice(0, 19),
  timeZone: 'UTC',
});

export async function microsoftCalendar(host: string): Promise<BenchCalendar> {
  const graph = await startGraphStandIn();
  graph.addMailbox(host, 'GMT Standard Time');
  const times = busyTimes(Date.now());
  for (const hour of times.singles)
    graph.addEvent(host, {
      subject: 'In court',
      showAs: 'busy',
      isAllDay: false,
      start: graphUtc(hour.start),
      end: graphUtc(hour.end),
    });
  const first = new Date(times.weekly.start);
  const weekday = first.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  graph.addEvent(host, {
    subject: 'Weekly partners’ meeting',
    showAs: 'busy',
    isAllDay: false,
    start: graphUtc(times.weekly.start),
    end: graphUtc(times.weekly.end),
    recurrence: {
      pattern: { type: 'weekly', interval: 1, daysOfWeek: [weekday.toLowerCase()] },
      range: {
        type: 'numbered',
        startDate: first.toISOString().slice(0, 10),
        numberOfOccurrences: WEEKLY_TIMES,
      },
    },
  });
  const mailbox = `/users/${host}/`;
  return {
    kind: 'Microsoft 365 (Graph stand-in)',
    busy: times.busy,
    stored: graph.events(host).length,
    env: { MICROSOFT_LOGIN_URL: graph.loginUrl, MICROSOFT_GRAPH_URL: graph.graphUrl },
    connect: (store, key) =>
      closing(store, () => connectMicrosoft(store, graph, [host], { calendarKey: { key } })),
    events: () => Promise.resolve(graph.events(host).length),
    requests: () => ({
      made: graph.requests.filter((line) => decodeURIComponent(line).includes(mailbox)).length,
      peakAtOnce: graph.peakAtOnce,
    }),
    close: () => graph.close(),
  };
}

export async function googleCalendar(host: string): Promise<BenchCalendar> {
  const google = await startGoogleStandIn();
  const account = await google.serviceAccount();
  const calendar = google.user(host, 'Europe/London');
  const times = busyTimes(Date.now());
  const put = (id: string, time: Busy, recurrence?: string[]) =>
    calendar.events.set(id, {
      id,
      status: 'confirmed',
      summary: 'In court',
      start: { dateTime: new Date(time.start).toISOString(), timeZone: 'Europe/London' },
      end: { dateTime: new Date(time.end).toISOString(), timeZone: 'Europe/London' },
      ...(recurrence ? { recurrence } : {}),
    });
  times.singles.forEach((hour, i) => put(`bench${String(i + 1)}`, hour));
  put('benchweekly', times.weekly, [`RRULE:${WEEKLY_RULE}`]);
  const keyFile = join(mkdtempSync(join(tmpdir(), 'bench-google-key-')), 'key.json');
  writeFileSync(keyFile, account.keyFile);
  const places = { ...DEFAULT_CALENDAR_PLACES, GOOGLE_CALENDAR_URL: google.calendarUrl };
  const calendarPath = `/calendars/${host}/`;
  return {
    kind: 'Google Workspace (Calendar API stand-in)',
    busy: times.busy,
    stored: google.events(host).length,
    env: { GOOGLE_CALENDAR_URL: google.calendarUrl },
    connect: (store, key) =>
      closing(store, async () => {
        const firm = ['calendars', 'google', '--key-file', keyFile, '--host', host];
        await operator(store, firm, places, key);
        await operator(store, ['people', 'calendar', host, 'google'], places, key);
      }),
    events: () => Promise.resolve(google.events(host).length),
    requests: () => ({
      made: google.state.requests.filter(
        (request) =>
          decodeURIComponent(request.path).includes(calendarPath) ||
          request.path.includes('/primary/'),
      ).length,
    }),
    close: () => google.close(),
  };
}
