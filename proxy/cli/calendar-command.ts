/**
 * `npm run outbox -- people calendar <address> <CalDAV calendar URL> --username <name>` (the
 * password on standard input): connects a host's own calendar (`docs/booking.md`, "Calendars"),
 * once a read of it proved the address, the user name and the password; `--remove` disconnects
 * it; with the address alone, says what is connected and where the host's feed is. The password
 * is sealed before it is stored (`booking/calendar-key.ts`), and never printed nor logged.
 */
import { calendarKey, type KeySource } from '../booking/calendar-key.ts';
import {
  caldavCalendar,
  type CalendarAccess,
  type CaldavCalendar,
} from '../booking/caldav/caldav-calendar.ts';
import { CalendarFault } from '../booking/caldav/calendar-fault.ts';
import { isBookingUid } from '../booking/booking-uid.ts';
import { feedPath } from '../booking/host-feeds.ts';
import { personEmail } from '../operator/invitations.ts';
import { storedSecret } from '../outbox/stored-secret.ts';
import type { AuditLog, HostCalendars, Settings } from '../outbox/store.ts';
import type { CommandIo } from './command-io.ts';

/** What connecting a calendar reads beyond the outbox. */
export interface CalendarIo extends CommandIo {
  /** The password, read from standard input (not echoed at a terminal). */
  readPassword?: () => Promise<string>;
  /** Where the key is (`CALENDAR_KEY`, or the data directory on SQLite). */
  calendarKey?: KeySource;
  /** The form's zone and hosts (`FORM_CONFIG`), when it can be read. */
  booking?: { timeZone: string; hosts: readonly string[] } | undefined;
  /** `PUBLIC_URL`: the feed's full address. */
  publicUrl?: string | undefined;
  /** The proxy's own address on this machine (`http://localhost:<PORT>`), without `PUBLIC_URL`. */
  localConsole?: string | undefined;
  /** A calendar's client (tests count the reads). */
  open?: (access: CalendarAccess) => Pick<CaldavCalendar, 'prove'>;
}

const USAGE =
  'people calendar <address> <CalDAV calendar URL> --username <name> (password on standard input) | <address> --remove | <address>';

/** Runs `people calendar …`; returns the exit code. */
export async function calendarCommand(
  args: readonly string[],
  store: HostCalendars & Settings & Pick<AuditLog, 'recordAudit'>,
  io: CalendarIo,
): Promise<number> {
  const [typed = '', url, ...rest] = args;
  const address = personEmail(typed);
  if (!address) {
    io.err(typed ? `"${typed}" is not an email address.` : `Usage: ${USAGE}`);
    return 2;
  }
  const audit = (action: string, detail: string) =>
    store.recordAudit({ at: io.now(), client: 'cli', action, reference: null, detail });
  if (url === '--remove') {
    if (!(await store.disconnectCalendar(address))) {
      io.err(`${address} has no calendar connected.`);
      return 1;
    }
    await audit('disconnect calendar', address);
    io.out(
      `Disconnected ${address}'s calendar: its busy times are no longer read, and no call is written into it.`,
    );
    return 0;
  }
  if (url === undefined) return show(address, store, io);
  const username = rest[rest.indexOf('--username') + 1];
  if (!rest.includes('--username') || !username) {
    io.err(`Name the calendar's user: --username <name>.\nUsage: ${USAGE}`);
    return 2;
  }
  const key = calendarKey(io.calendarKey ?? {}, true);
  if ('missing' in key) {
    io.err(`${key.missing}. The password is stored sealed with it.`);
    return 1;
  }
  const password = (await io.readPassword?.()) ?? '';
  if (password === '') {
    io.err('Give the password on standard input (echo is off at a terminal; or pipe it in).');
    return 2;
  }
  const zone = io.booking?.timeZone ?? 'UTC';
  try {
    const calendar = (io.open ?? caldavCalendar)({ url, username, password });
    await calendar.prove({ floatingZone: zone, isOwnBooking: isBookingUid(io.publicUrl) });
  } catch (error) {
    const said = error instanceof CalendarFault ? error.message : String(error);
    io.err(`Not connected: ${said}.`);
    return 1;
  }
  const about = { address, url, username };
  await store.connectCalendar({
    ...about,
    sealedPassword: key.seal(password, about),
    connectedAt: io.now(),
    connectedBy: 'cli',
  });
  await audit('connect calendar', `${address} at ${url} as ${username}`);
  io.out(connectedWords(address, `at ${url} (user ${username})`));
  if (io.booking && !io.booking.hosts.includes(address))
    io.err(
      `Note: ${address} is not a host of the form's calls (FORM_CONFIG): nobody books them yet.`,
    );
  return 0;
}

/** What is connected for `address`, and their feed's address. */
async function show(
  address: string,
  store: HostCalendars & Settings,
  io: CalendarIo,
): Promise<number> {
  const connected = (await store.hostCalendars()).find((each) => each.address === address);
  io.out(
    connected
      ? `${address}'s calendar: ${connected.url} (user ${connected.username}), connected ${new Date(connected.connectedAt).toISOString()} by ${connected.connectedBy}.`
      : `${address} has no calendar connected: their calls are in their feed and the console.`,
  );
  const path = feedPath(await storedSecret(store, 'calendar_feed_secret'), address);
  const base = io.publicUrl?.replace(/\/+$/, '') ?? io.localConsole ?? 'http://localhost:8080';
  io.out(
    `Their feed (subscribe to it in Outlook, Google Calendar or Apple Calendar; keep it private): ${base}${path}`,
  );
  if (!io.publicUrl)
    io.out(
      'That is the proxy’s address on this machine: set PUBLIC_URL to the address visitors use, and a calendar elsewhere can reach the feed.',
    );
  return 0;
}

/**
 * What connecting `address`'s calendar (`where`) comes to, true for a team as for one host: the
 * proxy heeds it within the minute, no time it shows busy is booked with them, and their calls
 * are written into it.
 */
const connectedWords = (address: string, where: string): string =>
  `Connected ${address}'s calendar ${where}: read just now. The running proxy reads it within a minute, with no restart: from then on no call is booked with ${address} at a time it shows busy (where another host is free then, that time is still offered, with them), and each call booked with ${address} is written into it.`;
