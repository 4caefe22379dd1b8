/**
 * When a failed webhook is tried again: Svix's schedule (the one Standard Webhooks senders
 * use), about a day and a half in all; a receiver's `Retry-After` is honoured when it asks for
 * longer. After the last try the delivery is given up and the firm alerted.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait before each try: the first at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** A `Retry-After` is honoured up to this; a longer one is a mistake, not a plan. */
const RETRY_AFTER_CAP_MS = 24 * HOUR;

/** `Retry-After` (seconds, or an HTTP date) in milliseconds from `now`, if it says anything. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) * SECOND : Date.parse(header) - now;
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(seconds, RETRY_AFTER_CAP_MS);
}

/**
 * When to try again after `failedTries` tries failed (this one included), or null when that
 * was the last.
 */
export function nextTryAt(failedTries: number, now: number, retryAfter?: number): number | null {
  const wait = RETRY_SCHEDULE_MS[failedTries];
  if (wait === undefined) return null;
  return now + Math.max(wait, retryAfter ?? 0);
}
