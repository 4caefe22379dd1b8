/**
 * The host's own busy times in the booking benchmark (`booking.ts`), the same on every kind of
 * calendar (`booking-diaries.ts` writes them into each): an hour busy on each of the next 14 days,
 * at 10:00, 11:00 or 12:00 UTC in turn (within London's opening hours in winter and summer
 * alike), and a weekly meeting at 14:00 UTC from tomorrow, three times (a series, which the
 * proxy or the calendar expands).
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How often the weekly meeting happens. */
export const WEEKLY_TIMES = 3;

/** A busy time, in milliseconds since the epoch. */
export interface Busy {
  start: number;
  end: number;
}

/** The single busy hours, the weekly meeting's first time, and every busy time they make. */
export interface BusyTimes {
  singles: Busy[];
  weekly: Busy;
  busy: Busy[];
}

/** The busy times of a calendar written at `now`. */
export function busyTimes(now: number): BusyTimes {
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  const singles: Busy[] = [];
  for (let day = 1; day <= 14; day += 1) {
    const start = midnight + day * DAY_MS + (10 + (day % 3)) * HOUR_MS;
    singles.push({ start, end: start + HOUR_MS });
  }
  const weekly = { start: midnight + DAY_MS + 14 * HOUR_MS, end: midnight + DAY_MS + 15 * HOUR_MS };
  const busy = [...singles];
  for (let week = 0; week < WEEKLY_TIMES; week += 1)
    busy.push({ start: weekly.start + week * 7 * DAY_MS, end: weekly.end + week * 7 * DAY_MS });
  return { singles, weekly, busy };
}

/** `Date` as iCalendar writes it in UTC: `20270329T080000Z`. */
const icalUtc = (at: number) => new Date(at).toISOString().replace(/[-:]|\.\d{3}/g, '');

function event(uid: string, busy: Busy, stamp: number, rule?: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//enquiry-form//booking benchmark//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${icalUtc(stamp)}`,
    `DTSTART:${icalUtc(busy.start)}`,
    `DTEND:${icalUtc(busy.end)}`,
    'SUMMARY:Busy',
    ...(rule ? [`RRULE:${rule}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The weekly meeting's rule, as iCalendar and Google write it. */
export const WEEKLY_RULE = `FREQ=WEEKLY;COUNT=${String(WEEKLY_TIMES)}`;

/** `times` as CalDAV event resources (file name, iCalendar text), each a resource of its own. */
export function icalFiles(times: BusyTimes, now: number): [string, string][] {
  return [
    ...times.singles.map((hour, i): [string, string] => [
      `busy-${String(i + 1)}.ics`,
      event(`busy-${String(i + 1)}@bench.example`, hour, now),
    ]),
    ['weekly.ics', event('weekly@bench.example', times.weekly, now, WEEKLY_RULE)],
  ];
}

/** Whether `slot` overlaps any of `busy`. */
export const overlapsBusy = (slot: { start: string; end: string }, busy: readonly Busy[]) =>
  busy.some((time) => Date.parse(slot.start) < time.end && time.start < Date.parse(slot.end));
