/**
 * When to try a failed delivery again: exponential backoff with jitter, capped per wait and in
 * total (two weeks by default), honouring the platform's `Retry-After`.
 */

/** How patiently a failed delivery is retried. */
export interface RetryPolicy {
  /** The first wait (before jitter). */
  baseMs: number;
  /** No single wait is longer than this (unless the platform asks for longer). */
  maxDelayMs: number;
  /** A submission still undelivered this long after it arrived is given up (dead-lettered). */
  giveUpAfterMs: number;
}

/**
 * How long a lead may be retried, in days (`RETRY_GIVE_UP_AFTER_MS`): at least a day, as long
 * as Google Pub/Sub keeps a message at most (31 days). The default, two weeks, outlasts what
 * the others keep retrying (Svix about 28 hours, Stripe 3 days, Hookdeck about a week, Pub/Sub
 * 7 days by default): a platform down for a long weekend, or a fortnight, costs a wait
 * (docs/operations.md, "How long a lead is retried").
 */
export const RETRY_WINDOW_DAYS = Object.freeze({ least: 1, most: 31, byDefault: 14 });

/** From 2 s doubling to an hour apart, for two weeks. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  baseMs: 2_000,
  maxDelayMs: 60 * 60 * 1000,
  giveUpAfterMs: RETRY_WINDOW_DAYS.byDefault * 24 * 60 * 60 * 1000,
});

/**
 * The wait after the `failures`-th failed attempt: doubling from `baseMs` up to `maxDelayMs`,
 * then "equal jitter" (somewhere in the upper half) so that proxies recovering from the same
 * outage do not all knock at once.
 *
 * @example retryDelay(3, DEFAULT_RETRY_POLICY, () => 1) // 8000
 */
export function retryDelay(
  failures: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  const jittered = ceiling / 2 + (random() * ceiling) / 2;
  return Math.round(Math.min(Math.max(jittered, retryAfterMs ?? 0), policy.giveUpAfterMs));
}

/** When to try again, or that it is time to give up. */
export type NextAttempt = { at: number } | { giveUp: true };

/**
 * When to try again, or to give up. The last try is made at the give-up time itself, so a
 * platform that comes back just before then still gets the enquiry.
 */
export function nextAttempt(
  receivedAt: number,
  failures: number,
  now: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
  retryAfterMs?: number,
): NextAttempt {
  const deadline = receivedAt + policy.giveUpAfterMs;
  if (now >= deadline) return { giveUp: true };
  return { at: Math.min(now + retryDelay(failures, policy, random, retryAfterMs), deadline) };
}
