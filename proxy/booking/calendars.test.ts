/**
 * Hosts' own calendars for real (Radicale, started by the suite): their busy times never
 * offered nor booked, a calendar down while a visitor books (the enquiry taken, its event
 * written once when the calendar is back), one that cannot be read keeping its host's times
 * back, and each host's private feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../contract/booking.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { HOSTS, withBooking } from '../test/fixtures/booking-config.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { harnessPerTest, ORIGIN, START, validEnquiry } from '../test/fixtures/proxy-harness.ts';
import {
  calendarParts,
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../test/fixtures/radicale-server.ts';
import { calendarKey, type CalendarKey } from './calendar-key.ts';
import { feedPath } from './host-feeds.ts';
import { SlotFinder } from './slot-finder.ts';

const setUp = harnessPerTest();
const [ANN, BOB] = HOSTS;
const key = calendarKey({ key: 'a test key of thirty-two characters!' }) as CalendarKey;
const ics = (uid: string, ...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20270101T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** A proxy booking calls with `people`, `ann`'s calendar at `url`, read once at the start. */
async function withCalendar(url: string, people: readonly string[] = [ANN]) {
  const clock = { now: START };
  const now = () => clock.now;
  const store = openSqliteOutbox(':memory:');
  await store.connectCalendar({
    address: ANN,
    kind: 'caldav',
    url,
    username: 'ann',
    sealedPassword: key.seal('her password', { address: ANN, url, username: 'ann' }),
    connectedAt: now(),
    connectedBy: 'test',
  });
  const logs = createMemoryLogger();
  const { busy, writer } = calendarParts(store, key, now, logs.log);
  await busy.refresh();
  const h = setUp({
    config: withBooking({ people: [...people] }),
    store,
    clock,
    deps: { slots: new SlotFinder({ store, calendars: busy, now }) },
  });
  const offered = async () =>
    (await (
      await h.app.request('/api/slots?case-type=conveyancing', { headers: { origin: ORIGIN } })
    ).json()) as SlotsResponse;
  const book = (start: string) => h.submit({ answers: { ...validEnquiry().answers, call: start } });
  return { h, busy, writer, offered, book, logs };
}

describe.skipIf(radicaleMissing())('a host’s own calendar (Radicale)', () => {
  let radicale: RadicaleServer;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale.destroy();
  });

  it('never offers nor books a time its events keep, a recurring one’s included', async () => {
    const url = await radicale.calendar('ann', 'busy');
    // Monday 29 March 2027, 10:00 to 11:00 London; and 14:00 to 15:00 every Monday.
    await radicale.put(
      url,
      'dentist.ics',
      ics('dentist', 'DTSTART:20270329T090000Z', 'DTEND:20270329T100000Z'),
    );
    await radicale.put(
      url,
      'team.ics',
      ics(
        'team',
        'DTSTART;TZID=Europe/London:20270322T140000',
        'DTEND;TZID=Europe/London:20270322T150000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
      ),
    );
    const { offered, book } = await withCalendar(url);
    const starts = (await offered()).slots.map((slot) => slot.start);
    expect(starts).toContain('2027-03-29T08:30:00Z');
    for (const busy of [
      '2027-03-29T09:00:00Z',
      '2027-03-29T09:30:00Z',
      '2027-03-29T13:00:00Z',
      '2027-03-29T13:30:00Z',
      '2027-04-05T13:00:00Z',
    ])
      expect(starts).not.toContain(busy);
    expect(starts).toContain('2027-03-29T10:00:00Z');
    const refused = await book('2027-03-29T09:00:00Z');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      issues: [{ field: 'answers.call', code: 'slot_taken' }],
    });
  });

  it('takes an enquiry while the calendar is down, and writes its call once when it is back', async () => {
    const url = await radicale.calendar('ann', 'outage');
    const { h, writer, book } = await withCalendar(url);
    await radicale.stop();
    try {
      const taken = await book('2027-03-29T08:00:00Z');
      expect(taken.status).toBe(201);
      expect(await writer.round()).toBe(1);
      h.clock.now += 60_000;
      expect(await writer.round()).toBe(1);
    } finally {
      await radicale.start();
    }
    expect(await radicale.events(url)).toEqual([]);
    h.clock.now += 60_000;
    expect(await writer.round()).toBe(1);
    const held = await radicale.events(url);
    expect(held).toHaveLength(1);
    expect(held[0]?.ics).toContain('DTSTART:20270329T080000Z');
    expect(held[0]?.ics).toContain('SUMMARY:Call with Ada Lovelace');
    h.clock.now += 3_600_000;
    expect(await writer.round()).toBe(0);
    expect(await h.store.calendarTrouble()).toEqual({ count: 0, latest: null });
  });

  it('keeps a host’s times back once their calendar cannot be read, and offers the others’', async () => {
    const url = await radicale.calendar('ann', 'unread');
    const alone = await withCalendar(url);
    const both = await withCalendar(url, [ANN, BOB]);
    await radicale.stop();
    try {
      for (const proxy of [alone, both]) {
        proxy.h.clock.now += 3 * 60_000;
        await proxy.busy.refresh();
      }
      expect(await alone.offered()).toMatchObject({ status: 'unavailable', slots: [] });
      expect((await both.offered()).status).toBe('open');
      const taken = await both.book('2027-03-29T08:00:00Z');
      const { reference } = (await taken.json()) as { reference: string };
      expect((await both.h.store.bookingsOf(reference))[0]?.host).toBe(BOB);
      const logged = JSON.stringify(alone.logs.lines());
      expect(logged).toContain('a calendar cannot be read');
      expect(logged).not.toContain('her password');
    } finally {
      await radicale.start();
    }
  });
});

describe('a host’s private feed', () => {
  it('lists their calls as iCalendar a calendar program subscribes to, a cancelled one gone', async () => {
    const h = setUp({ config: withBooking({ people: [ANN] }) });
    const taken = await h.submit({
      answers: { ...validEnquiry().answers, call: '2027-03-29T08:00:00Z' },
    });
    const { reference } = (await taken.json()) as { reference: string };
    const [booking] = await h.store.bookingsOf(reference);
    const made = { at: START, by: 'test' };
    const path = await feedPath(h.store, ANN, made);
    const feed = await h.app.request(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain(`UID:${booking?.uid ?? ''}`);
    expect(text).toContain('DTSTART:20270329T080000Z');
    expect(text).toContain('DTEND:20270329T083000Z');
    expect(text).toContain(`X-WR-CALNAME:Calls booked: ${ANN}`);
    await h.store.cancelBooking(booking?.uid ?? '', START);
    expect(await (await h.app.request(path)).text()).not.toContain('BEGIN:VEVENT');
    // A feed answers only while its host is one of the form's.
    const eve = await feedPath(h.store, 'eve@elsewhere.example', made);
    expect((await h.app.request(eve)).status).toBe(404);
  });
});
