/**
 * The firm's app's token from Microsoft's sign-in (Entra ID): the OAuth 2.0 client credentials
 * grant, `POST <MICROSOFT_LOGIN_URL>/<tenant>/oauth2/v2.0/token` with the app's id and secret and
 * Graph's `.default` scope. A refusal is said in words a firm's administrator can act on, from
 * the answer's `error` and its `AADSTS` code: the tenant unknown, the app unknown to it, the
 * secret wrong or expired. Whether the app may use a mailbox is not in the token when Exchange's
 * RBAC for Applications grants it (its roles are then empty): Graph says it, `403
 * ErrorAccessDenied`, when the mailbox is first read (`people calendar <address> microsoft`).
 */
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { guardedFetch } from '../caldav/guarded-fetch.ts';

/** The firm's app, as `calendars microsoft` keeps it. */
export interface GraphApp {
  tenant: string;
  clientId: string;
  secret: string;
}

/** A token, and when it is no longer used. */
export interface GraphToken {
  accessToken: string;
  expiresAt: number;
}

/** Sign-in's error answer (`error`, `error_description` starting `AADSTS<code>:`). */
interface TokenRefusal {
  error?: string;
  error_description?: string;
  error_codes?: number[];
}

/** The refusal in words: what is wrong and what mends it. */
function refusalWords(app: GraphApp, refusal: TokenRefusal): CalendarFault {
  const code = refusal.error_codes?.[0] ?? /AADSTS(\d+)/.exec(refusal.error_description ?? '')?.[1];
  const said = `${refusal.error ?? 'no error named'}${code ? `, AADSTS${String(code)}` : ''}`;
  const codeNumber = Number(code);
  if (refusal.error === 'invalid_client')
    return new CalendarFault(
      'unauthorized',
      codeNumber === 7000222
        ? `Microsoft refused the app's secret: it has expired (${said}). Make a new client secret in Entra ID and connect again with npm run outbox -- calendars microsoft`
        : `Microsoft refused the app's secret (${said}). Give the secret's value, not its ID, or make a new one in Entra ID and connect again with npm run outbox -- calendars microsoft`,
    );
  if (refusal.error === 'unauthorized_client' || codeNumber === 700016)
    return new CalendarFault(
      'unauthorized',
      `Microsoft knows no app ${app.clientId} in the tenant ${app.tenant} (${said}): give the application (client) ID from the app's Overview in Entra ID`,
    );
  if (codeNumber === 90002 || codeNumber === 900023)
    return new CalendarFault(
      'not_found',
      `Microsoft knows no tenant ${app.tenant} (${said}): give the directory (tenant) ID from the app's Overview in Entra ID`,
    );
  return new CalendarFault('server', `Microsoft's sign-in refused the app's token (${said})`);
}

/** The `.default` scope of Graph at `graphUrl`: its origin's. */
const graphScope = (graphUrl: string) => `${new URL(graphUrl).origin}/.default`;

/**
 * A new token for `app` from the sign-in at `loginUrl`, for Graph at `graphUrl`; throws the
 * `CalendarFault` that says why none came.
 */
export async function fetchGraphToken(
  app: GraphApp,
  loginUrl: string,
  graphUrl: string,
  now: number,
): Promise<GraphToken> {
  const fetch = guardedFetch({
    origin: new URL(loginUrl).origin,
    timeoutMs: 10_000,
    maxBytes: 64 << 10,
  });
  const answer = await fetch(`${loginUrl}/${encodeURIComponent(app.tenant)}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.clientId,
      client_secret: app.secret,
      scope: graphScope(graphUrl),
      grant_type: 'client_credentials',
    }).toString(),
  });
  const body = (await answer.json().catch(() => ({}))) as TokenRefusal & {
    access_token?: string;
    expires_in?: number;
  };
  if (!answer.ok || !body.access_token) {
    if (answer.status >= 500)
      throw new CalendarFault('server', `Microsoft's sign-in answered ${String(answer.status)}`);
    throw refusalWords(app, body);
  }
  return { accessToken: body.access_token, expiresAt: now + (body.expires_in ?? 3599) * 1000 };
}
