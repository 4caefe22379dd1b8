/**
 * Booking a call in the same form (issue #75): `GET /api/slots` and `POST /api/enquiries` with a
 * booking, with the host's own calendar on a real CalDAV server. Radicale (a child process, its
 * calendars on tmpfs) holds the host's calendar with busy events in it, one of them recurring;
 * the calendar is connected as `npm run outbox -- people calendar <address> <url>` connects it
 * (`CALENDAR_KEY` set), before the proxy starts with the law firm that books calls
 * (`booking-config.ts`) with that one host. Every answer is checked: a status other than the one
 * expected, or a busy time offered, fails the section.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SlotsResponse } from '../../proxy/contract/booking.ts';
import { createFormTokens } from '../../proxy/http/bots/form-token.ts';
import { openSqliteOutbox } from '../../proxy/outbox/sqlite/store.ts';
import { BOOKING, HOSTS, lawFirmBookingFile } from '../../proxy/test/fixtures/booking-config.ts';
import { peopleCalendar } from '../../proxy/test/fixtures/calendar-cli.ts';
import { TEST_FORM_TOKEN_SECRET } from '../../proxy/test/fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../../proxy/test/fixtures/proxy-harness.ts';
import {
  radicaleCalendars,
  writeRadicaleConfig,
} from '../../proxy/test/fixtures/radicale-process.ts';
import { toolPath } from '../../proxy/test/fixtures/system-tools.ts';
import { busyCalendar, overlapsBusy, type Busy } from './booking-calendar.ts';
import { freePort, scratchDir, startChild, waitForHttp } from './processes.ts';
import { num, quantile, table } from './report.ts';
import { startProxyServer, startStandIn, type ProxyServer } from './servers.ts';

const HOST = HOSTS[0];
/** Made up for this run: at least 32 characters, as `openssl rand -base64 32` makes one. */
const CALENDAR_KEY = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
const SLOT_REQUESTS = 400;
/** Each visitor's page asks again as they answer; ten asks each, from their own address. */
const ASKS_PER_VISITOR = 10;
const CLIENTS = 4;
/** Enquiries of each kind sent one after another, then `CLIENTS` at once. */
const SEQUENTIAL = 30;
const CONCURRENT = 40;
const STATUS_QUERY = '/api/slots?case-type=conveyancing&campaign=spring-2027';

/** Radicale as a child of the benchmark, the host's calendar in it with its busy times. */
async function startCalendar() {
  const dir = scratchDir('radicale', 'memory');
  const port = await freePort();
  const config = writeRadicaleConfig(dir, port);
  const child = startChild('radicale', toolPath('radicale'), ['--config', config], {}, [dir]);
  const url = `http://127.0.0.1:${String(port)}/`;
  await waitForHttp(child, url);
  const calendars = radicaleCalendars(url);
  const calendarUrl = await calendars.calendar('ann');
  const { files, busy } = busyCalendar(Date.now());
  for (const [file, ics] of files) await calendars.put(calendarUrl, file, ics);
  const events = async () => (await calendars.files(calendarUrl)).length;
  return { calendarUrl, busy, stored: files.length, events };
}

