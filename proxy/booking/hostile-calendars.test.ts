/**
 * Calendars an outsider can fill (issue 84, finding 3): an invitation lands in a host's calendar
 * whose server adds invitations (iCloud, Fastmail, Nextcloud), so its rule is anyone's to write.
 * Read for real from Radicale, with the event loop watched while they are: a series repeating
 * every second since 2010, fifty-five daily events since 1990, and a rule that can never be met.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../contract/booking.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { HOSTS, withBooking } from '../test/fixtures/booking-config.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { harnessPerTest, ORIGIN, START, validEnquiry } from '../test/fixtures/proxy-harness.ts';
import {
  calendarParts,
  connectHostCalendar,
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../test/fixtures/radicale-server.ts';
import { calendarKey, type CalendarKey } from './calendar-key.ts';
import { SlotFinder } from './slot-finder.ts';
import { oneEvent } from '../test/fixtures/calendar-text.ts';

const setUp = harnessPerTest();
const key = calendarKey({ key: 'a test key of thirty-two characters!' }) as CalendarKey;
const [ANN, BOB] = HOSTS;
/** The longest the event loop may stall while calendars are read: generous, for a busy machine. */
const STALL_BOUND_MS = 500;

/** A proxy booking calls with `hosts`, each with a calendar (its address), and the loop watched. */
async function proxyReading(hosts: Record<string, string>) {
  const clock = { now: START };
  const now = () => clock.now;
  const store = openSqliteOutbox(':memory:');
  for (const [address, url] of Object.entries(hosts))
    await connectHostCalendar(store, key, { address, url, at: now() });
  const { busy } = calendarParts(store, key, now, createMemoryLogger().log);
  const h = setUp({
    config: withBooking({ people: Object.keys(hosts) }),
    store,
    clock,
    deps: { slots: new SlotFinder({ store, calendars: busy, now }) },
  });
  /** A minute on, one round of reads, and the event loop's longest stall meanwhile, in ms. */
  const readAll = async () => {
    clock.now += 60_000;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await busy.refresh();
    delay.disable();
    return delay.max / 1e6;
  };
  const offered = async () =>
    (await (
      await h.app.request('/api/slots?case-type=conveyancing', { headers: { origin: ORIGIN } })
    ).json()) as SlotsResponse;
  const book = async (start: string) => {
    const answer = await h.submit({ answers: { ...validEnquiry().answers, call: start } });
    const { reference } = (await answer.json()) as { reference: string };
    return (await h.store.bookingsOf(reference))[0]?.host;
  };
  return { busy, readAll, offered, book };
}

/** `lines` as the event `uid`'s resource in the calendar at `url`. */
const put = (radicale: RadicaleServer, url: string, uid: string, ...lines: string[]) =>
  radicale.put(url, `${uid}.ics`, oneEvent(uid, ...lines));

describe.skipIf(radicaleMissing())('calendars an outsider can write into (Radicale)', () => {
  let radicale: RadicaleServer;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale.destroy();
  });

  it('reads a secondly series and decades of dailies without stalling, and offers both hosts’ times', async () => {
    const [ann, bob] = [
      await radicale.calendar('ann', 'secondly'),
      await radicale.calendar('bob', 'dailies'),
    ];
    const { busy, readAll, offered, book } = await proxyReading({ [ANN]: ann, [BOB]: bob });
    // Read once empty: the code that reads calendars is loaded, as a running proxy has it.
    await busy.refresh();
    // Every second from Saturday until Monday 29 March 2027 at 10:00 in London: 205,200 of them.
    // (Radicale itself walks a series from its start to a query's window, so one since 2010
    // would hold it for hours; and a finite one to index it when put, unless UNTIL comes first.)
    await put(
      radicale,
      ann,
      'invitation',
      'DTSTART:20270327T000000Z',
      'DTEND:20270327T000001Z',
      'RRULE:UNTIL=20270329T085959Z;FREQ=SECONDLY',
    );
    // Ten dailies since 2010, half an hour each from 08:00 UTC: until 14:00 London in summer.
    for (let i = 0; i < 10; i += 1)
      await put(
        radicale,
        bob,
        `daily-${String(i)}`,
        `DTSTART:20100104T${String(800 + 30 * i + 40 * Math.floor(i / 2)).padStart(4, '0')}00Z`,
        'DURATION:PT30M',
        'RRULE:FREQ=DAILY',
      );
    expect(await readAll()).toBeLessThan(STALL_BOUND_MS);
    expect(await readAll()).toBeLessThan(STALL_BOUND_MS);
    // Both calendars read, each with its events (neither a fault).
    for (const host of [ANN, BOB]) {
      const events = busy.eventsOf(host, START, START + 14 * 86_400_000);
      expect(Array.isArray(events) && events.length > 0, host).toBe(true);
    }
    const starts = (await offered()).slots.map((slot) => slot.start);
    // 09:00 London on Monday: Ann's series and Bob's dailies; from 10:00 Ann is free.
    expect(starts).not.toContain('2027-03-29T08:00:00Z');
    expect(starts).toContain('2027-03-29T09:00:00Z');
    // 14:00 London: both free, so two calls at that time go one to each.
    const booked = [await book('2027-03-29T13:00:00Z'), await book('2027-03-29T13:00:00Z')];
    expect(new Set(booked)).toEqual(new Set([ANN, BOB]));
  });
});
