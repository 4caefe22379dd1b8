/**
 * A calendar's events as the spans they keep their host busy (`../busy-times.ts`), read with
 * ical.js from the iCalendar objects a CalDAV calendar-query answers (RFC 4791): recurring
 * events expanded (RRULE, RDATE, EXDATE), times in a named zone read by `Intl` (or by the
 * object's own VTIMEZONE where the name is not an IANA zone, as Outlook's are), floating times
 * and whole days in the firm's zone. Events marked free (TRANSP:TRANSPARENT) or cancelled keep
 * nobody busy. Each changed occurrence (RECURRENCE-ID) is read on its own, where it is now, and
 * frees the time it was moved from (or, cancelled or free, the time it had); one whose series is
 * not in the object (an invitation to one meeting of someone else's series) counts too.
 *
 * A series is walked from a little before the window, never from its first DTSTART
 * (`series-skip.ts`), and one repeating more often than every five minutes is busy throughout.
 * A calendar asking for more than `MAX_OCCURRENCES` occurrences in one read is a fault, never a
 * stalled proxy; this runs in a worker thread of its own besides (`busy-thread.ts`), so even a
 * rule ical.js cannot finish costs the calendar's read, not every visitor's request.
 */
import ICAL from 'ical.js';
import { isTimeZone } from '../../contract/schemas/booking.ts';
import type { Span } from '../slot-grid.ts';
import { instantOf } from '../zoned-time.ts';
import { CalendarFault } from './calendar-fault.ts';
import { seriesPlan } from './series-skip.ts';

/** The most occurrences one read may walk through, the calendar's events together. */
const MAX_OCCURRENCES = 200_000;

/** Room for any zone's offset from a wall clock read as UTC: a day and a half. */
const ZONE_ROOM_MS = 36 * 3_600_000;

/** How a read turns times into instants, and which events it leaves out. */
export interface BusyReading {
  /** The zone of floating times and whole days: the firm's. */
  floatingZone: string;
  /** True for a UID of the proxy's own bookings. */
  isOwnBooking: (uid: string) => boolean;
}

/** A span an event keeps its host busy, with the event's UID (the proxy's own are left out later). */
export interface EventSpan extends Span {
  uid: string;
}

/** Whether each zone name is an IANA zone: asked once per name, as it costs a formatter. */
const ianaZones = new Map<string, boolean>();
const isIana = (zone: string) => {
  let known = ianaZones.get(zone);
  if (known === undefined) ianaZones.set(zone, (known = isTimeZone(zone)));
  return known;
};

/** The instant `time` names: in its zone (`tzid`, when it has none of its own), else floating. */
function instant(read: Read, time: ICAL.Time, tzid: string | undefined): number {
  if (time.zone.tzid === 'UTC') return time.toUnixTime() * 1000;
  const zone = (time as ICAL.Time & { timezone?: string }).timezone ?? tzid;
  if (zone && !isIana(zone) && ICAL.TimezoneService.has(zone)) {
    const zoned = time.clone();
    zoned.zone = ICAL.TimezoneService.get(zone);
    return zoned.toUnixTime() * 1000;
  }
  const named = zone && isIana(zone) ? zone : read.floatingZone;
  const minutes = time.isDate ? 0 : time.hour * 60 + time.minute;
  const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  // A window's occurrences share few wall-clock times, and `Intl` is asked once for each.
  const key = `${named} ${date} ${String(minutes)}`;
  let at = read.wallClocks.get(key);
  if (at === undefined) {
    // A wall-clock time the zone skips (spring) is read an hour on, as calendars show it.
    at = instantOf(date, minutes, named) ?? instantOf(date, minutes + 60, named) ?? 0;
    read.wallClocks.set(key, at);
  }
  return at + time.second * 1000;
}

const upper = (vevent: ICAL.Component, name: string) =>
  String(vevent.getFirstPropertyValue(name) ?? '').toUpperCase();

/** True for an event that keeps nobody busy: marked free, or cancelled. */
const keepsFree = (vevent: ICAL.Component) =>
  upper(vevent, 'transp') === 'TRANSPARENT' || upper(vevent, 'status') === 'CANCELLED';

const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue('uid') ?? '');
const tzidOf = (vevent: ICAL.Component) =>
  vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;

/** What one read shares: its window, its zone, its budget, the spans found. */
interface Read {
  from: number;
  to: number;
  floatingZone: string;
  budget: { left: number };
  spans: EventSpan[];
  /** The instants of the wall-clock times met, by zone, date and minute. */
  wallClocks: Map<string, number>;
}

