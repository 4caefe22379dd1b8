/**
 * The host's own calendar in the booking benchmark (`booking.ts`): an hour busy on each of the
 * next 14 days, at 10:00, 11:00 or 12:00 UTC in turn (within London's opening hours in winter
 * and summer alike), and a weekly meeting at 14:00 UTC from tomorrow, three times (a recurring
 * event, which the proxy expands). Each event is a resource of its own, as calendar programs
 * write them.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A busy time, in milliseconds since the epoch. */
export interface Busy {
  start: number;
  end: number;
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

/** The calendar's event resources (file name, iCalendar text) and every busy time they make. */
export function busyCalendar(now: number): { files: [string, string][]; busy: Busy[] } {
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  const files: [string, string][] = [];
  const busy: Busy[] = [];
  for (let day = 1; day <= 14; day += 1) {
    const start = midnight + day * DAY_MS + (10 + (day % 3)) * HOUR_MS;
    const hour = { start, end: start + HOUR_MS };
    files.push([`busy-${String(day)}.ics`, event(`busy-${String(day)}@bench.example`, hour, now)]);
    busy.push(hour);
  }
  const weekly = { start: midnight + DAY_MS + 14 * HOUR_MS, end: midnight + DAY_MS + 15 * HOUR_MS };
  files.push(['weekly.ics', event('weekly@bench.example', weekly, now, 'FREQ=WEEKLY;COUNT=3')]);
  for (let week = 0; week < 3; week += 1)
    busy.push({ start: weekly.start + week * 7 * DAY_MS, end: weekly.end + week * 7 * DAY_MS });
  return { files, busy };
}

/** Whether `slot` overlaps any of `busy`. */
export const overlapsBusy = (slot: { start: string; end: string }, busy: readonly Busy[]) =>
  busy.some((time) => Date.parse(slot.start) < time.end && time.start < Date.parse(slot.end));
