/**
 * Requests to Google's Calendar API for one host (`GOOGLE_CALENDAR_URL`), as Google's "Handle API
 * errors" page asks: a token acting for the host on each (fetched again once when the API says
 * it was revoked, 401); `rateLimitExceeded` and `userRateLimitExceeded` (403), 429 and the
 * passing 500 and 503 waited out with exponential backoff and jitter (`Retry-After` where it is
 * given), a few times, then a passing fault the caller's own retry carries on; every other error
 * (`{"error": {"code", "message", "errors": [{"reason"}]}}`) a `CalendarFault` in words.
 */
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { guardedFetch } from '../caldav/guarded-fetch.ts';
import type { ServiceAccount, ServiceAccountTokens } from './service-account.ts';

/** How requests are held and backed off. */
export interface ApiLimits {
  timeoutMs: number;
  maxBytes: number;
  /** The first wait after a rate limit; each next one doubles it. */
  backoffMs: number;
  /** Tries of one request in all, the first included. */
  tries: number;
}

/** Ten seconds a request, four MiB an answer, waits of 1, 2, 4 s (Google's advice). */
export const API_LIMITS: ApiLimits = Object.freeze({
  timeoutMs: 10_000,
  maxBytes: 4 << 20,
  backoffMs: 1_000,
  tries: 4,
});

/** An answer of the API: its status and its JSON (`{}` when it had none). */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Google's error of an answer: its reason (`rateLimitExceeded`, `notFound`, …) and message. */
function apiError(answer: ApiAnswer): { reason: string; message: string } {
  const error = (answer.body.error ?? {}) as {
    message?: string;
    errors?: { reason?: string }[];
  };
  return {
    reason: error.errors?.[0]?.reason ?? '',
    message: error.message ?? `HTTP ${String(answer.status)}`,
  };
}

const RATE_LIMITS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** Whether waiting and asking again is Google's advice for `answer`. */
function passing(answer: ApiAnswer): boolean {
  if (answer.status === 429 || answer.status === 500 || answer.status === 503) return true;
  return answer.status === 403 && RATE_LIMITS.has(apiError(answer).reason);
}

/**
 * The fault an error answer is, for `what` was asked of `host`'s calendar; a 404 or 410 the
 * caller treats as done (an event gone already) never comes here.
 */
export function faultOf(answer: ApiAnswer, what: string, host: string): CalendarFault {
  const { reason, message } = apiError(answer);
  const said = `${what}: Google answered ${String(answer.status)} ${reason || 'error'} (${message})`;
  if (passing(answer))
    return new CalendarFault('server', `${said}; it is asked again after a wait`);
  if (answer.status === 401)
    return new CalendarFault('unauthorized', `${said}: the token acting for ${host} was refused`);
  if (answer.status === 403)
    return new CalendarFault(
      'unauthorized',
      `${said}: ${host} may not be read or written so (is the scope https://www.googleapis.com/auth/calendar granted, not the read-only one?)`,
    );
  if (answer.status === 404 || answer.status === 410)
    return new CalendarFault('not_found', `${said}: ${host}’s calendar is gone`);
  return new CalendarFault('server', said);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before try `attempt` (1 the first retry): `Retry-After`, else doubling, jittered. */
function backoff(retryAfter: string | null, attempt: number, limits: ApiLimits): number {
  const seconds = Number(retryAfter);
  if (retryAfter && Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 60) * 1000;
  const base = limits.backoffMs * 2 ** (attempt - 1);
  return base + Math.random() * limits.backoffMs;
}

/** One host's Calendar API: `request` a path under the API's root, as the host. */
export interface HostApi {
  request(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
}

/**
 * The tokens acting for one host: the service account's for them, or their own sign-in's
 * (`../host-sign-in/signed-in-tokens.ts`).
 */
export interface HostTokens {
  token(): Promise<string>;
  /** Forgets the token the API refused (revoked before its end). */
  forget(): void;
}

/** The tokens `account` gets acting for `host`. */
export const delegatedTokens = (
  tokens: ServiceAccountTokens,
  account: ServiceAccount,
  host: string,
): HostTokens => ({
  token: () => tokens.token(account, host),
  forget: () => {
    tokens.forget(account, host);
  },
});

/** The API at `root` acting for one host with `tokens`. */
export function hostApi(root: string, tokens: HostTokens, limits: ApiLimits = API_LIMITS): HostApi {
  const fetch = guardedFetch({ origin: new URL(root).origin, ...limits });
  async function once(method: string, path: string, body: unknown) {
    const token = await tokens.token();
    const answer = await fetch(`${root}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new CalendarFault('unreadable', `Google’s Calendar API answered ${path} with no JSON`);
    }
    return {
      answer: { status: answer.status, body: json },
      retryAfter: answer.headers.get('retry-after'),
    };
  }
  return {
    async request(method, path, body) {
      let refreshed = false;
      for (let attempt = 1; ; attempt++) {
        const { answer, retryAfter } = await once(method, path, body);
        if (answer.status === 401 && !refreshed) {
          // Revoked before its end (a key deleted, delegation withdrawn): a new token says why.
          tokens.forget();
          refreshed = true;
          continue;
        }
        if (!passing(answer) || attempt >= limits.tries) return answer;
        await wait(backoff(retryAfter, attempt, limits));
      }
    },
  };
}
