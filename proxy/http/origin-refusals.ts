/**
 * Why the proxy refused a page: its origin, and `ALLOWED_ORIGINS`, in the operator's log. A site
 * owner embedding the form on a page whose origin is not listed sees only the form's fallback;
 * the browser's console says why, but the proxy's log is where an operator looks.
 *
 * Each origin is named at most once a minute, and at most `perMinute` origins a minute: a page
 * (or a script) sending made-up origins gets one more line a minute saying how many went unnamed,
 * not a line each. What is remembered is the origins named in the last minute, so memory stays
 * within `perMinute` short strings whatever is sent.
 */
import type { Logger } from '../logger.ts';

const MINUTE = 60_000;
/** Longer than any real origin (scheme, host of 253 characters, port). */
const MAX_ORIGIN = 300;

/** How the log is kept in bounds. */
export interface OriginRefusalOptions {
  /** Different origins named in a minute at most (default 10). */
  perMinute?: number;
  now?: () => number;
}

/**
 * A function to call with the `Origin` of each refused request.
 *
 * @example
 * const refused = originRefusalLog(log, ['https://www.example.com']);
 * refused('https://other.example'); // "refused https://other.example: … ALLOWED_ORIGINS …"
 */
export function originRefusalLog(
  log: Logger,
  allowedOrigins: readonly string[],
  options: OriginRefusalOptions = {},
): (origin: string | undefined) => void {
  const perMinute = options.perMinute ?? 10;
  const now = options.now ?? Date.now;
  /** Origins named in the last minute, oldest first, with when. */
  const named = new Map<string, number>();
  let unnamed = 0;
  const allowed = allowedOrigins.length > 0 ? allowedOrigins.join(', ') : 'none';

  return (origin) => {
    const at = now();
    for (const [key, when] of named) {
      if (at - when < MINUTE) break;
      named.delete(key);
    }
    const key = origin ? origin.slice(0, MAX_ORIGIN) : '';
    if (named.has(key)) return;
    if (named.size >= perMinute) {
      unnamed += 1;
      return;
    }
    if (unnamed > 0) {
      log.warn(
        { unnamed },
        `refused ${String(unnamed)} more requests from origins not in ALLOWED_ORIGINS, not named one by one`,
      );
      unnamed = 0;
    }
    named.set(key, at);
    if (key === '')
      log.warn(
        { allowedOrigins },
        `refused a request without an Origin header: browsers send one; a server posting enquiries must name one of ALLOWED_ORIGINS (${allowed})`,
      );
    else
      log.warn(
        { origin: key, allowedOrigins },
        `refused a page on ${key}: its origin is not in ALLOWED_ORIGINS (${allowed}); add it there for the form to work on its pages`,
      );
  };
}
