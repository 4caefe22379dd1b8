/**
 * Microsoft 365 as a kind of calendar (`../calendar-port.ts`), read through Microsoft Graph as a
 * daemon: the firm registers one app in Entra ID with the application permission
 * `Calendars.ReadWrite`, scoped to the hosts' mailboxes (`docs/booking.md`, "Microsoft 365"), and
 * connects it once (`npm run outbox -- calendars microsoft --tenant <id> --client-id <id>`, the
 * client secret on standard input, proved by a token before it is kept); each host is then their
 * mailbox through it (`people calendar <address> microsoft`). One `GraphClient` per app and
 * process keeps its token and its limits (`graph-client.ts`). A host may instead sign in from the
 * console through the firm's web app (`delegated-sign-in.ts`): their calendar is then Graph's
 * `/me` with their own token, one client per host.
 */
import type { CalendarPlaces } from '../calendar-env.ts';
import type {
  CalendarAdapter,
  CalendarSecrets,
  FirmConnector,
  HostCalendar,
  OpenedConnection,
} from '../calendar-port.ts';
import { SignedInTokens } from '../host-sign-in/signed-in-tokens.ts';
import { microsoftSignIn } from './delegated-sign-in.ts';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { GraphClient } from './graph-client.ts';
import { graphCalendar } from './graph-calendar.ts';

const USAGE =
  '--tenant <directory (tenant) ID> --client-id <application (client) ID> (the client secret on standard input)';

/** A tenant: its GUID, or a domain it verified (`firm.onmicrosoft.com`). */
const TENANT = /^(?:[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i;
const GUID = /^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;

/** The value after `flag` in `args`. */
const valueOf = (args: readonly string[], flag: string) => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
};

/** The Microsoft adapter, its services where `places` says; `now` is the clock tokens age by. */
export function microsoftAdapter(
  places: CalendarPlaces,
  now: () => number = Date.now,
): CalendarAdapter {
  const where = { loginUrl: places.MICROSOFT_LOGIN_URL, graphUrl: places.MICROSOFT_GRAPH_URL };
  const clients = new Map<string, GraphClient>();
  /** The app's client: one per tenant, app and connection (a new secret is a new client). */
  const clientOf = (connection: OpenedConnection) => {
    const { tenant = '', clientId = '' } = connection.settings;
    const id = `${tenant}|${clientId}|${String(connection.connectedAt)}`;
    let client = clients.get(id);
    if (!client || client.app.secret !== connection.secret) {
      client = new GraphClient({ tenant, clientId, secret: connection.secret }, where, now);
      clients.set(id, client);
    }
    return client;
  };

  const firm: FirmConnector = {
    usage: USAGE,
    async read(args, io) {
      const tenant = valueOf(args, '--tenant');
      const clientId = valueOf(args, '--client-id');
      if (!tenant || !TENANT.test(tenant))
        return {
          refused: `--tenant must be the directory (tenant) ID from the app's Overview in Entra ID${tenant ? `, not "${tenant}"` : ''}.`,
        };
      if (!clientId || !GUID.test(clientId))
        return {
          refused: `--client-id must be the application (client) ID from the app's Overview in Entra ID${clientId ? `, not "${clientId}"` : ''}.`,
        };
      const secret = (await io.readSecret()).trim();
      if (!secret)
        return { refused: "The app's client secret is read from standard input: none was given." };
      return { settings: { tenant, clientId }, secret };
    },
    async prove(connection) {
      await clientOf(connection).token();
    },
    describe: (settings) =>
      `the app ${settings.clientId ?? '?'} in the tenant ${settings.tenant ?? '?'}`,
  };

  const signIn = microsoftSignIn(places);
  const hosts = new Map<string, GraphClient>();
  /** A host's own client, from their sign-in: one per host, connection and web app. */
  const hostClientOf = (calendar: HostCalendar, secrets: CalendarSecrets) => {
    const { app, keep } = secrets.signedIn ?? {};
    if (!app || !keep)
      throw new CalendarFault(
        'refused',
        `sign in again: the firm's Microsoft web app is no longer registered (npm run outbox -- calendars microsoft-web), so ${calendar.address}'s own sign-in cannot be used`,
      );
    const id = `${calendar.address}|${String(calendar.connectedAt)}|${String(app.connectedAt)}`;
    let client = hosts.get(id);
    if (!client) {
      const tokens = new SignedInTokens(signIn, app, secrets.own, keep, now);
      const { tenant = '', clientId = '' } = app.settings;
      client = new GraphClient({ tenant, clientId, secret: app.secret }, where, now, async () => {
        const accessToken = await tokens.token();
        return { accessToken, expiresAt: now() + 60_000 };
      });
      hosts.set(id, client);
    }
    return client;
  };
  return {
    kind: 'microsoft',
    firm,
    signIn,
    open(calendar, secrets) {
      // Their own sign-in: Graph's /me, with their token.
      if (secrets.own)
        return graphCalendar(hostClientOf(calendar, secrets), calendar.address, '/me');
      if (!secrets.firm)
        throw new CalendarFault('refused', 'the firm has no Microsoft 365 connection');
      return graphCalendar(clientOf(secrets.firm), calendar.url);
    },
  };
}
