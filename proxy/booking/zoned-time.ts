/**
 * Wall-clock times in an IANA time zone and the instants they name, over `Intl` alone (no
 * library: the little arithmetic needed is here, tested across both changes of summer time in
 * `zoned-time.test.ts`). A zone's offset at an instant is read from `Intl.DateTimeFormat`; a
 * wall-clock time is found by trying the offsets either side of it, so a time that does not
 * exist (the hour skipped in spring) is known as such, and one that happens twice (the hour
 * repeated in autumn) is its first.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A date on the calendar, as `YYYY-MM-DD`. */
export type CivilDate = string;

/** One zone's formatter, made once: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at `epochMs`, as the milliseconds of a UTC clock showing the same. */
function wallMs(epochMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(epochMs))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far `zone`'s clocks are ahead of UTC at `epochMs`, to the second. */
const offsetAt = (epochMs: number, zone: string): number =>
  wallMs(epochMs, zone) - Math.floor(epochMs / 1000) * 1000;

/** Where an instant falls in a zone: its date and minutes after midnight. */
export interface WallClock {
  date: CivilDate;
  minutes: number;
}

/** The UTC clock's date of `ms` as `YYYY-MM-DD`. */
const isoDate = (ms: number): CivilDate => new Date(ms).toISOString().slice(0, 10);

/**
 * Where `epochMs` falls on the wall clock of `zone`.
 *
 * @example wallClock(Date.UTC(2027, 2, 29, 8), 'Europe/London') // { date: '2027-03-29', minutes: 540 }
 */
export function wallClock(epochMs: number, zone: string): WallClock {
  const wall = wallMs(epochMs, zone);
  const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
  return { date: isoDate(midnight), minutes: Math.floor((wall - midnight) / MINUTE_MS) };
}

/**
 * The instant `zone`'s clocks show `minutes` after midnight on `date`: undefined when they never
 * do (skipped as summer time starts), the first when they do twice (as it ends).
 *
 * @example instantOf('2027-03-29', 540, 'Europe/London') // Date.UTC(2027, 2, 29, 8)
 */
export function instantOf(date: CivilDate, minutes: number, zone: string): number | undefined {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  // The offsets in force half a day either side: a zone changes its clocks at most once in a day.
  const found = [offsetAt(wall - DAY_MS / 2, zone), offsetAt(wall + DAY_MS / 2, zone)]
    .map((offset) => wall - offset)
    .filter((instant) => wallMs(instant, zone) === wall);
  return found.length > 0 ? Math.min(...found) : undefined;
}

/**
 * The dates from `first` on, `count` of them (`YYYY-MM-DD`).
 *
 * @example datesFrom('2027-03-27', 3) // ['2027-03-27', '2027-03-28', '2027-03-29']
 */
export function datesFrom(first: CivilDate, count: number): CivilDate[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => isoDate(start + i * DAY_MS));
}

/** The weekday of `date` (0 = Monday), whatever the zone: a date's weekday is the calendar's. */
export const weekdayOf = (date: CivilDate): number =>
  (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