/** Adds the span from `start` to `end` of `uid`'s event, if it reaches into the window. */
function keep(read: Read, uid: string, start: ICAL.Time, end: ICAL.Time, tzid: string | undefined) {
  const from = instant(read, start, tzid);
  if (from >= read.to) return;
  const to = instant(read, end, tzid);
  // An event of no length (an all-day one without an end) keeps its host busy that day.
  const until = to > from ? to : start.isDate ? from + 86_400_000 : from;
  if (until > read.from) read.spans.push({ uid, start: from, end: until });
}

/** Counts one occurrence walked against the read's budget. */
function spend(read: Read) {
  read.budget.left -= 1;
  if (read.budget.left < 0)
    throw new CalendarFault(
      'unreadable',
      `the calendar asks for more than ${String(MAX_OCCURRENCES)} occurrences in one read`,
    );
}

/** The occurrences of the series `event` reaching into the window, its changed ones aside. */
function walkSeries(read: Read, event: ICAL.Event, tzid: string | undefined) {
  const rules = event.component.getAllProperties('rrule');
  const length = Math.max(0, event.duration.toSeconds() * 1000);
  let start = event.startDate;
  const rule = rules.length === 1 ? (rules[0]?.getFirstValue() as ICAL.Recur) : undefined;
  if (rule) {
    const plan = seriesPlan(rule, start, read.from - length - ZONE_ROOM_MS);
    if (plan.kind === 'throughout') {
      spend(read);
      const first = instant(read, start, tzid);
      const last = plan.lastStart ? instant(read, plan.lastStart, tzid) + length : Infinity;
      const [from, to] = [Math.max(first, read.from), Math.min(last, read.to)];
      if (from < to) read.spans.push({ uid: event.uid, start: from, end: to });
      return;
    }
    start = plan.start;
    if (plan.countLeft !== undefined) rule.count = plan.countLeft;
  }
  const occurrences = event.iterator(start);
  // ical.js's iterator answers undefined past the last occurrence, though its types say Time.
  const nextOf = () => occurrences.next() as ICAL.Time | undefined;
  for (let next = nextOf(); next; next = nextOf()) {
    spend(read);
    // In the order of their times as the rule gives them: past the window, so is the rest.
    if (instant(read, next, tzid) >= read.to) break;
    const details = event.getOccurrenceDetails(next);
    // A changed occurrence is read on its own (a RANGE=THISANDFUTURE one only shifts the rest).
    if (details.item !== event && details.item.recurrenceId.compare(next) === 0) continue;
    keep(read, event.uid, details.startDate, details.endDate, tzid);
  }
}

/** One object's events reaching into the read's window. */
function objectSpans(read: Read, text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const zones = calendar.getAllSubcomponents('vtimezone').map((vtimezone) => {
    const zone = new ICAL.Timezone(vtimezone);
    if (!isIana(zone.tzid)) ICAL.TimezoneService.register(zone);
    return zone.tzid;
  });
  try {
    const vevents = calendar.getAllSubcomponents('vevent');
    const changed = vevents.filter((vevent) => vevent.hasProperty('recurrence-id'));
    for (const vevent of vevents) {
      if (keepsFree(vevent)) continue;
      const uid = uidOf(vevent);
      if (vevent.hasProperty('recurrence-id')) {
        spend(read);
        const one = new ICAL.Event(vevent);
        keep(read, uid, one.startDate, one.endDate, tzidOf(vevent));
        continue;
      }
      const exceptions = changed.filter((each) => uidOf(each) === uid);
      const event = new ICAL.Event(vevent, { exceptions });
      if (event.isRecurring()) walkSeries(read, event, tzidOf(vevent));
      else {
        spend(read);
        keep(read, uid, event.startDate, event.endDate, tzidOf(vevent));
      }
    }
  } finally {
    for (const tzid of zones) if (!isIana(tzid)) ICAL.TimezoneService.remove(tzid);
  }
}

/**
 * The spans `objects` (iCalendar texts) keep their hosts busy within `[from, to)`, each with its
 * event's UID, earliest first; `onObject` hears which object is being read (`busy-thread.ts`
 * names the one a read could not finish).
 *
 * @example eventSpans([ics], from, to, 'Europe/London')
 */
export function eventSpans(
  objects: readonly string[],
  from: number,
  to: number,
  floatingZone: string,
  onObject: (index: number) => void = () => undefined,
): EventSpan[] {
  const read: Read = {
    from,
    to,
    floatingZone,
    budget: { left: MAX_OCCURRENCES },
    spans: [],
    wallClocks: new Map(),
  };
  objects.forEach((text, index) => {
    onObject(index);
    try {
      objectSpans(read, text);
    } catch (error) {
      if (error instanceof CalendarFault) throw error;
      const said = error instanceof Error ? error.message : String(error);
      throw new CalendarFault(
        'unreadable',
        `the calendar holds an event that cannot be read (${said})`,
      );
    }
  });
  return read.spans.sort((a, b) => a.start - b.start);
}
