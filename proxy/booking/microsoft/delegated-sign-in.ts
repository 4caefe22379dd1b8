/**
 * A host's own Microsoft 365 calendar, connected by signing in from the console through the
 * firm's web app (`../host-sign-in/sign-in-provider.ts`): an Entra ID app of the web platform,
 * its redirect URI the console's `/admin/calendar/callback`, with the delegated permissions
 * `Calendars.ReadWrite` and `offline_access` (`docs/booking.md`). `calendars microsoft-web
 * --tenant <id> --client-id <id>` keeps it (the client secret on standard input), proved by a
 * client credentials token, which an app's id and secret get whatever its permissions. The
 * authorization and token endpoints are `MICROSOFT_LOGIN_URL`'s for the firm's tenant; the
 * host's calendar is then Graph's `/me` with their own token (`microsoft-adapter.ts`), and each
 * new refresh token Microsoft gives is kept.
 */
import type { CalendarPlaces } from '../calendar-env.ts';
import type { FirmConnector } from '../calendar-port.ts';
import { WEB_APP_KINDS } from '../../outbox/calendar-write.ts';
import {
  accountAt,
  flagValue,
  otherAccounts,
  tokenGrants,
  type SignInProvider,
} from '../host-sign-in/sign-in-provider.ts';
import { fetchGraphToken } from './graph-token.ts';

/** What a host grants: their calendars, and a refresh token to use them while they are away. */
const DELEGATED_SCOPE = 'offline_access Calendars.ReadWrite';

const TENANT = /^(?:[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i;
const GUID = /^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;

/** Microsoft's sign-in for hosts, at `places`' login. */
export function microsoftSignIn(
  places: Pick<CalendarPlaces, 'MICROSOFT_LOGIN_URL' | 'MICROSOFT_GRAPH_URL'>,
): SignInProvider {
  const login = places.MICROSOFT_LOGIN_URL;
  const endpoint = (tenant: string | undefined, path: string) =>
    `${login}/${encodeURIComponent(tenant ?? '')}/oauth2/v2.0/${path}`;
  const provider = { name: 'Microsoft', webKind: WEB_APP_KINDS.microsoft } as const;
  const connector: FirmConnector = {
    usage: `--tenant <directory (tenant) ID> --client-id <application (client) ID of the web app> ${otherAccounts.usage} (its client secret on standard input)`,
    async read(args, io) {
      const tenant = flagValue(args, '--tenant');
      const clientId = flagValue(args, '--client-id');
      if (!tenant || !TENANT.test(tenant))
        return {
          refused: `--tenant must be the directory (tenant) ID from the web app's Overview in Entra ID${tenant ? `, not "${tenant}"` : ''}.`,
        };
      if (!clientId || !GUID.test(clientId))
        return {
          refused: `--client-id must be the web app's application (client) ID from its Overview in Entra ID${clientId ? `, not "${clientId}"` : ''}.`,
        };
      const secret = (await io.readSecret()).trim();
      if (!secret)
        return {
          refused: "The web app's client secret is read from standard input: none was given.",
        };
      return { settings: { tenant, clientId, ...otherAccounts.settings(args) }, secret };
    },
    async prove(connection) {
      const { tenant = '', clientId = '' } = connection.settings;
      const app = { tenant, clientId, secret: connection.secret };
      await fetchGraphToken(app, login, places.MICROSOFT_GRAPH_URL, Date.now());
    },
    describe: (settings) =>
      `the web app ${settings.clientId ?? '?'} in the tenant ${settings.tenant ?? '?'}, for hosts to sign in to${otherAccounts.described(settings)}`,
  };
  return {
    ...provider,
    connector,
    authorizationUrl(app, ask) {
      const url = new URL(endpoint(app.settings.tenant, 'authorize'));
      url.search = new URLSearchParams({
        client_id: app.settings.clientId ?? '',
        response_type: 'code',
        redirect_uri: ask.redirectUri,
        response_mode: 'query',
        scope: DELEGATED_SCOPE,
        state: ask.state,
        code_challenge: ask.challenge,
        code_challenge_method: 'S256',
        login_hint: ask.loginHint,
      }).toString();
      return url.href;
    },
    ...tokenGrants(provider, (app) => ({
      url: endpoint(app.settings.tenant, 'token'),
      client: {
        client_id: app.settings.clientId ?? '',
        client_secret: app.secret,
        scope: DELEGATED_SCOPE,
      },
      withoutRefresh: 'the web app must have the delegated permission offline_access',
    })),
    account: (accessToken) =>
      accountAt(
        `${places.MICROSOFT_GRAPH_URL}/me/calendar?$select=owner`,
        accessToken,
        (calendar) => (calendar.owner as { address?: unknown } | undefined)?.address,
        provider,
      ),
  };
}
