/**
 * `npm run outbox -- people calendar <address> <CalDAV calendar URL> --username <name>` (the
 * password on standard input): connects a host's own calendar (`docs/booking.md`, "Calendars"),
 * once a read of it proved the address, the user name and the password; `people calendar
 * <address> microsoft|google`: their mailbox or calendar through the firm's connection of that
 * kind (`calendars-command.ts`); `--remove` disconnects it and ends the host's feed; `--new-feed`
 * gives the feed a new address (either way the old one answers 404 from then on); with the
 * address alone, says what is connected and where the host's feed is (`calendar-show.ts`). The password is sealed before it
 * is stored (`booking/calendar-key.ts`), and never printed nor logged.
 */
import { calendarKey } from '../booking/calendar-key.ts';
import { caldavCalendar } from '../booking/caldav/caldav-calendar.ts';
import { CalendarFault } from '../booking/caldav/calendar-fault.ts';
import { personEmail } from '../operator/invitations.ts';
import { CALENDAR_KINDS, type CalendarKind } from '../outbox/calendar-write.ts';
import { newFeedPath } from '../booking/host-feeds.ts';
import type {
  AuditLog,
  CalendarConnections,
  HostCalendars,
  HostFeeds,
  Settings,
} from '../outbox/store.ts';
import { feedUrl, showCalendar } from './calendar-show.ts';
import {
  connectedWords,
  connectThroughFirm,
  readingOf,
  type CalendarIo,
} from './calendars-command.ts';

export type { CalendarIo } from './calendars-command.ts';

const USAGE =
  'people calendar <address> <CalDAV calendar URL> --username <name> (password on standard input) | <address> microsoft|google | <address> --remove | <address> --new-feed | <address>';

const isFirmKind = (typed: string | undefined): typed is Exclude<CalendarKind, 'caldav'> =>
  typed !== 'caldav' && (CALENDAR_KINDS as readonly (string | undefined)[]).includes(typed);

/** Runs `people calendar …`; returns the exit code. */
export async function calendarCommand(
  args: readonly string[],
  store: HostCalendars & CalendarConnections & Settings & HostFeeds & Pick<AuditLog, 'recordAudit'>,
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
    // Their feed goes too: whoever's calendar or subscription is cut off sees no more calls.
    const disconnected = await store.disconnectCalendar(address);
    const forgotten = await store.forgetFeed(address);
    if (!disconnected && !forgotten) {
      io.err(`${address} has no calendar connected, nor a feed.`);
      return 1;
    }
    if (disconnected) {
      await audit('disconnect calendar', address);
      io.out(
        `Disconnected ${address}'s calendar: its busy times are no longer read, and no call is written into it.`,
      );
    }
    if (forgotten) {
      await audit('remove feed', address);
      io.out(
        `${address}'s feed address answers nothing from now on, on every instance; \`people calendar ${address}\` gives them a new one.`,
      );
    }
    return 0;
  }
  if (url === '--new-feed') {
    const path = await newFeedPath(store, address, { at: io.now(), by: 'cli' });
    await audit('replace feed', address);
    io.out(
      `${address}'s feed has a new address; the old one answers nothing from now on, on every instance. Subscribe to the new one, and remove the old subscription: ${feedUrl(io, path)}`,
    );
    return 0;
  }
  if (url === undefined) return showCalendar(address, store, io);
  if (isFirmKind(url)) return connectThroughFirm(address, url, store, io);
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
  try {
    await caldavCalendar({ url, username, password }).prove(readingOf(io));
  } catch (error) {
    const said = error instanceof CalendarFault ? error.message : String(error);
    io.err(`Not connected: ${said}.`);
    return 1;
  }
  const about = { address, url, username };
  await store.connectCalendar({
    ...about,
    kind: 'caldav',
    sealedPassword: key.seal(password, about),
    connectedAt: io.now(),
    connectedBy: 'cli',
  });
  await audit('connect calendar', `${address} at ${url} as ${username}`);
  io.out(connectedWords(address, `at ${url} (user ${username})`, io));
  return 0;
}
