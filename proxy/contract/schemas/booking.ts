/**
 * `"booking"` in the form configuration (`docs/booking.md`): when the firm's people take calls,
 * in the firm's time zone, and who they are when the form does not route leads to teams. A team
 * may override any of it but `people` and `limits` (`routing.teams.<id>.booking`); its hosts are
 * then its own people, and the form's limits guard its diary (`booking-limits.ts`). Everything is checked here, each problem at its JSON path, so that a question of type
 * `appointment` never reaches a visitor without hours and hosts to offer. Proxy only (zod); no
 * visitor reads this block (`GET /api/form` leaves it out).
 */
import { z } from 'zod';
import { afterCallShape, teamAfterCallShape } from './after-call.ts';
import { bookingLimitsSchema } from './booking-limits.ts';
import { peopleList } from './common.ts';

/** The days of the week as `hours` names them, Monday first (ISO 8601's order). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * Every time a booking covers is whole blocks of five minutes (`outbox/machine/bookings.ts`):
 * hours, slot lengths and buffers are written on that grid.
 */
export const BOOKING_GRID_MINUTES = 5;

/** The longest horizon: a booking further ahead is a diary, not a first call. */
const MAX_HORIZON_DAYS = 90;

const RANGE = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Opening times of one day: minutes after midnight, each range `[from, to)`, in order. */
export type DayHours = readonly (readonly [number, number])[];

/** Opening times of each weekday, Monday first; a day without ranges is closed. */
export type WeekHours = readonly DayHours[];

/** True when `zone` is an IANA time zone this runtime knows (`Europe/London`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** True for a date of the calendar written `YYYY-MM-DD` (2027-02-30 is none). */
const isCivilDate = (date: string): boolean =>
  DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);

/** The weekday numbers (0 = Monday) a key of `hours` names: `mon`, `mon-fri`, `sat,sun`. */
export function daysOf(key: string): number[] | string {
  const days: number[] = [];
  for (const part of key.split(',').map((each) => each.trim().toLowerCase())) {
    const [from, to = from, extra] = part.split('-');
    const start = WEEKDAYS.indexOf(from as (typeof WEEKDAYS)[number]);
    const end = WEEKDAYS.indexOf(to as (typeof WEEKDAYS)[number]);
    if (start < 0 || end < 0 || extra !== undefined)
      return `"${key}" is not a day or range of days, like "mon", "mon-fri" or "sat,sun"`;
    if (end < start) return `"${part}" runs backwards: write the earlier day first, like "mon-fri"`;
    for (let day = start; day <= end; day += 1) days.push(day);
  }
  return days;
}

/** One `"09:00-17:00"` as minutes, or what is wrong with it. */
function rangeOf(text: string): readonly [number, number] | string {
  const match = RANGE.exec(text.trim());
  if (!match) return `"${text}" is not a range of times like "09:00-17:00"`;
  const [from, to] = [
    Number(match[1]) * 60 + Number(match[2]),
    Number(match[3]) * 60 + Number(match[4]),
  ];
  if (from > 24 * 60 || to > 24 * 60) return `"${text}" goes past 24:00`;
  if (from >= to) return `"${text}" must end after it starts (a day ends at 24:00)`;
  if (from % BOOKING_GRID_MINUTES !== 0 || to % BOOKING_GRID_MINUTES !== 0)
    return `"${text}" must be on the five-minute grid, like 09:00 or 09:05`;
  return [from, to];
}

/** What `readHours` gives: each weekday's ranges, or the problems by their path under `hours`. */
export type HoursReading =
  | { week: WeekHours; problems?: undefined }
  | { week?: undefined; problems: { path: (string | number)[]; message: string }[] };

/**
 * `hours` as each weekday's opening times: a key names a day, a range of days or a list of them;
 * a value is one range or a list (`[]`: closed). A day named twice, ranges that overlap, and
 * times off the five-minute grid are problems.
 *
 * @example readHours({ 'mon-fri': '09:00-17:00', sat: [] }).week?.[0] // [[540, 1020]]
 */
export function readHours(
  hours: Readonly<Record<string, string | readonly string[]>>,
): HoursReading {
  const week: (readonly [number, number])[][] = WEEKDAYS.map(() => []);
  const named = new Set<number>();
  const problems: { path: (string | number)[]; message: string }[] = [];
  for (const [key, value] of Object.entries(hours)) {
    const days = daysOf(key);
    if (typeof days === 'string') {
      problems.push({ path: [key], message: days });
      continue;
    }
    const repeated = days.filter((day) => named.has(day));
    if (repeated.length > 0)
      problems.push({
        path: [key],
        message: `names ${repeated.map((day) => WEEKDAYS[day]).join(', ')} again`,
      });
    const ranges: (readonly [number, number])[] = [];
    [value].flat().forEach((text, i) => {
      const range = rangeOf(text);
      if (typeof range === 'string')
        problems.push({ path: Array.isArray(value) ? [key, i] : [key], message: range });
      else ranges.push(range);
    });
    ranges.sort((a, b) => a[0] - b[0]);
    if (ranges.some((range, i) => i > 0 && range[0] < (ranges[i - 1]?.[1] ?? 0)))
      problems.push({ path: [key], message: 'has ranges that overlap' });
    for (const day of days) {
      named.add(day);
      week[day] = ranges;
    }
  }
  return problems.length > 0 ? { problems } : { week };
}

const hoursSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string()).max(12)]))
  .superRefine((hours, ctx) => {
    const reading = readHours(hours);
    for (const problem of reading.problems ?? [])
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

/** A number of minutes on the five-minute grid, from `min` to `max`. */
const gridMinutes = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min)
    .max(max)
    .refine((minutes) => minutes % BOOKING_GRID_MINUTES === 0, 'must be a multiple of 5');

/** The keys a form's booking and a team's override share, each optional in an override. */
const rulesShape = {
  /** The firm's IANA time zone: hours, closed days and the visitor's times are read in it. */
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone, like "Europe/London"'),
  /** How long a call is. */
  minutes: gridMinutes(5, 480),
  /** Kept free after each meeting (calls and the host's own events alike). */
  bufferMinutes: gridMinutes(0, 240),
  /** Opening times per weekday (`readHours`). */
  hours: hoursSchema,
  /** How long before a call it may be booked at the latest. */
  noticeHours: z
    .number()
    .min(0)
    .max(24 * 30),
  /** How many days ahead a call may be booked, today counting as the first. */
  horizonDays: z.number().int().min(1).max(MAX_HORIZON_DAYS),
  /** Days with no calls (bank holidays), as dates in the firm's zone. */
  closed: z.array(z.string().refine(isCivilDate, 'must be a real date, like 2026-12-25')).max(400),
  /**
   * How often a visitor may move their own call through their link (staff are not limited):
   * past it, the call's page gives the firm's telephone and email, and still offers cancelling.
   */
  visitorMoves: z.number().int().min(0).max(20),
  /** How long before its start a visitor may still move their call (default: `noticeHours`). */
  moveNoticeHours: z
    .number()
    .min(0)
    .max(24 * 30),
};

/** The defaults of the keys a configuration may leave out. */
const BOOKING_DEFAULTS = Object.freeze({
  bufferMinutes: 0,
  noticeHours: 2,
  horizonDays: 14,
  closed: [] as readonly string[],
  visitorMoves: 2,
});

/** A form's `booking` block. */
export const bookingSchema = z.strictObject({
  ...rulesShape,
  bufferMinutes: rulesShape.bufferMinutes.default(BOOKING_DEFAULTS.bufferMinutes),
  noticeHours: rulesShape.noticeHours.default(BOOKING_DEFAULTS.noticeHours),
  horizonDays: rulesShape.horizonDays.default(BOOKING_DEFAULTS.horizonDays),
  closed: rulesShape.closed.default([]),
  visitorMoves: rulesShape.visitorMoves.default(BOOKING_DEFAULTS.visitorMoves),
  moveNoticeHours: rulesShape.moveNoticeHours.optional(),
  /** The hosts when the form does not route leads to teams (with routing: each team's people). */
  people: peopleList.optional(),
  ...afterCallShape,
  /** How many calls are held for one client, network, mailbox domain, and everybody an hour. */
  limits: bookingLimitsSchema,
});

/** A team's `booking`: any key of the form's but `people`, each replacing the form's. */
export const teamBookingSchema = z.strictObject({
  timeZone: rulesShape.timeZone.optional(),
  minutes: rulesShape.minutes.optional(),
  bufferMinutes: rulesShape.bufferMinutes.optional(),
  hours: rulesShape.hours.optional(),
  noticeHours: rulesShape.noticeHours.optional(),
  horizonDays: rulesShape.horizonDays.optional(),
  closed: rulesShape.closed.optional(),
  ...teamAfterCallShape,
  visitorMoves: rulesShape.visitorMoves.optional(),
  moveNoticeHours: rulesShape.moveNoticeHours.optional(),
});

/** The parsed block. */
export type Booking = z.output<typeof bookingSchema>;
/** A team's parsed override. */
export type TeamBooking = z.output<typeof teamBookingSchema>;

/** What the booking checks read of the configuration. */
interface ConfigFacts {
  booking?: Booking | undefined;
  caseTypes: readonly { id: string; questions: readonly { id: string; type: string }[] }[];
  routing?:
    | {
        teams: Readonly<Record<string, { booking?: TeamBooking | undefined }>>;
        rules: readonly { when: { question?: string | undefined } }[];
      }
    | undefined;
}

type AddIssue = (path: (string | number)[], message: string) => void;

/**
 * Every problem of booking against the rest of the configuration: more than one appointment
 * question in a case type, one without `booking`, hosts nobody named (`booking.people` without
 * routing; with routing, each team's people are the hosts, so `people` is refused), a team's
 * override without a form's `booking`, and a routing rule that reads an appointment (its hosts
 * are chosen by the rules: a rule cannot read the time they offer).
 */
export function checkBooking(config: ConfigFacts, add: AddIssue): void {
  const appointments = new Set<string>();
  config.caseTypes.forEach((caseType, c) => {
    const asked = caseType.questions.flatMap((question, q) =>
      question.type === 'appointment' ? [q] : [],
    );
    for (const q of asked) appointments.add(caseType.questions[q]?.id ?? '');
    asked.slice(1).forEach((q) => {
      add(['caseTypes', c, 'questions', q, 'type'], 'a case type asks for one appointment at most');
    });
    if (asked.length > 0 && !config.booking)
      add(
        ['caseTypes', c, 'questions', asked[0] ?? 0, 'type'],
        'an appointment question needs "booking": the hours, time zone and slot length',
      );
  });
  const { booking, routing } = config;
  if (booking && routing && booking.people)
    add(['booking', 'people'], 'with "routing", the hosts are each team\'s people: leave this out');
  if (booking && !routing && !booking.people)
    add(['booking', 'people'], 'names the hosts when there is no "routing": list at least one');
  for (const [team, { booking: own }] of Object.entries(routing?.teams ?? {}))
    if (own && !booking)
      add(
        ['routing', 'teams', team, 'booking'],
        'overrides "booking", which the form does not have',
      );
  routing?.rules.forEach((rule, r) => {
    if (rule.when.question !== undefined && appointments.has(rule.when.question))
      add(
        ['routing', 'rules', r, 'when', 'question'],
        `"${rule.when.question}" is an appointment: its times depend on the team, so no rule can read it`,
      );
  });
}
