/**
 * Rate limits every instance counts together: the same token buckets as `limiter/token-buckets.ts`,
 * kept in the shared PostgreSQL and updated by one atomic upsert per request, so that a client
 * sending to three instances behind a load balancer gets its allowance once, not three times.
 */
import type pg from 'pg';
import { WINDOW_MS, type Limiter, type Verdict } from '../../limiter/token-buckets.ts';

/** A limiter of `perMinute` per key whose buckets live in `pool`'s `rate_buckets`. */
export function pgRateLimiter(
  pool: pg.Pool,
  name: string,
  perMinute: number,
  now: () => number = Date.now,
  windowMs = WINDOW_MS,
): Limiter {
  // The bucket refilled for the time since its last use (never backwards: instances' clocks
  // may differ a little); a token is taken when a whole one is there, and `allowed` says so.
  const window = `${String(windowMs)}.0`;
  const refilled = `least($3, b.tokens + greatest(0, $4 - b.updated_at) * $3 / ${window})`;
  const left = `(${refilled} - CASE WHEN ${refilled} >= 1 THEN 1 ELSE 0 END)`;
  // When the bucket is whole again: a bucket untouched since is forgotten then (`store.ts`),
  // however long its window (a day for the booking limits).
  const fullAt = `greatest(b.updated_at, $4) + ceil(($3 - ${left}) * ${window} / $3)::bigint`;
  return {
    name,
    perMinute,
    windowMs,
    async take(key = '') {
      const { rows } = await pool.query<{ tokens: number; allowed: boolean }>(
        `INSERT INTO rate_buckets AS b (limiter, key, tokens, updated_at, allowed, full_at)
         VALUES ($1, $2, $3::double precision - 1, $4, true, $4 + ceil(${window} / $3)::bigint)
         ON CONFLICT (limiter, key) DO UPDATE SET
           tokens = ${left},
           allowed = ${refilled} >= 1,
           updated_at = greatest(b.updated_at, $4),
           full_at = ${fullAt}
         RETURNING tokens, allowed`,
        [name, key, perMinute, now()],
      );
      const row = rows[0] ?? { tokens: 0, allowed: false };
      const verdict: Verdict = row.allowed
        ? { allowed: true, remaining: Math.floor(row.tokens), waitMs: 0 }
        : { allowed: false, remaining: 0, waitMs: ((1 - row.tokens) * windowMs) / perMinute };
      return verdict;
    },
    async giveBack(key = '') {
      await pool.query(
        'UPDATE rate_buckets SET tokens = least($3, tokens + 1) WHERE limiter = $1 AND key = $2',
        [name, key, perMinute],
      );
    },
  };
}
