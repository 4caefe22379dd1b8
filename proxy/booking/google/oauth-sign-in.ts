/**
 * A host's own Google calendar, connected by signing in from the console through the firm's OAuth
 * client of type web (`../host-sign-in/sign-in-provider.ts`), its redirect URI the console's
 * `/admin/calendar/callback`, its consent screen "In production" (a Testing app's refresh tokens
 * end after 7 days: `docs/booking.md`). `calendars google-web --client-id <id>` keeps it (the
 * client secret on standard input), proved by a code Google cannot know: a client it knows with
 * that secret is answered `invalid_grant`, one it does not `invalid_client`. The scope is the
 * calendar's, asked `access_type=offline&prompt=consent` so a refresh token comes every time;
 * endpoints `GOOGLE_AUTH_URL` and `GOOGLE_TOKEN_URL`. A host disconnecting hands the refresh token
 * back (`/revoke` beside the token endpoint), so their Google Account no longer lists the app.
 */
import { CalendarFault } from '../caldav/calendar-fault.ts';
import type { CalendarPlaces } from '../calendar-env.ts';
import type { FirmConnector } from '../calendar-port.ts';
import { WEB_APP_KINDS } from '../../outbox/calendar-write.ts';
import {
  accountAt,
  flagValue,
  otherAccounts,
  postTokenForm,
  revokeAt,
  tokenGrants,
  type SignInProvider,
} from '../host-sign-in/sign-in-provider.ts';
import { CALENDAR_SCOPE } from './service-account.ts';

/** A web client's id, as Google's console gives it. */
const CLIENT_ID = /^[0-9]+-[0-9a-z]+\.apps\.googleusercontent\.com$/i;

/** Google's sign-in for hosts, at `places`' endpoints. */
export function googleSignIn(
  places: Pick<CalendarPlaces, 'GOOGLE_AUTH_URL' | 'GOOGLE_TOKEN_URL' | 'GOOGLE_CALENDAR_URL'>,
): SignInProvider {
  const provider = { name: 'Google', webKind: WEB_APP_KINDS.google } as const;
  const clientOf = (settings: Readonly<Record<string, string>>) => settings.clientId ?? '';
  const connector: FirmConnector = {
    usage: `--client-id <the OAuth client ID, …apps.googleusercontent.com> ${otherAccounts.usage} (its secret on standard input)`,
    async read(args, io) {
      const clientId = flagValue(args, '--client-id');
      if (!clientId || !CLIENT_ID.test(clientId))
        return {
          refused: `--client-id must be the OAuth client's ID (Google Cloud console, APIs & Services, Credentials), ending .apps.googleusercontent.com${clientId ? `, not "${clientId}"` : ''}.`,
        };
      const secret = (await io.readSecret()).trim();
      if (!secret)
        return {
          refused: "The OAuth client's secret is read from standard input: none was given.",
        };
      return { settings: { clientId, ...otherAccounts.settings(args) }, secret };
    },
    async prove(connection) {
      try {
        await postTokenForm(
          places.GOOGLE_TOKEN_URL,
          {
            client_id: clientOf(connection.settings),
            client_secret: connection.secret,
            grant_type: 'authorization_code',
            code: 'enquiry-form-proof-of-the-client',
            redirect_uri: 'https://localhost/admin/calendar/callback',
          },
          provider,
          Date.now(),
        );
      } catch (error) {
        // The code is refused, so the client and its secret were not.
        if (error instanceof CalendarFault && error.message.startsWith('sign in again')) return;
        throw error;
      }
    },
    describe: (settings) =>
      `the OAuth client ${clientOf(settings)}, for hosts to sign in to${otherAccounts.described(settings)}`,
  };
  return {
    ...provider,
    connector,
    authorizationUrl(app, ask) {
      const url = new URL(places.GOOGLE_AUTH_URL);
      url.search = new URLSearchParams({
        client_id: clientOf(app.settings),
        redirect_uri: ask.redirectUri,
        response_type: 'code',
        scope: CALENDAR_SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        state: ask.state,
        code_challenge: ask.challenge,
        code_challenge_method: 'S256',
        login_hint: ask.loginHint,
      }).toString();
      return url.href;
    },
    ...tokenGrants(provider, (app) => ({
      url: places.GOOGLE_TOKEN_URL,
      client: { client_id: clientOf(app.settings), client_secret: app.secret },
      withoutRefresh: 'the sign-in must ask access_type=offline',
    })),
    account: (accessToken) =>
      accountAt(
        `${places.GOOGLE_CALENDAR_URL}/calendars/primary`,
        accessToken,
        (calendar) => calendar.id,
        provider,
      ),
    // Google's revocation endpoint is beside its token endpoint (oauth2.googleapis.com/revoke).
    revoke: (refreshToken) =>
      revokeAt(new URL('/revoke', places.GOOGLE_TOKEN_URL).href, refreshToken, provider),
  };
}
