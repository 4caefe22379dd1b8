/**
 * Where the walk of a recurring event's occurrences may begin, so that reading a calendar costs
 * in proportion to the window read and never to the years since a series began (issue 84,
 * finding 3: ten daily events since 2010 and one repeating every second stalled the proxy for
 * seconds, walked from their first DTSTART at every read).
 *
 * A rule whose pattern repeats after a fixed stretch of wall-clock time (its period: INTERVAL
 * units of its FREQ, widened to a whole week, day, hour or minute by BYDAY, BYHOUR, BYMINUTE or
 * BYSECOND) gives the same occurrences from DTSTART moved on by whole periods as from DTSTART
 * itself, past that point: the walk starts there, a little before the window. MONTHLY and YEARLY
 * rules move by whole months or years, on a day that month has. Under COUNT, what was passed is
 * counted by arithmetic, which only a rule of FREQ and INTERVAL alone allows (one occurrence a
 * period, a month without the day aside); any other rule under COUNT, or with parts that tie it
 * to the calendar (BYMONTH, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYSETPOS under a FREQ below
 * MONTHLY), is walked from its start, its cost bounded by the read's budget and its deadline.
 *
 * A series repeating more often than every five minutes keeps its host busy throughout, from
 * its start to its end: every call is on the five-minute grid (`contract/schemas/booking.ts`),
 * and no call fits between two such occurrences, so nothing offered changes, and seconds are
 * never walked one by one.
 */
import type ICAL from 'ical.js';

/** What a series' walk is: from where, with how many occurrences left; or busy throughout. */
export type SeriesPlan =
  | { kind: 'walk'; start: ICAL.Time; countLeft?: number | undefined }
  | { kind: 'throughout'; lastStart: ICAL.Time | undefined };

/** The shortest repeat walked one by one: the booking grid's five minutes. */
const DENSE_BELOW_SECONDS = 300;

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3_600,
  DAILY: 86_400,
  WEEKLY: 604_800,
};

/** The stretch of wall-clock time each part ties a sub-monthly rule's pattern to. */
const PART_SECONDS: Readonly<Record<string, number>> = {
  BYSECOND: 60,
  BYMINUTE: 3_600,
  BYHOUR: 86_400,
  BYDAY: 604_800,
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number): number => (a / gcd(a, b)) * b;

/** A wall-clock time as the milliseconds of a UTC clock showing the same. */
const floating = (time: ICAL.Time): number =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

/** `time` with its wall clock set to `ms` (as `floating` reads it), in its own zone. */
function atFloating(time: ICAL.Time, ms: number): ICAL.Time {
  const at = new Date(ms);
  const moved = time.clone();
  moved.year = at.getUTCFullYear();
  moved.month = at.getUTCMonth() + 1;
  moved.day = at.getUTCDate();
  if (!time.isDate) {
    moved.hour = at.getUTCHours();
    moved.minute = at.getUTCMinutes();
    moved.second = at.getUTCSeconds();
  }
  return moved;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `time` moved by `months` on the calendar, its day and time of day kept; undefined when that
 * month has no such day.
 */
function monthsOn(time: ICAL.Time, months: number): ICAL.Time | undefined {
  const index = time.year * 12 + (time.month - 1) + months;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  if (time.day > daysIn(year, month)) return undefined;
  const moved = time.clone();
  moved.day = 1;
  moved.year = year;
  moved.month = month;
  moved.day = time.day;
  return moved;
}

/** A walk from DTSTART itself. */
const fromStart = (dtstart: ICAL.Time): SeriesPlan => ({ kind: 'walk', start: dtstart });

/**
 * How to walk `rule`'s occurrences from `dtstart` for a window whose earliest occurrence of
 * interest starts at `notBefore` or later (a wall-clock time read as `floating` does, with room
 * already left for any zone's offset and the event's length).
 *
 * @example seriesPlan(Recur.fromString('FREQ=DAILY'), dtstart2010, Date.UTC(2027, 2, 27))
 * // { kind: 'walk', start: <2027-03-27 at dtstart2010's time of day> }
 */
export function seriesPlan(rule: ICAL.Recur, dtstart: ICAL.Time, notBefore: number): SeriesPlan {
  const parts = Object.keys(rule.parts);
  const plain = parts.length === 0;
  const interval = Math.max(1, rule.interval || 1);
  const unit = UNIT_SECONDS[rule.freq];
  if (unit !== undefined && unit * interval < DENSE_BELOW_SECONDS && (plain || !rule.count)) {
    const steps = plain && rule.count ? rule.count - 1 : undefined;
    const lastStart =
      steps === undefined
        ? (rule.until ?? undefined)
        : atFloating(dtstart, floating(dtstart) + steps * unit * interval * 1000);
    return { kind: 'throughout', lastStart };
  }
  if (rule.count && !plain) return fromStart(dtstart);
  const behind = notBefore - floating(dtstart);
  if (behind <= 0) return fromStart(dtstart);
  if (unit !== undefined) {
    const periodic = parts.every(
      (part) =>
        part in PART_SECONDS &&
        (part !== 'BYDAY' || (rule.parts.BYDAY ?? []).every((day) => /^[A-Z]{2}$/.test(day))),
    );
    if (!periodic) return fromStart(dtstart);
    const period = parts.reduce(
      (length, part) => lcm(length, PART_SECONDS[part] ?? 1),
      unit * interval,
    );
    let periods = Math.floor(behind / (period * 1000));
    // Under COUNT (a plain rule: one occurrence a period), the last one at most.
    if (rule.count) periods = Math.min(periods, rule.count - 1);
    if (periods <= 0) return fromStart(dtstart);
    return {
      kind: 'walk',
      start: atFloating(dtstart, floating(dtstart) + periods * period * 1000),
      ...(rule.count ? { countLeft: rule.count - periods } : {}),
    };
  }
  const months = rule.freq === 'YEARLY' ? 12 * interval : rule.freq === 'MONTHLY' ? interval : 0;
  if (months === 0) return fromStart(dtstart);
  const target = new Date(notBefore);
  const apart =
    (target.getUTCFullYear() - dtstart.year) * 12 + (target.getUTCMonth() + 1 - dtstart.month);
  // Back a period at a time to a month that has the day and starts no later than the target.
  for (let periods = Math.floor(apart / months); periods > 0; periods -= 1) {
    const start = monthsOn(dtstart, periods * months);
    if (!start || floating(start) > notBefore) continue;
    if (!rule.count) return { kind: 'walk', start };
    // A plain rule counts the months of its day it passed (the 31st is in seven a year).
    let passed = 0;
    for (let period = 0; period < periods && passed < rule.count; period += 1)
      if (monthsOn(dtstart, period * months)) passed += 1;
    if (passed >= rule.count) return fromStart(dtstart);
    return { kind: 'walk', start, countLeft: rule.count - passed };
  }
  return fromStart(dtstart);
}
