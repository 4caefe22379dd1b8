/**
 * A calendar's events as the spans they keep their host busy (`../busy-times.ts`), read with
 * ical.js from the iCalendar objects a CalDAV calendar-query answers (RFC 4791): recurring
 * events expanded (RRULE, RDATE, EXDATE, and each changed occurrence, RECURRENCE-ID), times in a
 * named zone read by `Intl` (or by the object's own VTIMEZONE where the name is not an IANA
 * zone, as Outlook's are), floating times and whole days in the firm's zone. Events marked
 * free (TRANSP:TRANSPARENT) or cancelled keep nobody busy, nor do the proxy's own bookings (they
 * are counted from the outbox, which frees a cancelled one's time at once). A calendar asking
 * for more occurrences than `MAX_OCCURRENCES` in one read is a fault, never a stalled proxy.
 */
import ICAL from 'ical.js';
import { isTimeZone } from '../../contract/schemas/booking.ts';
import type { Span } from '../slot-grid.ts';
import { instantOf } from '../zoned-time.ts';
import { CalendarFault } from './calendar-fault.ts';

/** The most occurrences one read may walk through, the calendar's events together. */
const MAX_OCCURRENCES = 200_000;

/** How a read turns times into instants, and which events it leaves out. */
export interface BusyReading {
  /** The zone of floating times and whole days: the firm's. */
  floatingZone: string;
  /** True for a UID of the proxy's own bookings. */
  isOwnBooking: (uid: string) => boolean;
}

/** The instant `time` names: in its zone (`tzid`, when it has none of its own), else floating. */
function instant(time: ICAL.Time, tzid: string | undefined, reading: BusyReading): number {
  if (time.zone.tzid === 'UTC') return time.toUnixTime() * 1000;
  const zone = (time as ICAL.Time & { timezone?: string }).timezone ?? tzid;
  const minutes = time.isDate ? 0 : time.hour * 60 + time.minute;
  const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  if (zone && !isTimeZone(zone) && ICAL.TimezoneService.has(zone)) {
    const zoned = time.clone();
    zoned.zone = ICAL.TimezoneService.get(zone);
    return zoned.toUnixTime() * 1000;
  }
  const named = zone && isTimeZone(zone) ? zone : reading.floatingZone;
  // A wall-clock time the zone skips (spring) is read an hour on, as calendars show it.
  const at = instantOf(date, minutes, named) ?? instantOf(date, minutes + 60, named) ?? 0;
  return at + time.second * 1000;
}

/** One object's events reaching into `[from, to)`, counted against `budget`. */
function objectSpans(
  text: string,
  from: number,
  to: number,
  reading: BusyReading,
  budget: { left: number },
): Span[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const zones = calendar.getAllSubcomponents('vtimezone').map((vtimezone) => {
    const zone = new ICAL.Timezone(vtimezone);
    if (!isTimeZone(zone.tzid)) ICAL.TimezoneService.register(zone);
    return zone.tzid;
  });
  try {
    const events = calendar.getAllSubcomponents('vevent').filter((vevent) => {
      const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
      const free =
        String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT';
      const cancelled =
        String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
      return !free && !cancelled && !reading.isOwnBooking(uid);
    });
    const masters = events.filter((vevent) => !vevent.hasProperty('recurrence-id'));
    const spans: Span[] = [];
    for (const vevent of masters) {
      const event = new ICAL.Event(vevent);
      for (const exception of events)
        if (
          exception.hasProperty('recurrence-id') &&
          exception.getFirstPropertyValue('uid') === event.uid
        )
          event.relateException(exception);
      const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;
      const occurrences = event.isRecurring() ? event.iterator() : undefined;
      // ical.js's iterator answers undefined past the last occurrence, though its types say Time.
      let next: ICAL.Time | undefined = occurrences ? occurrences.next() : event.startDate;
      while (next) {
        budget.left -= 1;
        if (budget.left < 0)
          throw new CalendarFault(
            'unreadable',
            `the calendar asks for more than ${String(MAX_OCCURRENCES)} occurrences in one read`,
          );
        const details = event.getOccurrenceDetails(next);
        const start = instant(details.startDate, tzid, reading);
        if (start >= to) break;
        // ical.js gives every occurrence an end: DTEND, else DTSTART with DURATION, else a day on.
        const end = instant(details.endDate, tzid, reading);
        // An event of no length (an all-day one without an end) keeps its host busy that day.
        const until = end > start ? end : details.startDate.isDate ? start + 86_400_000 : start;
        if (until > from) spans.push({ start, end: until });
        next = occurrences ? occurrences.next() : undefined;
      }
    }
    return spans;
  } finally {
    for (const tzid of zones) if (!isTimeZone(tzid)) ICAL.TimezoneService.remove(tzid);
  }
}

/**
 * The spans `objects` (iCalendar texts) keep their host busy within `[from, to)`, earliest first.
 *
 * @example busySpans([ics], from, to, { floatingZone: 'Europe/London', isOwnBooking: () => false })
 */
export function busySpans(
  objects: readonly string[],
  from: number,
  to: number,
  reading: BusyReading,
): Span[] {
  const budget = { left: MAX_OCCURRENCES };
  const spans: Span[] = [];
  for (const text of objects) {
    try {
      spans.push(...objectSpans(text, from, to, reading, budget));
    } catch (error) {
      if (error instanceof CalendarFault) throw error;
      const said = error instanceof Error ? error.message : String(error);
      throw new CalendarFault(
        'unreadable',
        `the calendar holds an event that cannot be read (${said})`,
      );
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}
