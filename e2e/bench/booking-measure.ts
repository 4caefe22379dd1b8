/**
 * One run of the booking benchmark (`booking.ts`) against one host's calendar
 * (`booking-diaries.ts`): the proxy started with the calendar connected, `GET /api/slots` cold
 * and from several clients at once, then enquiries with a booking and without, one at a time and
 * several at once, and the events the outbox writes into the calendar afterwards. Every answer is
 * checked: a status other than the one expected, or a busy time offered, fails the run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SlotsResponse } from '../../proxy/contract/booking.ts';
import { createFormTokens } from '../../proxy/http/bots/form-token.ts';
import { openSqliteOutbox } from '../../proxy/outbox/sqlite/store.ts';
import { BOOKING, HOSTS, lawFirmBookingFile } from '../../proxy/test/fixtures/booking-config.ts';
import { TEST_FORM_TOKEN_SECRET } from '../../proxy/test/fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../../proxy/test/fixtures/proxy-harness.ts';
import { overlapsBusy, type Busy } from './booking-calendar.ts';
import type { BenchCalendar } from './booking-diaries.ts';
import { scratchDir } from './processes.ts';
import { startProxyServer, type ProxyServer, type StandIn } from './servers.ts';

export const HOST = HOSTS[0];
export const SLOT_REQUESTS = 400;
/** Each visitor's page asks again as they answer; ten asks each, from their own address. */
export const ASKS_PER_VISITOR = 10;
export const CLIENTS = 4;
/** Enquiries of each kind sent one after another, then `CLIENTS` at once. */
const SEQUENTIAL = 30;
const CONCURRENT = 40;
const STATUS_QUERY = '/api/slots?case-type=conveyancing&campaign=spring-2027';

