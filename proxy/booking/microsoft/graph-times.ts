/**
 * Microsoft Graph's times as instants. Graph writes a time as a wall-clock `dateTime` without an
 * offset and a `timeZone` beside it, which is Windows' name for the zone ("GMT Standard Time")
 * unless the mailbox was set with an IANA one; its all-day events are whole dates, which are the
 * mailbox's own days (`mailboxSettings.timeZone`), whatever zone the answer was asked in. Windows
 * names are turned into IANA ones by CLDR's table (the `windows-iana` package).
 */
import { findIana } from 'windows-iana';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { instantOf } from '../zoned-time.ts';

/** A time as Graph writes it (`dateTimeTimeZone`). */
export interface GraphTime {
  /** `2027-03-29T09:00:00.0000000`: a wall clock, no offset. */
  dateTime: string;
  timeZone: string;
}

/** True when `zone` is a zone `Intl` knows by that name (an IANA name). */
function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone Graph's `zone` is: UTC, an IANA name as it is, a Windows name by CLDR's table.
 * A name neither knows is the calendar's fault (no time is guessed).
 */
function ianaZone(zone: string): string {
  if (zone === 'UTC' || zone === 'tzone://Microsoft/Utc') return 'UTC';
  if (isIanaZone(zone)) return zone;
  const [iana] = findIana(zone);
  if (iana && isIanaZone(iana)) return iana;
  throw new CalendarFault(
    'unreadable',
    `Microsoft Graph named a time zone this proxy does not know (“${zone}”)`,
  );
}

const HOUR_MS = 3_600_000;
const WALL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** The instant `time` names. */
export function instantOfGraph(time: GraphTime): number {
  const match = WALL.exec(time.dateTime);
  if (!match)
    throw new CalendarFault(
      'unreadable',
      `Microsoft Graph answered a time this proxy cannot read (“${time.dateTime}”)`,
    );
  const [, date = '', hours = '0', minutes = '0', seconds = '0'] = match;
  const zone = ianaZone(time.timeZone);
  const minute = Number(hours) * 60 + Number(minutes);
  // A wall time skipped as summer time starts is read as the clocks read it an hour on.
  const later = instantOf(date, minute + 60, zone);
  const found =
    instantOf(date, minute, zone) ?? (later === undefined ? undefined : later - HOUR_MS);
  if (found === undefined)
    throw new CalendarFault('unreadable', `${time.dateTime} never happens in ${zone}`);
  return found + Number(seconds) * 1000;
}

/** The span of an all-day event: its dates' midnights in the mailbox's own zone. */
export function allDaySpan(
  start: GraphTime,
  end: GraphTime,
  mailboxZone: string,
): { start: number; end: number } {
  const zone = ianaZone(mailboxZone);
  const day = (time: GraphTime) => {
    const at = instantOf(time.dateTime.slice(0, 10), 0, zone);
    // A zone whose midnight is skipped (some change their clocks then) starts the day at one.
    return at ?? instantOf(time.dateTime.slice(0, 10), 60, zone) ?? instantOfGraph(time);
  };
  return { start: day(start), end: day(end) };
}

/** `at` as Graph's UTC time, for an event written or a range asked. */
export const graphUtc = (at: number): GraphTime => ({
  dateTime: new Date(at).toISOString().slice(0, 19),
  timeZone: 'UTC',
});
