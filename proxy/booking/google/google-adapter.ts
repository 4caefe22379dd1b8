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
 * Tokens are kept by the adapter, one per connection and host, for this process. A host may
 * instead sign in from the console through the firm's OAuth client (`oauth-sign-in.ts`): their
 * primary calendar is then read and written with their own token.
 */
import { CalendarFault } from '../caldav/calendar-fault.ts';
import type { CalendarPlaces } from '../calendar-env.ts';
import type {
  CalendarAdapter,
  CalendarSecrets,
  ConnectorIo,
  HostCalendar,
  FirmConnector,
  OpenedConnection,
  OpenedCalendar,
} from '../calendar-port.ts';
import {
  API_LIMITS,
  delegatedTokens,
  hostApi,
  type ApiLimits,
  type HostTokens,
} from './calendar-api.ts';
import { SignedInTokens } from '../host-sign-in/signed-in-tokens.ts';
import { googleSignIn } from './oauth-sign-in.ts';
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
  places: Pick<CalendarPlaces, 'GOOGLE_CALENDAR_URL' | 'GOOGLE_AUTH_URL' | 'GOOGLE_TOKEN_URL'>,
  limits: ApiLimits = API_LIMITS,
  now: () => number = Date.now,
): CalendarAdapter {
  const tokens = new ServiceAccountTokens();
  const signIn = googleSignIn(places);
  const hosts = new Map<string, SignedInTokens>();
  /** A host's own tokens, from their sign-in: one holder per host, connection and client. */
  const hostTokensOf = (calendar: HostCalendar, secrets: CalendarSecrets): HostTokens => {
    const { app, keep } = secrets.signedIn ?? {};
    if (!app || !keep)
      throw new CalendarFault(
        'refused',
        `sign in again: the firm's Google OAuth client is no longer registered (npm run outbox -- calendars google-web), so ${calendar.address}'s own sign-in cannot be used`,
      );
    const id = `${calendar.address}|${String(calendar.connectedAt)}|${String(app.connectedAt)}`;
    let held = hosts.get(id);
    if (!held) {
      held = new SignedInTokens(signIn, app, secrets.own, keep, now);
      hosts.set(id, held);
    }
    const tokensOfHost = held;
    return {
      token: () => tokensOfHost.token(),
      forget: () => {
        tokensOfHost.forget();
      },
    };
  };
  return {
    kind: 'google',
    firm: connector(tokens),
    signIn,
    open(calendar, secrets) {
      // Their own sign-in: their primary calendar, with their token.
      if (secrets.own) {
        try {
          const api = hostApi(places.GOOGLE_CALENDAR_URL, hostTokensOf(calendar, secrets), limits);
          return googleCalendar(api, calendar.address);
        } catch (error) {
          return refusedCalendar(error as CalendarFault);
        }
      }
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
        delegatedTokens(tokens, accountOf(secrets.firm), host),
        limits,
      );
      return googleCalendar(api, host);
    },
  };
}
