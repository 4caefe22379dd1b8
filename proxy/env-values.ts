/** Value kinds the environment schemas share (the proxy's in `env.ts`, notifications' apart). */
import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True when `url` names this machine: plain http is allowed there only. */
export const isLoopback = (url: URL) =>
  LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');

/**
 * A comma-separated variable, each part trimmed, empty parts dropped.
 *
 * @example commaList(z.email()).parse('a@example.com, b@example.com') // ['a@example.com', 'b@example.com']
 */
export const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/** A whole number of at least `min`, with a default. */
export const integer = (fallback: number, min: number) =>
  z.coerce.number().int().min(min).default(fallback);

/**
 * A URL that must be https:, or plain http: on this machine only (secrets or sessions travel
 * to it).
 *
 * @example secureUrl('must be a URL').parse('http://127.0.0.1:4000') // ok; http://example.com is not
 */
export const secureUrl = (error: string) =>
  z.url({ error }).refine(
    (value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
    },
    { error: 'must use https: (plain http: only for localhost)' },
  );
