/**
 * The firm's Google service account (`docs/booking.md`, "Google Workspace"): its key file read,
 * and a token for one host fetched with it by the JWT bearer grant (RFC 7523, as Google's
 * "Using OAuth 2.0 for server to server applications" describes it): a JWT signed RS256 with the
 * account's private key (node:crypto), `sub` the host it acts for through domain-wide
 * delegation, posted to the key file's `token_uri` as given. Tokens are kept until a minute
 * before they end, one per connection and host. Google's refusals are faults in words.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { guardedFetch } from '../caldav/guarded-fetch.ts';

/** The one scope asked: read and write the hosts' calendars. */
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';

/** What a token is fetched with: the key file's fields, the private key apart. */
export interface ServiceAccount {
  clientEmail: string;
  /** The account's OAuth client ID: what the Admin console's delegation is granted to. */
  clientId: string;
  keyId: string;
  tokenUri: string;
  /** The private key, PEM (PKCS #8). */
  privateKey: string;
}

/** A key file's text as a service account, or why it is not one (in words). */
export function readKeyFile(text: string): ServiceAccount | { refused: string } {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { refused: 'the key file is not JSON: give the service account’s key as downloaded' };
  }
  if (file.type !== 'service_account')
    return {
      refused: `the key file is not a service account's key (its type is ${JSON.stringify(file.type ?? null)}, not "service_account")`,
    };
  const field = (name: string) => (typeof file[name] === 'string' ? file[name] : '');
  const account: ServiceAccount = {
    clientEmail: field('client_email'),
    clientId: field('client_id'),
    keyId: field('private_key_id'),
    tokenUri: field('token_uri'),
    privateKey: field('private_key'),
  };
  const missing = Object.entries({
    client_email: account.clientEmail,
    client_id: account.clientId,
    private_key_id: account.keyId,
    token_uri: account.tokenUri,
    private_key: account.privateKey,
  }).find(([, value]) => !value)?.[0];
  if (missing) return { refused: `the key file has no ${missing}` };
  const place = tokenPlace(account.tokenUri);
  if ('refused' in place) return place;
  try {
    createPrivateKey(account.privateKey);
  } catch {
    return { refused: 'the key file’s private_key is not a private key' };
  }
  return account;
}

/** `uri` as a token endpoint: https:, or plain http: on this machine (a stand-in). */
function tokenPlace(uri: string): URL | { refused: string } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { refused: `the key file’s token_uri “${uri}” is not an address` };
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url;
  return { refused: `the key file’s token_uri must use https: (${url.protocol} given)` };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * The JWT asking a token for `subject` (signed RS256 with the account's key, an hour's life).
 *
 * @example signedAssertion(account, 'ann@firm.example', Date.now())
 */
function signedAssertion(account: ServiceAccount, subject: string, now: number): string {
  const iat = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: account.keyId }));
  const claims = base64url(
    JSON.stringify({
      iss: account.clientEmail,
      sub: subject,
      scope: CALENDAR_SCOPE,
      aud: account.tokenUri,
      iat,
      exp: iat + 3600,
    }),
  );
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), account.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Google's refusal (`{"error": …, "error_description": …}`) in words an administrator acts on. */
function refusal(account: ServiceAccount, subject: string, error: string, said: string) {
  const quoted = `${error}${said ? `: ${said}` : ''}`;
  if (error === 'unauthorized_client')
    return new CalendarFault(
      'unauthorized',
      `Google will not let the service account ${account.clientEmail} act for ${subject} (${quoted}): domain-wide delegation is not granted in the Admin console to its client ID ${account.clientId} with the scope ${CALENDAR_SCOPE}`,
    );
  if (error === 'invalid_grant' && /email|user id/i.test(said))
    return new CalendarFault(
      'not_found',
      `Google Workspace has no user ${subject} (${quoted}): is the address right, and in the firm’s domain?`,
    );
  if (error === 'invalid_grant' || error === 'invalid_client')
    return new CalendarFault(
      'unauthorized',
      `Google refused the service account’s key ${account.keyId} (${quoted}): it was deleted or the account disabled? Make a new key and connect it: npm run outbox -- calendars google --key-file <key.json> --host <address>`,
    );
  return new CalendarFault('server', `Google gave no token for ${subject} (${quoted})`);
}

/** How long a token request may take, and how much of its answer is read. */
const TOKEN_LIMITS = { timeoutMs: 10_000, maxBytes: 64 << 10 };

/** Tokens for hosts, fetched with service accounts and kept until a minute before they end. */
export class ServiceAccountTokens {
  readonly #kept = new Map<string, { token: string; until: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  /** A token acting for `subject`, kept or fetched; throws the `CalendarFault` saying why none. */
  async token(account: ServiceAccount, subject: string): Promise<string> {
    const id = `${account.clientEmail}\n${account.keyId}\n${account.privateKey}\n${subject}`;
    const kept = this.#kept.get(id);
    if (kept && kept.until > this.now()) return kept.token;
    const place = tokenPlace(account.tokenUri);
    if ('refused' in place) throw new CalendarFault('refused', place.refused);
    const answer = await guardedFetch({ origin: place.origin, ...TOKEN_LIMITS })(place.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signedAssertion(account, subject, this.now()),
      }).toString(),
    });
    const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
    if (!answer.ok || typeof body.access_token !== 'string') {
      const error = typeof body.error === 'string' ? body.error : `HTTP ${String(answer.status)}`;
      const said = typeof body.error_description === 'string' ? body.error_description : '';
      throw refusal(account, subject, error, said);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.#kept.set(id, { token: body.access_token, until: this.now() + (seconds - 60) * 1000 });
    return body.access_token;
  }

  /** Forgets `subject`'s token (the API refused it: revoked before its end). */
  forget(account: ServiceAccount, subject: string): void {
    this.#kept.delete(
      `${account.clientEmail}\n${account.keyId}\n${account.privateKey}\n${subject}`,
    );
  }
}
