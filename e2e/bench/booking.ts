/**
 * Booking a call in the same form (issues #75 and #86): `GET /api/slots` and `POST /api/enquiries`
 * with a booking, with the host's own calendar on each kind a firm connects: CalDAV on a real
 * Radicale, Microsoft 365 through Graph and Google Workspace through the Calendar API on their
 * stand-ins (`booking-diaries.ts`). Each is connected with the operator's commands
 * (`CALENDAR_KEY` set) before the proxy starts with the law firm that books calls
 * (`booking-config.ts`) with that one host, and measured alike (`booking-measure.ts`).
 */
import { toolPath } from '../../proxy/test/fixtures/system-tools.ts';
import {
  googleCalendar,
  microsoftCalendar,
  radicaleCalendar,
  type BenchCalendar,
} from './booking-diaries.ts';
import {
  ASKS_PER_VISITOR,
  CLIENTS,
  HOST,
  measureBooking,
  SLOT_REQUESTS,
  type BookingRun,
} from './booking-measure.ts';
import { num, quantile, table } from './report.ts';
import { startStandIn } from './servers.ts';

/** Made up for this run: at least 32 characters, as `openssl rand -base64 32` makes one. */
const CALENDAR_KEY = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
/** Graph's limits for one app on one mailbox, and Google's for one user of a project. */
const GRAPH_PER_TEN_MINUTES = 10_000;
const GRAPH_AT_ONCE = 4;
const GOOGLE_PER_MINUTE = 600;

const count = (n: number) => n.toLocaleString('en-GB');
const ms = (value: number) => `${num(value)} ms`;
const at = (times: readonly number[], q: number) => ms(quantile(times, q));

/** Each kind in turn, one proxy each; a kind that cannot start fails the section. */
async function runAll(): Promise<BookingRun[]> {
  const standIn = await startStandIn();
  const runs: BookingRun[] = [];
  for (const start of [radicaleCalendar, microsoftCalendar, googleCalendar]) {
    const calendar: BenchCalendar = await start(HOST);
    try {
      runs.push(await measureBooking(calendar, standIn, CALENDAR_KEY));
    } finally {
      await calendar.close();
    }
  }
  return runs;
}

/** The calendar's requests against the service's own limit for one mailbox or user. */
function withinLimits(run: BookingRun): string {
  const { requests } = run;
  if (!requests) return 'not counted (Radicale keeps no count)';
  const perMinute = (requests.made / run.seconds) * 60;
  const limit = run.calendar.kind.startsWith('Microsoft')
    ? `Graph allows ${count(GRAPH_PER_TEN_MINUTES)} a mailbox in ten minutes and ${String(GRAPH_AT_ONCE)} at once; at most ${String(requests.peakAtOnce ?? 0)} at once here`
    : `Google allows ${count(GOOGLE_PER_MINUTE)} a user a minute`;
  return `${count(requests.made)} in ${num(run.seconds)} s (${num(perMinute)} a minute): ${limit}`;
}

export async function bookingBench(): Promise<string> {
  const runs = await runAll();
  const slotRows = runs.flatMap((run) => [
    [`${run.calendar.kind}: first, its days worked out afresh`, '1', ms(run.coldMs), '–', '–'],
    [
      `${run.calendar.kind}: then ${count(CLIENTS)} clients at once`,
      count(run.warmMs.length),
      at(run.warmMs, 0.5),
      at(run.warmMs, 0.95),
      at(run.warmMs, 0.99),
    ],
  ]);
  const enquiryRows = runs.flatMap((run) =>
    (
      [
        ['without a booking, one at a time', run.alone.without],
        ['with a booking, one at a time', run.alone.booked],
        [`without a booking, ${count(CLIENTS)} at once`, run.together.without],
        [`with a booking, ${count(CLIENTS)} at once`, run.together.booked],
      ] as const
    ).map(([what, times]) => [
      `${run.calendar.kind}: ${what}`,
      count(times.length),
      at(times, 0.5),
      at(times, 0.95),
    ]),
  );
  const calendarRows = runs.map((run) => [
    run.calendar.kind,
    `${count(run.written)} of ${count(run.booked)} in ${num(run.writtenSeconds)} s`,
    run.requestsWhileSlots === undefined ? '–' : count(run.requestsWhileSlots),
    withinLimits(run),
  ]);
  const worst = Math.max(...runs.map((run) => quantile(run.warmMs, 0.95)));

  return `## Booking a call: times offered and enquiries with a booking (issues #75, #86)

The law firm that books half-hour calls on weekdays from 09:00 to 17:00 in London's zone, 14
days ahead (\`proxy/test/fixtures/booking-config.ts\`), with one host, run once for each kind of
calendar a firm connects: CalDAV on Radicale (\`${toolPath('radicale')}\`, a child process,
\`[auth] type = none\`, on tmpfs), a Microsoft 365 mailbox on the Graph stand-in and a Google
Workspace calendar on the Calendar API stand-in (\`proxy/test/fixtures/\`, written from their
published descriptions, in the benchmark's process). Each holds the same busy times: an hour on
each of the next 14 days and a weekly meeting three times (a series), and is connected with the
operator's commands (\`people calendar <address> <url>\`, \`calendars microsoft\` then
\`people calendar <address> microsoft\`, \`calendars google\` then \`people calendar <address>
google\`; \`CALENDAR_KEY\` set) before the proxy starts; the proxy reads it as it starts and
every minute. Every answer is checked: any status but 200 (slots) or 201/202 (enquiries), slots
not \`open\`, a busy time offered, or a call not written exactly once fails this section.

\`GET /api/slots?case-type=conveyancing\`: the first request once the five seconds the
worked-out days are kept have passed (every day worked out again), then ${count(SLOT_REQUESTS)}
requests from ${count(CLIENTS)} clients at once, each visitor asking ${count(ASKS_PER_VISITOR)}
times from an address of its own (\`X-Forwarded-For\` through a trusted reverse proxy, as
deployed), the days worked out again every five seconds among them. Each time is to the whole
answer read.

${table(['`GET /api/slots`', 'requests', 'p50', 'p95', 'p99'], slotRows)}

\`POST /api/enquiries\` (the widget's multipart body, \`validEnquiry()\`) with a booking (each a
different free time \`GET /api/slots\` offered, as \`answers.call\`) and without, in turn: one at
a time, then ${count(CLIENTS)} at once; one of each sent first, unmeasured. Each booking is taken
in the transaction that stores its enquiry; the outbox writes its event into the calendar
afterwards.

${table(['`POST /api/enquiries`', 'enquiries', 'p50', 'p95'], enquiryRows)}

The host's calendar: the calls written after the last answer, the requests the proxy made of the
service while the ${count(SLOT_REQUESTS)} slots were answered, and over the whole run (its reads
and one write per call; the sign-in's token requests apart) against the service's limits.

${table(['calendar', 'calls written', 'requests during the slots', 'requests in the run'], calendarRows)}

Slots: p95 at most ${ms(worst)} on any calendar (issues #75 and #86 ask 300 ms at most).`;
}
