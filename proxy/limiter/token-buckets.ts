/**
 * Token buckets: `perMinute` tokens a key, refilled evenly over a minute (or over `windowMs`, for
 * an allowance such as a saved enquiry's five tries in half an hour). The interface sits
 * below the outbox and the routes: the HTTP middleware takes from a limiter
 * (`http/rate-limit.ts`), the PostgreSQL store implements one every instance shares
 * (`outbox/postgres/rate-limit.ts`), and this module's `RateLimiter` keeps them in memory.
 */

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** What taking a token came to. */
export interface Verdict {
  allowed: boolean;
  remaining: number;
  /** How long until a token is free again, when refused. */
  waitMs: number;
}

/** Every bucket refills evenly over this window. */
export const WINDOW_MS = 60_000;

/**
 * Buckets of `perMinute` tokens each, refilled evenly over a minute, by key: in this process
 * (`RateLimiter`), or in the PostgreSQL every instance shares (`outbox/postgres/rate-limit.ts`).
 */
export interface Limiter {
  /** The name the RateLimit headers use: `per-client`, `global`, `bots`. */
  readonly name: string;
  /** Tokens a bucket holds, refilled evenly over its window. */
  readonly perMinute: number;
  /** The window the bucket refills over, when it is not a minute. */
  readonly windowMs?: number;
  /** Takes a token from `key`'s bucket if it has one. */
  take(key?: string): Verdict | Promise<Verdict>;
  /** Gives back a token that was not used after all. */
  giveBack(key?: string): void | Promise<void>;
}

/** Buckets in this process's memory: one instance, or limits that need not be shared. */
export class RateLimiter implements Limiter {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    /** The name the RateLimit headers use: `per-client`, `global`, `bots`. */
    readonly name: string,
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
    /** Buckets kept at most; the least recently used are forgotten first. */
    private readonly maxKeys = 100_000,
    /** The window a bucket refills over. */
    readonly windowMs = WINDOW_MS,
  ) {}

  /** Takes a token from `key`'s bucket if it has one. */
  take(key = ''): Verdict {
    const at = this.now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.perMinute, updatedAt: at };
    // Re-inserting keeps the Map in least-recently-used order for eviction.
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > this.maxKeys)
      this.#buckets.delete(this.#buckets.keys().next().value as string);
    bucket.tokens = Math.min(
      this.perMinute,
      bucket.tokens + ((at - bucket.updatedAt) * this.perMinute) / this.windowMs,
    );
    bucket.updatedAt = at;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, remaining: Math.floor(bucket.tokens), waitMs: 0 };
    }
    return {
      allowed: false,
      remaining: 0,
      waitMs: ((1 - bucket.tokens) * this.windowMs) / this.perMinute,
    };
  }

  /** Gives back a token that was not used after all. */
  giveBack(key = ''): void {
    const bucket = this.#buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.perMinute, bucket.tokens + 1);
  }
}

/**
 * Makes a limiter of `perWindow` tokens a key, refilled over `windowMs`: the outbox's
 * (`lifecycle/open-outbox.ts`: shared by every instance on PostgreSQL), or one in memory.
 */
export type LimiterMaker = (name: string, perWindow: number, windowMs: number) => Limiter;

/**
 * `make`'s limiters, each made once per name, size and window: for limits whose size is worked
 * out as they are taken (`intake/call-limits.ts`), so that a bucket in memory is kept between
 * takes, and one in PostgreSQL is named the same on every instance.
 *
 * @example const calls = limiterSet((name, n, ms) => new RateLimiter(name, n, Date.now, undefined, ms));
 */
export function limiterSet(make: LimiterMaker): LimiterMaker {
  const made = new Map<string, Limiter>();
  return (name, perWindow, windowMs) => {
    const key = `${name}:${String(perWindow)}:${String(windowMs)}`;
    const known = made.get(key);
    if (known) return known;
    const limiter = make(name, perWindow, windowMs);
    made.set(key, limiter);
    return limiter;
  };
}
