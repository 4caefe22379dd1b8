/**
 * Rate limits: token buckets, one per client IP and one for everybody together, so that a
 * single source cannot flood the firm's platform and a botnet hits a ceiling. A refusal is a
 * `429` with `Retry-After` (`Refusal.rateLimited`), and the limits are reported in the IETF
 * RateLimit headers.
 *
 * The submission route takes from the per-client bucket before it reads a body, and from the
 * global one only once the bot checks found a person: caught bots are counted in a bucket of
 * their own per address, and never spend the visitors' allowance.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Limiter } from '../limiter/token-buckets.ts';
import { Refusal } from './refusal.ts';

/** A limiter in a `RateLimit-Policy` header. */
const policyOf = (limiter: Limiter) =>
  `"${limiter.name}";q=${limiter.perMinute};w=${String((limiter.windowMs ?? 60_000) / 1000)}`;

/** Which limiters a route takes from, and how a client is told apart. */
export interface RateLimitOptions {
  limiters: readonly Limiter[];
  /** The client's key, normally its address. */
  clientKey: (c: Context) => string;
  /** Limiters whose bucket is one for everybody (no key). */
  shared?: readonly Limiter[];
}

/**
 * A token from each limiter in turn; when one refuses, those already taken are given back
 * (they were not used) and the request gets `429`.
 *
 * @example app.get('/api/form-token', rateLimit({ limiters: [perClient, everybody], shared: [everybody], clientKey }), handler)
 */
export const rateLimit =
  ({ limiters, clientKey, shared = [] }: RateLimitOptions): MiddlewareHandler =>
  async (c, next) => {
    const key = clientKey(c);
    const keyOf = (limiter: Limiter) => (shared.includes(limiter) ? '' : key);
    c.header('RateLimit-Policy', limiters.map(policyOf).join(', '));
    const taken: Limiter[] = [];
    for (const limiter of limiters) {
      const verdict = await limiter.take(keyOf(limiter));
      if (!verdict.allowed) {
        for (const earlier of taken) await earlier.giveBack(keyOf(earlier));
        throw Refusal.rateLimited(limiter.name, verdict.waitMs);
      }
      if (taken.length === 0) c.header('RateLimit', `"${limiter.name}";r=${verdict.remaining};t=0`);
      taken.push(limiter);
    }
    return next();
  };
