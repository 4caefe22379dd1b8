/**
 * Value kinds the environment schemas share: the proxy's in `env.ts`, notifications', webhooks'
 * and sign-in's beside their code.
 */
import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True when `url` names this machine: plain http is allowed there only. */
const isLoopback = (url: URL) =>
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

/** `?rest_route=/namespace/v1` and nothing else: how WordPress serves its API without pretty permalinks. */
const isRestRoute = (url: URL) =>
  [...url.searchParams.keys()].join() === 'rest_route' &&
  /^\/[\w.-]+(?:\/[\w.-]+)+\/?$/.test(url.searchParams.get('rest_route') ?? '');

/** The platform's enquiry API: https:, no credentials, fragment or query but WordPress's `rest_route`. */
export const enquiryApiUrl = z
  .url({ error: 'must be a URL like https://crm.example.com/wp-json/acme/v1' })
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url)), {
    error:
      'must use https: (the Basic credentials travel with every request); plain http: only for localhost',
  })
  .refine((url) => !url.username && !url.password, {
    error: 'must not contain credentials; use ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD',
  })
  .refine((url) => !url.hash, { error: 'must not have a fragment' })
  .refine((url) => !url.search || isRestRoute(url), {
    error:
      'may have no query but ?rest_route=/<namespace>/v1 (a WordPress site with plain permalinks)',
  })
  .transform((url) => {
    if (!url.search) return url.href.replace(/\/+$/, '');
    const route = (url.searchParams.get('rest_route') ?? '').replace(/\/+$/, '');
    return `${url.origin}${url.pathname}?rest_route=${route}`;
  });

/** A site's origin, as `ALLOWED_ORIGINS` lists them: a URL with nothing after the host. */
export const origin = z.string().transform((value, ctx) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    url.origin !== value.replace(/\/$/, '')
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not an origin like https://www.example.com`,
    });
    return z.NEVER;
  }
  return url.origin;
});

/** A secret: anything but empty. */
export const secret = z.string().min(1, { error: 'must not be empty' });
