/**
 * A provider a host signs in to from the console to connect their own calendar (`docs/booking.md`,
 * "A host connects their own calendar"): the OAuth 2.0 authorization code flow with PKCE (S256)
 * through the firm's web app (`calendars microsoft-web`, `calendars google-web`), and the refresh
 * token it gives, sealed, read and written with afterwards. Microsoft's is
 * `microsoft/delegated-sign-in.ts`, Google's `google/oauth-sign-in.ts`; both redeem a code and a
 * refresh token here (`tokenGrants`), at their own token endpoint, so a refusal is said alike:
 * `invalid_grant` (the host revoked the access, changed their password, a Testing app's week ran
 * out) is "sign in again", the same fault path as a firm's revoked secret.
 */
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { guardedFetch } from '../caldav/guarded-fetch.ts';
import type { OpenedConnection, SignInProvider, SignInTokens } from '../calendar-port.ts';
import type { WebAppKind } from '../../outbox/calendar-write.ts';

export type { SignInProvider, SignInTokens } from '../calendar-port.ts';

/** A token endpoint's refusal (RFC 6749 §5.2; Microsoft adds its AADSTS codes). */
interface TokenAnswer {
  error?: string;
  error_description?: string;
  error_codes?: number[];
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** The refusal's words: what it said, without a trace id or a timestamp. */
const saidOf = (answer: TokenAnswer) => {
  const description = (answer.error_description ?? '').split(/\r?\n/)[0]?.trim() ?? '';
  return `${answer.error ?? 'no error named'}${description ? `: ${description}` : ''}`;
};

/** Posts `form` to `url` (ten seconds, 64 KiB): the answer, and its JSON (`{}` without). */
async function postForm(url: string, form: Record<string, string>) {
  const fetch = guardedFetch({
    origin: new URL(url).origin,
    timeoutMs: 10_000,
    maxBytes: 64 << 10,
  });
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  });
  return { answer, body: (await answer.json().catch(() => ({}))) as TokenAnswer };
}

/**
 * Hands `token` back to the revocation endpoint `url` of `provider` (RFC 7009): done, or done
 * already (`invalid_token`: revoked or expired before); else the `CalendarFault` saying so.
 */
export async function revokeAt(url: string, token: string, provider: { name: string }) {
  const { answer, body } = await postForm(url, { token });
  if (answer.ok || body.error === 'invalid_token') return;
  throw new CalendarFault(
    answer.status >= 500 ? 'server' : 'refused',
    `${provider.name} did not take the access back (${String(answer.status)} ${saidOf(body)})`,
  );
}

/**
 * Posts `form` to the token endpoint `url` of `provider` (its name) for the web app `webKind`;
 * the tokens, or the `CalendarFault` saying in words who must do what.
 */
export async function postTokenForm(
  url: string,
  form: Record<string, string>,
  provider: { name: string; webKind: WebAppKind },
  now: number,
): Promise<SignInTokens> {
  const { answer, body } = await postForm(url, form);
  if (answer.ok && body.access_token)
    return {
      accessToken: body.access_token,
      expiresAt: now + (body.expires_in ?? 3599) * 1000,
      refreshToken: body.refresh_token,
    };
  if (answer.status >= 500)
    throw new CalendarFault(
      'server',
      `${provider.name}'s sign-in answered ${String(answer.status)}`,
    );
  const said = saidOf(body);
  if (body.error === 'invalid_grant')
    throw new CalendarFault(
      'unauthorized',
      `sign in again: ${provider.name} no longer accepts the host's sign-in (${said}). They connect it again from "Your calls" in the console`,
    );
  if (body.error === 'invalid_client' || body.error === 'unauthorized_client')
    throw new CalendarFault(
      'unauthorized',
      `${provider.name} refused the firm's web app (${said}): give its client ID and a new secret with npm run outbox -- calendars ${provider.webKind}`,
    );
  throw new CalendarFault('refused', `${provider.name}'s sign-in refused the request (${said})`);
}

/** Where and as whom a provider's token endpoint is asked for a host's tokens. */
export interface WebAppTokenEndpoint {
  url: string;
  /** The web app's fields of every request: `client_id`, `client_secret`, Microsoft's `scope`. */
  client: Record<string, string>;
  /** Why a code was redeemed without a refresh token, and what the firm changes. */
  withoutRefresh: string;
}

/**
 * A provider's redemption of a host's code and of their refresh token, at the token endpoint
 * `endpointOf` says for the firm's web app: one piece for Microsoft's and Google's, which differ
 * only in where that is and what else the app sends.
 */
export function tokenGrants(
  provider: { name: string; webKind: WebAppKind },
  endpointOf: (app: OpenedConnection) => WebAppTokenEndpoint,
): Pick<SignInProvider, 'redeem' | 'refresh'> {
  return {
    async redeem(app, grant, now) {
      const { url, client, withoutRefresh } = endpointOf(app);
      const tokens = await postTokenForm(
        url,
        {
          ...client,
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: grant.redirectUri,
          code_verifier: grant.verifier,
        },
        provider,
        now,
      );
      const { refreshToken } = tokens;
      if (!refreshToken)
        throw new CalendarFault(
          'refused',
          `${provider.name} gave no refresh token: ${withoutRefresh}`,
        );
      return { ...tokens, refreshToken };
    },
    refresh(app, refreshToken, now) {
      const { url, client } = endpointOf(app);
      const form = { ...client, grant_type: 'refresh_token', refresh_token: refreshToken };
      return postTokenForm(url, form, provider, now);
    },
  };
}

/**
 * The address of the account whose calendar `accessToken` opens, read at `url` (`pick` finding it
 * in the JSON answered); the `CalendarFault` saying why not.
 */
export async function accountAt(
  url: string,
  accessToken: string,
  pick: (answered: Record<string, unknown>) => unknown,
  provider: { name: string },
): Promise<string> {
  const fetch = guardedFetch({
    origin: new URL(url).origin,
    timeoutMs: 10_000,
    maxBytes: 64 << 10,
  });
  const answer = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  const address = answer.ok ? pick(body) : undefined;
  if (typeof address === 'string' && address.includes('@')) return address.toLowerCase();
  throw new CalendarFault(
    answer.status >= 500 ? 'server' : 'refused',
    `${provider.name} did not say whose calendar the sign-in opens (${String(answer.status)})`,
  );
}

/**
 * The web app's setting (`calendars microsoft-web … --other-accounts`) letting a host sign in with
 * an account other than their address, its calendar then read and written as theirs: for a firm
 * whose hosts' addresses are aliases of the accounts they sign in with. Without it such a sign-in
 * is refused, naming both.
 */
export const OTHER_ACCOUNTS = 'otherAccounts';
const OTHER_ACCOUNTS_FLAG = '--other-accounts';

/** What a web app's connector reads of `--other-accounts`, and says of it. */
export const otherAccounts = {
  usage: `[${OTHER_ACCOUNTS_FLAG}: a host may sign in with an account other than their address]`,
  settings: (args: readonly string[]): Record<string, string> =>
    args.includes(OTHER_ACCOUNTS_FLAG) ? { [OTHER_ACCOUNTS]: 'allowed' } : {},
  described: (settings: Readonly<Record<string, string>>) =>
    settings[OTHER_ACCOUNTS] === 'allowed' ? ', any account they sign in with' : '',
};

/** The value after `flag` in `args`. */
export const flagValue = (args: readonly string[], flag: string) => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
};
