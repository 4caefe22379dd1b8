/**
 * The firm's own calendar connections (`docs/booking.md`, "Microsoft 365", "Google Workspace"):
 *
 * - `npm run outbox -- calendars <kind> …` (`calendars microsoft --tenant <id> --client-id <id>`,
 *   the client secret on standard input): the kind's adapter reads its settings and secret, a
 *   token is fetched with them before anything is kept (a refusal said in words, exit 1), and the
 *   secret is sealed with the calendar key; `calendars <kind> --remove` forgets it; `calendars`
 *   alone lists them (never a secret). `calendars microsoft-web --tenant <id> --client-id <id>`
 *   and `calendars google-web --client-id <id>` keep the firm's web apps a host signs in through
 *   from the console to connect their own calendar (`booking/host-sign-in/`), the same way.
 * - `people calendar <address> <kind>` (`calendar-command.ts` hands it here): the host's mailbox or
 *   calendar through that connection, read once to prove it before it is kept.
 */
import { readFile } from 'node:fs/promises';
import { isBookingUid } from '../booking/booking-uid.ts';
import { CalendarOpener, calendarAdapters } from '../booking/calendar-adapters.ts';
import type { CalendarPlaces } from '../booking/calendar-env.ts';
import { calendarKey, connectionSealedFor, type KeySource } from '../booking/calendar-key.ts';
import type { BusyReading } from '../booking/calendar-port.ts';
import { CalendarFault } from '../booking/caldav/calendar-fault.ts';
import {
  CALENDAR_KIND_NAMES,
  type CalendarKind,
  type HostCalendar,
} from '../outbox/calendar-write.ts';
import type { AuditLog, CalendarConnections, HostCalendars } from '../outbox/store.ts';
import type { CommandIo } from './command-io.ts';

/** What connecting a calendar reads beyond the outbox. */
export interface CalendarIo extends CommandIo {
  /** A password or a client secret, read from standard input (not echoed at a terminal). */
  readPassword?: () => Promise<string>;
  /** Where the key is (`CALENDAR_KEY`, or the data directory on SQLite). */
  calendarKey?: KeySource;
  /** The form's zone and hosts (`FORM_CONFIG`), when it can be read. */
  booking?: { timeZone: string; hosts: readonly string[] } | undefined;
  /** `PUBLIC_URL`: the feed's full address. */
  publicUrl?: string | undefined;
  /** The proxy's own address on this machine (`http://localhost:<PORT>`), without `PUBLIC_URL`. */
  localConsole?: string | undefined;
  /** Where the calendar services are (`MICROSOFT_LOGIN_URL`, …): their own addresses unless set. */
  calendarPlaces?: CalendarPlaces | undefined;
}

type Store = HostCalendars & CalendarConnections & Pick<AuditLog, 'recordAudit'>;

const DAY_MS = 86_400_000;
const USAGE =
  'calendars | calendars <kind> <its settings> | calendars <kind> --remove (kinds: microsoft, google, and microsoft-web, google-web for hosts to sign in through)';

/** How a read of the form's hosts' calendars turns times into instants. */
export const readingOf = (io: CalendarIo): BusyReading => ({
  floatingZone: io.booking?.timeZone ?? 'UTC',
  isOwnBooking: isBookingUid(io.publicUrl),
});

/**
 * What connecting `address`'s calendar (`where`) comes to, true for a team as for one host: the
 * proxy heeds it within the minute, no time it shows busy is booked with them, and their calls
 * are written into it; a word when they host no call of the form's.
 */
export function connectedWords(address: string, where: string, io: CalendarIo): string {
  const note =
    io.booking && !io.booking.hosts.includes(address)
      ? `\nNote: ${address} is not a host of the form's calls (FORM_CONFIG): nobody books them yet.`
      : '';
  return `Connected ${address}'s calendar ${where}: read just now. The running proxy reads it within a minute, with no restart: from then on no call is booked with ${address} at a time it shows busy (where another host is free then, that time is still offered, with them), and each call booked with ${address} is written into it.${note}`;
}

const audit = (store: Store, io: CalendarIo, action: string, detail: string) =>
  store.recordAudit({ at: io.now(), client: 'cli', action, reference: null, detail });

/** The calendar key this command may use (none is made here: a firm's connection makes it). */
function keyOf(io: CalendarIo, make: boolean) {
  return calendarKey(io.calendarKey ?? {}, make);
}

