/**
 * A budget for the bytes of submissions being received at once. Each is held in memory until
 * it is stored, so without a ceiling enough large uploads at once could exhaust the process
 * and lose every submission not yet stored. Past the budget: `503` with `Retry-After`.
 */
import type { MiddlewareHandler } from 'hono';

/** The budget and what a request of unknown length counts for. */
export interface InFlightBytesOptions {
  /** Bytes of request bodies allowed in progress at once. */
  budget: number;
  /** What a request without a usable `Content-Length` counts for: the largest allowed body. */
  largestBody: number;
}

/** Middleware that answers `503` when the budget of bytes in flight is spent. */
export const inFlightBytes = ({ budget, largestBody }: InFlightBytesOptions): MiddlewareHandler => {
  // Never below one largest submission, or that submission could never be sent.
  const ceiling = Math.max(budget, largestBody);
  let used = 0;
  return async (c, next) => {
    const declared = Number(c.req.header('content-length'));
    const size =
      Number.isSafeInteger(declared) && declared > 0
        ? Math.min(declared, largestBody)
        : largestBody;
    if (used + size > ceiling) {
      c.header('Retry-After', '5');
      const message =
        'Many enquiries are arriving at once. Try again in a few seconds: nothing you typed is lost.';
      return c.json({ error: 'busy', message }, 503);
    }
    used += size;
    try {
      await next();
    } finally {
      used -= size;
    }
  };
};
