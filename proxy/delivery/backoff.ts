/**
 * When to try a failed delivery again: exponential backoff with jitter, capped per wait and in
 * total (about a day by default), honouring the platform's `Retry-After`.
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

/** From 2 s doubling to an hour apart, for a day. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  baseMs: 2_000,
  maxDelayMs: 60 * 60 * 1000,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
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
