/**
 * Rate limits for the submission route: a token bucket per client IP and one for everybody
 * together, so a single source cannot flood the firm's platform and a botnet hits a ceiling.
 * Answers `429` with `Retry-After`, and reports the limits in the IETF RateLimit headers.
 */
import type { MiddlewareHandler } from 'hono';

/** The allowances and how a client is told apart. */
export interface RateLimitOptions {
  perClientPerMinute: number;
  globalPerMinute: number;
  /** The client's key, normally its IP address. */
  clientKey: (c: Parameters<MiddlewareHandler>[0]) => string;
  now?: () => number;
  /** Buckets kept at most; the least recently used are forgotten first. */
  maxClients?: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const WINDOW_MS = 60_000;

/** A bucket of `capacity` tokens refilled evenly over a minute. */
function take(
  bucket: Bucket,
  capacity: number,
  now: number,
): { allowed: boolean; remaining: number; waitMs: number } {
  bucket.tokens = Math.min(
    capacity,
    bucket.tokens + ((now - bucket.updatedAt) * capacity) / WINDOW_MS,
  );
  bucket.updatedAt = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return { allowed: true, remaining: Math.floor(bucket.tokens), waitMs: 0 };
  }
  return { allowed: false, remaining: 0, waitMs: ((1 - bucket.tokens) * WINDOW_MS) / capacity };
}

/**
 * @example app.post('/api/enquiries', rateLimit({ perClientPerMinute: 10, globalPerMinute: 300, clientKey }), handler)
 */
export const rateLimit = (options: RateLimitOptions): MiddlewareHandler => {
  const now = options.now ?? Date.now;
  const maxClients = options.maxClients ?? 100_000;
  const clients = new Map<string, Bucket>();
  const everyone: Bucket = { tokens: options.globalPerMinute, updatedAt: now() };
  const policy = `"per-client";q=${options.perClientPerMinute};w=60, "global";q=${options.globalPerMinute};w=60`;

  return async (c, next) => {
    const at = now();
    const key = options.clientKey(c);
    const bucket = clients.get(key) ?? { tokens: options.perClientPerMinute, updatedAt: at };
    // Re-inserting keeps the Map in least-recently-used order for eviction.
    clients.delete(key);
    clients.set(key, bucket);
    if (clients.size > maxClients) clients.delete(clients.keys().next().value as string);

    const client = take(bucket, options.perClientPerMinute, at);
    const global = client.allowed ? take(everyone, options.globalPerMinute, at) : undefined;
    c.header('RateLimit-Policy', policy);
    if (client.allowed && global?.allowed) {
      c.header('RateLimit', `"per-client";r=${client.remaining};t=0`);
      return next();
    }
    // Give the client's token back if the global ceiling refused it: it was not used.
    if (client.allowed) bucket.tokens += 1;
    const [name, waitMs] = client.allowed
      ? ['global', global?.waitMs ?? 0]
      : ['per-client', client.waitMs];
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    c.header('Retry-After', String(seconds));
    c.header('RateLimit', `"${name}";r=0;t=${seconds}`);
    return c.json(
      {
        error: 'rate_limited',
        message: `Too many enquiries have been sent. Try again in ${seconds} seconds.`,
      },
      429,
    );
  };
};