/** One timed request; fails the run on any status but `expected`. */
async function timed(what: string, expected: readonly number[], request: () => Promise<Response>) {
  const started = performance.now();
  const response = await request();
  const text = await response.text();
  const ms = performance.now() - started;
  if (!expected.includes(response.status))
    throw new Error(`${what} answered ${String(response.status)}: ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) as unknown };
}

/** `GET /api/slots` as visitor `n`'s page asks it (behind a reverse proxy, as deployed). */
async function askSlots(proxy: ProxyServer, visitor: number, busy: readonly Busy[]) {
  const { ms, body } = await timed('GET /api/slots', [200], () =>
    fetch(`${proxy.origin}${STATUS_QUERY}`, {
      headers: {
        origin: ORIGIN,
        'x-forwarded-for': `198.51.${String(100 + (visitor >> 8))}.${String(visitor & 255)}`,
      },
    }),
  );
  const slots = body as SlotsResponse;
  if (slots.status !== 'open') throw new Error(`GET /api/slots said ${slots.status}`);
  const offeredBusy = slots.slots.find((slot) => overlapsBusy(slot, busy));
  if (offeredBusy) throw new Error(`a busy time was offered: ${offeredBusy.start}`);
  return { ms, slots: slots.slots };
}

/** Runs `count` jobs on `clients` at once, each job given its index. */
async function inParallel<T>(count: number, clients: number, job: (i: number) => Promise<T>) {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < count; i = next++) results[i] = await job(i);
    }),
  );
  return results;
}

const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);

/** `POST /api/enquiries` as the widget sends it, with `start` booked or without a booking. */
async function sendEnquiry(proxy: ProxyServer, start: string | undefined): Promise<number> {
  const enquiry = validEnquiry();
  const answers = start ? { ...enquiry.answers, call: start } : enquiry.answers;
  const form = new FormData();
  form.append('enquiry', JSON.stringify({ ...enquiry, answers, form_token: tokens.issue() }));
  const what = `POST /api/enquiries ${start ? `booking ${start}` : 'without a booking'}`;
  const { ms } = await timed(what, [201, 202], () =>
    fetch(`${proxy.origin}/api/enquiries`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    }),
  );
  return ms;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The proxy reads the calendar as it starts: its host's times are offered once it has. */
async function offeredOnceRead(proxy: ProxyServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = (await (await fetch(`${proxy.origin}${STATUS_QUERY}`)).json()) as SlotsResponse;
    if (answer.status === 'open') return;
    if (Date.now() > deadline) throw new Error(`slots still ${answer.status} after a minute`);
    await sleep(200);
  }
}

/** What one run measured. */
export interface BookingRun {
  calendar: BenchCalendar;
  coldMs: number;
  warmMs: number[];
  /** Requests the proxy made of the calendar's service while the warm slots were answered. */
  requestsWhileSlots?: number;
  alone: { without: number[]; booked: number[] };
  together: { without: number[]; booked: number[] };
  booked: number;
  written: number;
  writtenSeconds: number;
  /** Requests of the whole run, its seconds, and the most at once. */
  requests?: { made: number; peakAtOnce?: number };
  seconds: number;
}

/** The law firm's proxy with `calendar` connected for its one host, measured. */
export async function measureBooking(calendar: BenchCalendar, standIn: StandIn, key: string) {
  const formDir = scratchDir('booking-form', 'memory');
  const formConfig = join(formDir, 'law-firm-booking.json');
  // The limits that keep a handful of addresses from emptying the diary (issue #84) are opened
  // wide: this run books 71 calls in seconds from one machine to measure speed; the limits have
  // their own tests.
  const limits = {
    perClientPerDay: '100%',
    perNetworkPerDay: '100%',
    perDomainPerDay: '100%',
    perHour: '100%',
  };
  const form = { ...lawFirmBookingFile, booking: { ...BOOKING, people: [HOST], limits } };
  writeFileSync(formConfig, `${JSON.stringify(form, null, 2)}\n`);
  const startedAt = performance.now();
  const proxy = await startProxyServer(standIn, {
    env: {
      FORM_CONFIG: formConfig,
      CALENDAR_KEY: key,
      TRUSTED_PROXIES: '127.0.0.1',
      ...calendar.env,
    },
    prepare: (dataDir) => calendar.connect(openSqliteOutbox(join(dataDir, 'outbox.sqlite')), key),
  });
  try {
    await offeredOnceRead(proxy);
    // Past the five seconds the worked-out days are kept: the next request works them out again.
    await sleep(6_000);
    const coldMs = (await askSlots(proxy, 0, calendar.busy)).ms;
    const before = calendar.requests?.().made;
    const warmMs = await inParallel(
      SLOT_REQUESTS,
      CLIENTS,
      async (i) => (await askSlots(proxy, 1 + Math.floor(i / ASKS_PER_VISITOR), calendar.busy)).ms,
    );
    const after = calendar.requests?.().made;

    const free = (await askSlots(proxy, 0, calendar.busy)).slots.map((slot) => slot.start);
    const needed = 2 + SEQUENTIAL + CONCURRENT;
    if (free.length < needed)
      throw new Error(`only ${String(free.length)} free times, ${String(needed)} needed`);
    // One of each first, unmeasured: the first enquiry of either kind pays for loading its code.
    await sendEnquiry(proxy, undefined);
    await sendEnquiry(proxy, free.shift());
    const alone = { without: [] as number[], booked: [] as number[] };
    for (let i = 0; i < SEQUENTIAL; i += 1) {
      // In turn, each kind first every other time: neither always follows the other.
      const order = i % 2 === 0 ? [undefined, free.shift()] : [free.shift(), undefined];
      for (const start of order)
        (start ? alone.booked : alone.without).push(await sendEnquiry(proxy, start));
    }
    const together = { without: [] as number[], booked: [] as number[] };
    await inParallel(2 * CONCURRENT, CLIENTS, async (i) => {
      const start = i % 2 === 0 ? undefined : free.shift();
      (start ? together.booked : together.without).push(await sendEnquiry(proxy, start));
    });

    const booked = 1 + SEQUENTIAL + CONCURRENT;
    const expected = calendar.stored + booked;
    const writtenFrom = performance.now();
    let written = await calendar.events();
    while (written < expected && performance.now() - writtenFrom < 60_000) {
      await sleep(250);
      written = await calendar.events();
    }
    if (written !== expected)
      throw new Error(
        `${calendar.kind}: ${String(written - calendar.stored)} of ${String(booked)} calls written in a minute`,
      );
    const run: BookingRun = {
      calendar,
      coldMs,
      warmMs,
      ...(before === undefined || after === undefined
        ? {}
        : { requestsWhileSlots: after - before }),
      alone,
      together,
      booked,
      written: written - calendar.stored,
      writtenSeconds: (performance.now() - writtenFrom) / 1000,
      ...(calendar.requests ? { requests: calendar.requests() } : {}),
      seconds: (performance.now() - startedAt) / 1000,
    };
    return run;
  } finally {
    await proxy.child.stop();
  }
}
