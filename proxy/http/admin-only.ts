/**
 * Every check of `ADMIN_TOKEN`, in one place: the bearer routes (`/admin/status`,
 * `/admin/funnel`, `/metrics`) and the console's sign-in (`console/console-guard.ts`) alike.
 * Each shares one limiter of tries per client address (5 a minute; on PostgreSQL shared by
 * every instance) and writes each wrong token to the audit log, so a guesser is as slow on
 * `/metrics` as at the sign-in form, and the firm sees the guessing wherever it happens. The
 * right token spends nothing: a scraper or a monitor asking every few seconds is never limited.
 *
 * 404 when no token is configured (the routes do not exist), 401 for anything but the token,
 * 429 with `Retry-After` past the limit (the right token included, or the limit would only slow
 * guesses until the right one).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Limiter } from '../limiter/token-buckets.ts';
import type { AuditLog } from '../outbox/store.ts';
import { allows, type Role, type SignedIn } from '../outbox/roles.ts';
import { rateLimitKey } from './client-ip.ts';
import { Refusal } from './refusal.ts';

/** Tries of the token a minute from one client address. */
export const ADMIN_TOKEN_TRIES_PER_MINUTE = 5;

/** What guards the token: one limiter of tries per client, and the audit log of wrong ones. */
export interface AdminTokenGuard {
  limiter: Limiter;
  audit: Pick<AuditLog, 'recordAudit'>;
}

/** What a check of the token reads. */
export interface AdminTokenDeps {
  /** Without it, the routes answer 404. */
  adminToken?: string | undefined;
  /** The limiter and audit every check shares; set with `adminToken`. */
  adminGuard?: AdminTokenGuard | undefined;
  clientIp: (c: Context) => string;
  now: () => number;
}

/** What a check came to: the token, a wrong one (recorded), or too many tries to look. */
export type TokenVerdict =
  { kind: 'token' } | { kind: 'wrong' } | { kind: 'limited'; retryAfterSeconds: number };

/** True when `given` is `token`, compared in constant time. */
function same(given: string, token: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(token);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks `given` against the token for the client of `c`, within the client's tries; a wrong
 * one is recorded in the audit log as `action` (with `detail`).
 *
 * @example const verdict = await checkAdminToken(c, deps, form.token, 'sign-in refused');
 */
export async function checkAdminToken(
  c: Context,
  deps: AdminTokenDeps & { adminToken: string },
  given: string,
  action: string,
  detail?: string,
): Promise<TokenVerdict> {
  const guard = deps.adminGuard;
  const client = deps.clientIp(c);
  const key = rateLimitKey(client);
  if (guard) {
    const verdict = await guard.limiter.take(key);
    if (!verdict.allowed)
      return {
        kind: 'limited',
        retryAfterSeconds: Math.max(1, Math.ceil(verdict.waitMs / 1000)),
      };
  }
  if (same(given, deps.adminToken)) {
    await guard?.limiter.giveBack(key);
    return { kind: 'token' };
  }
  await guard?.audit.recordAudit({
    at: deps.now(),
    client,
    action,
    reference: null,
    ...(detail ? { detail } : {}),
  });
  return { kind: 'wrong' };
}

/** Who else a bearer route lets in. */
export interface AdminOnlyOptions {
  /**
   * A console session (`signedIn`, set by the console's gate) whose role allows this one's
   * work: the marketer's browser reads the funnel as a machine does with the token.
   */
  orSignedIn?: Role;
}

/**
 * Lets through only requests with `Authorization: Bearer <token>` (or, with `orSignedIn`, a
 * console session of that role or above). A bare token is refused: it would teach clients a
 * form no other bearer-token server takes. A request without the header is no try at the
 * token: it is refused without spending one; a session whose role is too low gets 403.
 */
export const adminOnly =
  (deps: AdminTokenDeps, options: AdminOnlyOptions = {}): MiddlewareHandler =>
  async (c, next) => {
    const signedIn = (c.var as { signedIn?: SignedIn }).signedIn;
    if (options.orSignedIn && signedIn) {
      if (allows(signedIn.role, options.orSignedIn)) return next();
      return c.json(
        { error: 'forbidden', message: `The ${signedIn.role} role does not include this.` },
        403,
      );
    }
    const adminToken = deps.adminToken;
    if (!adminToken) return c.notFound();
    const authorization = c.req.header('authorization');
    if (authorization === undefined) return c.json({ error: 'unauthorised' }, 401);
    const given = /^Bearer (.*)$/s.exec(authorization)?.[1] ?? '';
    const where = `${c.req.method} ${c.req.path}`;
    const verdict = await checkAdminToken(
      c,
      { ...deps, adminToken },
      given,
      'token refused',
      where,
    );
    if (verdict.kind === 'limited') throw Refusal.tokenTriesSpent(verdict.retryAfterSeconds);
    if (verdict.kind === 'wrong') return c.json({ error: 'unauthorised' }, 401);
    await next();
  };