/** Runs `calendars …`; returns the exit code. */
export async function calendarsCommand(
  args: readonly string[],
  store: Store,
  io: CalendarIo,
): Promise<number> {
  const [kind, ...rest] = args;
  if (kind === undefined) return listConnections(store, io);
  const found = connectorOf(kind, io);
  if (!found) {
    const kinds = connectorsOf(io)
      .map((each) => each.kind)
      .join(', ');
    io.err(`"${kind}" is not a kind of connection the firm makes (${kinds}).\nUsage: ${USAGE}`);
    return 2;
  }
  const { connector } = found;
  const name = CALENDAR_KIND_NAMES[found.calendars];
  const through =
    found.kind === found.calendars ? 'is read through it' : 'is signed in to through it';
  if (rest[0] === '--remove') {
    if (!(await store.disconnectCalendarConnection(found.kind))) {
      io.err(`The firm has no ${kind} connection.`);
      return 1;
    }
    await audit(store, io, 'disconnect calendar connection', found.kind);
    io.out(`Disconnected the firm's ${kind} connection: no host's ${name} ${through}.`);
    return 0;
  }
  const read = await connector.read(rest, {
    readSecret: async () => (await io.readPassword?.()) ?? '',
    readFile: (path) => readFile(path, 'utf8'),
  });
  if ('refused' in read) {
    io.err(`${read.refused}\nUsage: calendars ${found.kind} ${connector.usage}`);
    return 2;
  }
  const key = keyOf(io, true);
  if ('missing' in key) {
    io.err(`${key.missing}. The secret is stored sealed with it.`);
    return 1;
  }
  const connectedAt = io.now();
  try {
    await connector.prove({ ...read, connectedAt });
  } catch (error) {
    io.err(`Not connected: ${error instanceof CalendarFault ? error.message : String(error)}.`);
    return 1;
  }
  const described = connector.describe(read.settings);
  await store.connectCalendarConnection({
    kind: found.kind,
    settings: read.settings,
    sealedSecret: key.seal(read.secret, connectionSealedFor(found.kind, read.settings)),
    connectedAt,
    connectedBy: 'cli',
  });
  await audit(store, io, 'connect calendar connection', `${found.kind}: ${described}`);
  io.out(
    found.kind === found.calendars
      ? `Connected the firm's ${kind} connection (${described}): a token was fetched just now. Connect each host's ${name} with npm run outbox -- people calendar <address> ${kind}.`
      : `Connected the firm's ${kind} connection (${described}): its secret was proved just now. Each host may now connect their own ${name} from "Your calls" in the console, by signing in.`,
  );
  return 0;
}

/** Every connection the firm may make: each kind's firm-wide one, and each web app hosts sign in through. */
function connectorsOf(io: CalendarIo) {
  return calendarAdapters(io.calendarPlaces).flatMap((adapter) => [
    ...(adapter.firm
      ? [{ kind: adapter.kind, calendars: adapter.kind, connector: adapter.firm }]
      : []),
    ...(adapter.signIn
      ? [
          {
            kind: adapter.signIn.webKind,
            calendars: adapter.kind,
            connector: adapter.signIn.connector,
          },
        ]
      : []),
  ]);
}

/** The connection `kind` names, and the kind of calendar it reads. */
const connectorOf = (kind: string, io: CalendarIo) =>
  connectorsOf(io).find((each) => each.kind === kind);

/** `calendars`: the firm's connections, each with its settings and when it was made. */
async function listConnections(store: Store, io: CalendarIo): Promise<number> {
  const connections = await store.calendarConnections();
  if (connections.length === 0) io.out('The firm has no calendar connection.');
  for (const connection of connections) {
    const firm = connectorOf(connection.kind, io)?.connector;
    io.out(
      `${connection.kind}: ${firm?.describe(connection.settings) ?? JSON.stringify(connection.settings)}, connected ${new Date(connection.connectedAt).toISOString()} by ${connection.connectedBy}.`,
    );
  }
  return 0;
}

/** `people calendar <address> <kind>`: the host's calendar through the firm's connection of `kind`. */
export async function connectThroughFirm(
  address: string,
  kind: CalendarKind,
  store: Store,
  io: CalendarIo,
): Promise<number> {
  const key = keyOf(io, false);
  if ('missing' in key) {
    io.err(
      `${key.missing}. Connect the firm's ${kind} connection first: npm run outbox -- calendars ${kind} …`,
    );
    return 1;
  }
  const calendar: HostCalendar = {
    address,
    kind,
    url: address,
    username: '',
    sealedPassword: '',
    connectedAt: io.now(),
    connectedBy: 'cli',
  };
  const opener = new CalendarOpener({
    adapters: calendarAdapters(io.calendarPlaces),
    key: () => key,
    store,
  });
  try {
    const opened = await opener.open(calendar);
    const now = io.now();
    await opened.busyTimes(now, now + DAY_MS, readingOf(io));
  } catch (error) {
    io.err(`Not connected: ${error instanceof CalendarFault ? error.message : String(error)}.`);
    return 1;
  }
  await store.connectCalendar(calendar);
  await audit(store, io, 'connect calendar', `${address}: ${kind}, through the firm's connection`);
  const where = `(its ${CALENDAR_KIND_NAMES[kind]}, ${address}, through the firm's connection)`;
  io.out(connectedWords(address, where, io));
  return 0;
}
