/**
 * Google Workspace as a kind of calendar (`../calendar-port.ts`): every host's primary calendar
 * read and written through the firm's one service account with domain-wide delegation, acting
 * for the host (`docs/booking.md`, "Google Workspace"):
 *
 * - `npm run outbox -- calendars google --key-file <key file> --host <address>`: the key file
 *   read, a token fetched for one host to prove the delegation (a refusal said in words), the
 *   private key sealed with the calendar key, the rest of the file kept as the settings;
 * - `npm run outbox -- people calendar <address> google`: that host's calendar.
 *
 * Tokens are kept by the adapter, one per connection and host, for this process.
 */
import { CalendarFault } from '../caldav/calendar-fault.ts';
import type { CalendarPlaces } from '../calendar-env.ts';
import type {
  CalendarAdapter,
  ConnectorIo,
  FirmConnector,
  OpenedConnection,
  OpenedCalendar,
} from '../calendar-port.ts';
import { API_LIMITS, hostApi, type ApiLimits } from './calendar-api.ts';
import { googleCalendar } from './google-calendar.ts';
import { readKeyFile, ServiceAccountTokens, type ServiceAccount } from './service-account.ts';

const USAGE = '--key-file <the service account’s key, JSON> --host <a host’s address>';

/** The service account a connection is: its settings and its sealed private key, opened. */
function accountOf(connection: OpenedConnection): ServiceAccount {
  const { clientEmail = '', clientId = '', keyId = '', tokenUri = '' } = connection.settings;
  return { clientEmail, clientId, keyId, tokenUri, privateKey: connection.secret };
}

/** The value after `flag` in `args`. */
const valueOf = (args: readonly string[], flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};

/** Reads `calendars google …`'s arguments and the key file they name. */
async function readConnection(
  args: readonly string[],
  io: ConnectorIo,
): Promise<{ settings: Record<string, string>; secret: string } | { refused: string }> {
  const path = valueOf(args, '--key-file');
  const host = valueOf(args, '--host')?.trim().toLowerCase();
  if (!path) return { refused: 'Give the service account’s key file: --key-file <key.json>.' };
  if (!host?.includes('@'))
    return {
      refused:
        'Give one host’s address to prove the delegation with: --host <address> (a user of the firm’s Google Workspace).',
    };
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    return { refused: `The key file ${path} cannot be read (${(error as Error).message}).` };
  }
  const account = readKeyFile(text);
  if ('refused' in account) return { refused: `Not a key file ${path}: ${account.refused}.` };
  const { clientEmail, clientId, keyId, tokenUri, privateKey } = account;
  return { settings: { clientEmail, clientId, keyId, tokenUri, host }, secret: privateKey };
}

/** The firm's service account, connected once for every host. */
const connector = (tokens: ServiceAccountTokens): FirmConnector => ({
  usage: USAGE,
  read: readConnection,
  async prove(connection) {
    await tokens.token(accountOf(connection), connection.settings.host ?? '');
  },
  describe: (settings) =>
    `the service account ${settings.clientEmail ?? '?'}, client ID ${settings.clientId ?? '?'}, key ${settings.keyId ?? '?'}, proved acting for ${settings.host ?? '?'}`,
});

/** A calendar whose every use throws `fault` (opened without what it needs). */
const refusedCalendar = (fault: CalendarFault): OpenedCalendar => ({
  busyTimes: () => Promise.reject(fault),
  writeEvent: () => Promise.reject(fault),
  removeEvent: () => Promise.reject(fault),
});

/** The Google adapter, its API where `places` says; `limits` for tests (shorter backoff). */
export function googleAdapter(
  places: Pick<CalendarPlaces, 'GOOGLE_CALENDAR_URL'>,
  limits: ApiLimits = API_LIMITS,
): CalendarAdapter {
  const tokens = new ServiceAccountTokens();
  return {
    kind: 'google',
    firm: connector(tokens),
    open(calendar, secrets) {
      if (!secrets.firm)
        return refusedCalendar(
          new CalendarFault(
            'refused',
            'a Google calendar is read through the firm’s service account: connect it with npm run outbox -- calendars google',
          ),
        );
      const host = calendar.url || calendar.address;
      const api = hostApi(
        places.GOOGLE_CALENDAR_URL,
        accountOf(secrets.firm),
        host,
        tokens,
        limits,
      );
      return googleCalendar(api, host);
    },
  };
}