/** One timed request; fails the section on any status but `expected`. */
async function timed(
  what: string,
  expected: readonly number[],
  request: () => Promise<Response>,
): Promise<{ ms: number; body: unknown }> {
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

/** The proxy reads the calendar as it starts: its host's times are offered once it has. */
async function offeredOnceRead(proxy: ProxyServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = (await (await fetch(`${proxy.origin}${STATUS_QUERY}`)).json()) as SlotsResponse;
    if (answer.status === 'open') return;
    if (Date.now() > deadline) throw new Error(`slots still ${answer.status} after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (n: number) => n.toLocaleString('en-GB');
/** How many `times`, then each of their `quantiles`. */
const spread = (times: readonly number[], quantiles: readonly number[]) => [
  count(times.length),
  ...quantiles.map((q) => `${num(quantile(times, q))} ms`),
];

export async function bookingBench(): Promise<string> {
  const calendar = await startCalendar();
  const standIn = await startStandIn();
  const formDir = scratchDir('booking-form', 'memory');
  const formConfig = join(formDir, 'law-firm-booking.json');
  const form = { ...lawFirmBookingFile, booking: { ...BOOKING, people: [HOST] } };
  writeFileSync(formConfig, `${JSON.stringify(form, null, 2)}\n`);
  const proxy = await startProxyServer(standIn, {
    env: { FORM_CONFIG: formConfig, CALENDAR_KEY, TRUSTED_PROXIES: '127.0.0.1' },
    prepare: (dataDir) =>
      peopleCalendar(
        openSqliteOutbox(join(dataDir, 'outbox.sqlite')),
        [HOST, calendar.calendarUrl, '--username', 'ann'],
        {
          calendarKey: { key: CALENDAR_KEY },
          booking: { timeZone: BOOKING.timeZone, hosts: [HOST] },
        },
      ).then(() => undefined),
  });
  await offeredOnceRead(proxy);
  // Past the five seconds the worked-out days are kept: the next request works them out again.
  await sleep(6_000);
  const cold = await askSlots(proxy, 0, calendar.busy);
  const warm = await inParallel(
    SLOT_REQUESTS,
    CLIENTS,
    async (i) => (await askSlots(proxy, 1 + Math.floor(i / ASKS_PER_VISITOR), calendar.busy)).ms,
  );

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
  while (written < expected && performance.now() - writtenFrom < 30_000) {
    await sleep(250);
    written = await calendar.events();
  }
  const writtenSeconds = (performance.now() - writtenFrom) / 1000;
  const p95 = (times: number[]) => `${num(quantile(times, 0.95))} ms`;

  return `## Booking a call: times offered and enquiries with a booking (issue #75)

The law firm that books half-hour calls on weekdays from 09:00 to 17:00 in London's zone, 14
days ahead (\`proxy/test/fixtures/booking-config.ts\`), with one host. Their own calendar is on
Radicale (\`${toolPath('radicale')}\`, a child process, \`[auth] type = none\`, on tmpfs) with
${count(calendar.stored)} busy events in it, one of them weekly, and is connected as
\`npm run outbox -- people calendar <address> <url>\` connects it (\`CALENDAR_KEY\` set) before the proxy starts;
the proxy reads it as it starts and every minute. Every answer is checked: any status but 200
(slots) or 201/202 (enquiries), slots not \`open\`, or a busy time offered fails this section.

\`GET /api/slots?case-type=conveyancing\`: the first request once the five seconds the
worked-out days are kept have passed (every day worked out again), then ${count(SLOT_REQUESTS)}
requests from ${count(CLIENTS)} clients at once, each visitor asking ${count(ASKS_PER_VISITOR)}
times from an address of its own (\`X-Forwarded-For\` through a trusted reverse proxy, as
deployed), the days worked out again every five seconds among them. Each time is to the whole
answer read.

${table(
  ['`GET /api/slots`', 'requests', 'p50', 'p95', 'p99'],
  [
    ['first, its days worked out afresh', '1', `${num(cold.ms)} ms`, '–', '–'],
    [`then ${count(CLIENTS)} clients at once`, ...spread(warm, [0.5, 0.95, 0.99])],
  ],
)}

\`POST /api/enquiries\` (the widget's multipart body, \`validEnquiry()\`) with a booking (each a
different free time \`GET /api/slots\` offered, as \`answers.call\`) and without, in turn: one at
a time, then ${count(CLIENTS)} at once; one of each sent first, unmeasured. Each booking is taken
in the transaction that stores its enquiry; the outbox writes its event into Radicale afterwards
(${count(written - calendar.stored)} of ${count(booked)} written ${num(writtenSeconds)} s after the
last answer).

${table(
  ['`POST /api/enquiries`', 'enquiries', 'p50', 'p95'],
  [
    ['without a booking, one at a time', ...spread(alone.without, [0.5, 0.95])],
    ['with a booking, one at a time', ...spread(alone.booked, [0.5, 0.95])],
    [`without a booking, ${count(CLIENTS)} at once`, ...spread(together.without, [0.5, 0.95])],
    [`with a booking, ${count(CLIENTS)} at once`, ...spread(together.booked, [0.5, 0.95])],
  ],
)}

Slots: p95 ${num(quantile(warm, 0.95))} ms (issue #75 asks 300 ms at most). An enquiry with a
booking: p95 ${p95(alone.booked)} one at a time (${p95(alone.without)} without), ${p95(together.booked)}
${count(CLIENTS)} at once (${p95(together.without)} without).`;
}
