/**
 * CalDAV as a kind of calendar (`../calendar-port.ts`): a host's calendar collection, signed in
 * to with their user name and their own password (`people calendar <address> <URL> --username`).
 * There is no firm-wide connection of this kind.
 */
import type { CalendarAdapter } from '../calendar-port.ts';
import { caldavCalendar, type CalendarLimits } from './caldav-calendar.ts';

/** The CalDAV adapter; `limits` for tests (a request's time and an answer's size). */
export const caldavAdapter = (limits?: CalendarLimits): CalendarAdapter => ({
  kind: 'caldav',
  open: (calendar, secrets) =>
    caldavCalendar(
      { url: calendar.url, username: calendar.username, password: secrets.own },
      limits,
    ),
});
