import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/fixtures/local-servers.ts';
import {
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../../test/fixtures/radicale-server.ts';
import type { CalendarEvent } from '../calendar-port.ts';
import { caldavCalendar } from './caldav-calendar.ts';
import { CalendarFault } from './calendar-fault.ts';

const at = (iso: string) => Date.parse(iso);
const reading = {
  floatingZone: 'Europe/London',
  isOwnBooking: (uid: string) => uid.endsWith('@enquiry-form'),
};
const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join(
    '\r\n',
  );
const event = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20270101T000000Z',
  ...lines,
  'END:VEVENT',
];
const iso = (spans: { start: number; end: number }[]) =>
  spans.map((span) => `${new Date(span.start).toISOString()}/${new Date(span.end).toISOString()}`);

const CALL: CalendarEvent = {
  uid: '5f1c2a0e-8a3b-4c1d-9e2f-0a1b2c3d4e5f@enquiry-form',
  start: at('2027-03-29T08:00:00Z'),
  end: at('2027-03-29T08:30:00Z'),
  summary: 'Call with Ada Lovelace',
  description: 'Buying or selling a property, enquiry EQ-TEST',
  sequence: 0,
  stamp: at('2027-03-27T09:00:00Z'),
};

/** A server of `answer`'s making on a free port of 127.0.0.1, closed after the suite. */
async function serving(
  answer: Parameters<typeof createServer>[1],
): Promise<{ url: string; server: Server }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${String(port)}/calendar/`, server };
}

/** The fault `promise` rejects with. */
const faultOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CalendarFault);
  return error as CalendarFault;
};

const lacking = radicaleMissing();
const LOOPBACK_NAME = await lookup(hostname()).then(
  ({ address }) => (address.startsWith('127.') ? address : undefined),
  () => undefined,
);

describe.skipIf(lacking)('a host’s calendar on a real CalDAV server (Radicale)', () => {
  let radicale: RadicaleServer;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale.destroy();
  });

  it('reads busy times: a meeting, a weekly one with a day off and a day moved, a day off', async () => {
    const url = await radicale.calendar('ann');
    await radicale.put(
      url,
      'one.ics',
      ics(...event('one', 'DTSTART:20270329T120000Z', 'DTEND:20270329T130000Z')),
    );
    await radicale.put(
      url,
      'weekly.ics',
      ics(
        ...event(
          'weekly',
          'DTSTART;TZID=Europe/London:20270301T100000',
          'DTEND;TZID=Europe/London:20270301T110000',
          'RRULE:FREQ=WEEKLY;BYDAY=MO',
          'EXDATE;TZID=Europe/London:20270405T100000',
        ),
        ...event(
          'weekly',
          'RECURRENCE-ID;TZID=Europe/London:20270412T100000',
          'DTSTART;TZID=Europe/London:20270412T150000',
          'DTEND;TZID=Europe/London:20270412T160000',
        ),
      ),
    );
    await radicale.put(
      url,
      'holiday.ics',
      ics(...event('holiday', 'DTSTART;VALUE=DATE:20270331', 'DTEND;VALUE=DATE:20270401')),
    );
    await radicale.put(
      url,
      'free.ics',
      ics(
        ...event(
          'free',
          'DTSTART:20270330T100000Z',
          'DTEND:20270330T110000Z',
          'TRANSP:TRANSPARENT',
        ),
      ),
    );
    const busy = await caldavCalendar({ url, username: 'ann', password: 'x' }).busyTimes(
      at('2027-03-29T00:00:00Z'),
      at('2027-04-13T00:00:00Z'),
      reading,
    );
    expect(iso(busy)).toEqual([
      // 10:00 London in summer time is 09:00 UTC, every Monday but the 5th; the 12th moved to 15:00.
      '2027-03-29T09:00:00.000Z/2027-03-29T10:00:00.000Z',
      '2027-03-29T12:00:00.000Z/2027-03-29T13:00:00.000Z',
      '2027-03-30T23:00:00.000Z/2027-03-31T23:00:00.000Z',
      '2027-04-12T14:00:00.000Z/2027-04-12T15:00:00.000Z',
    ]);
  });

  it('writes a call once, however often it is asked to, and removes it once', async () => {
    const url = await radicale.calendar('bob');
    const calendar = caldavCalendar({ url, username: 'bob', password: 'x' });
    expect(await calendar.writeEvent(CALL)).toBe('done');
    expect(await calendar.writeEvent(CALL)).toBe('already');
    const held = await radicale.events(url);
    expect(held).toHaveLength(1);
    expect(held[0]?.ics).toContain(`UID:${CALL.uid}`);
    expect(held[0]?.ics).toContain('DTSTART:20270329T080000Z');
    // The proxy's own calls are counted from the outbox, never twice.
    expect(await calendar.busyTimes(CALL.start - 3_600_000, CALL.end + 3_600_000, reading)).toEqual(
      [],
    );
    expect(await calendar.removeEvent(CALL.uid)).toBe('done');
    expect(await calendar.removeEvent(CALL.uid)).toBe('already');
    expect(await radicale.events(url)).toEqual([]);
  });

  it('proves a calendar’s address, and says why a folder or a wrong port is none', async () => {
    const url = await radicale.calendar('cy');
    await caldavCalendar({ url, username: 'cy', password: 'x' }).prove(reading);
    const folder = await faultOf(
      caldavCalendar({ url: `${radicale.url}cy/`, username: 'cy', password: 'x' }).prove(reading),
    );
    expect(folder.kind).toBe('not_a_calendar');
    const closed = `127.0.0.1:${String(await freePort())}`;
    const stopped = await faultOf(
      caldavCalendar({ url: `http://${closed}/calendar/`, username: 'cy', password: 'x' }).prove(
        reading,
      ),
    );
    expect(stopped.message).toBe(
      `${closed} refused the connection: is the calendar server running?`,
    );
  });
});

describe('a calendar server that is wrong or hostile', () => {
  it('says a refused password is one, and a person must mend it', async () => {
    const { url, server } = await serving((_request, response) => {
      response.writeHead(401).end();
    });
    try {
      const fault = await faultOf(
        caldavCalendar({ url, username: 'ann', password: 'wrong' }).prove(reading),
      );
      expect(fault).toMatchObject({ kind: 'unauthorized', needsPerson: true });
    } finally {
      server.close();
    }
  });

  it('never follows a redirect, and names where it leads', async () => {
    const { url, server } = await serving((_request, response) => {
      response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    try {
      const fault = await faultOf(
        caldavCalendar({ url, username: 'ann', password: 'x' }).prove(reading),
      );
      expect(fault.message).toBe(
        'the calendar redirects to http://169.254.169.254/latest/meta-data/: connect that address instead',
      );
    } finally {
      server.close();
    }
  });

  it('stops reading an answer past its size, and waiting past its timeout', async () => {
    const { url, server } = await serving((request, response) => {
      if (request.url?.includes('slow')) return;
      response.writeHead(207, { 'content-type': 'application/xml' });
      response.end('<'.repeat(2048));
    });
    try {
      const large = await faultOf(
        caldavCalendar(
          { url, username: 'a', password: 'x' },
          { timeoutMs: 5_000, maxBytes: 1024 },
        ).prove(reading),
      );
      expect(large.kind).toBe('too_large');
      const slow = await faultOf(
        caldavCalendar(
          { url: `${url}slow/`, username: 'a', password: 'x' },
          { timeoutMs: 200, maxBytes: 1024 },
        ).prove(reading),
      );
      expect(slow.message).toBe('127.0.0.1:' + new URL(url).port + ' did not answer within 0.2 s');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses an address that is not a web address, or carries a password', async () => {
    expect(() =>
      caldavCalendar({ url: 'file:///etc/passwd', username: 'a', password: 'x' }),
    ).toThrow('file: is not a web address');
    expect(() =>
      caldavCalendar({ url: 'https://ann:secret@cal.example/', username: 'a', password: 'x' }),
    ).toThrow('not in the address');
  });

  // Only where this machine's own name leads to its loopback (as Debian's /etc/hosts has it).
  it.skipIf(!LOOPBACK_NAME)(
    'never asks this machine under a name that is not localhost',
    async () => {
      const name = hostname();
      const { url, server } = await serving((_request, response) => {
        response.writeHead(207).end();
      });
      try {
        const typed = url.replace('127.0.0.1', name);
        const fault = await faultOf(
          caldavCalendar({ url: typed, username: 'a', password: 'x' }).prove(reading),
        );
        expect(fault.message).toContain(
          `${name} resolves to ${LOOPBACK_NAME}, inside this machine or its link`,
        );
      } finally {
        server.close();
      }
    },
  );
});
