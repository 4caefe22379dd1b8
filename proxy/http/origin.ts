/**
 * Who may use the API from a browser. A multipart POST is a "simple" request that needs no
 * CORS preflight, so CORS alone would not stop another site's page from submitting: the
 * server itself refuses any `Origin` that is not allowed.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { Refusal } from './refusal.ts';

/** The origins whose pages may submit. */
export interface OriginOptions {
  allowedOrigins: readonly string[];
  /** `PUBLIC_URL`: the proxy's own origin as browsers reach it behind a reverse proxy. */
  publicUrl?: string | undefined;
  /** Told the `Origin` of each refused request (`originRefusalLog`: the operator's log). */
  onOriginRefused?: ((origin: string | undefined) => void) | undefined;
}

/** What the widget reads of a submission's answer, to say when to try again. */
const EXPOSED_HEADERS = ['Retry-After', 'RateLimit', 'RateLimit-Policy'];

/**
 * CORS for the submission route, answered only for allowed origins. A preflight is Hono's
 * `cors`; a POST gets the same headers set before the route answers, never after: a header
 * added to a finished response makes Hono and `@hono/node-server` copy it into a full web
 * Response and stream it out, about 0.15 ms of CPU an enquiry (issue #61).
 */
export const submissionCors = ({ allowedOrigins }: OriginOptions): MiddlewareHandler => {
  const preflight = cors({
    origin: (origin) => (allowedOrigins.includes(origin) ? origin : null),
    allowMethods: ['POST'],
    allowHeaders: ['Content-Type', 'Idempotency-Key'],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  const exposed = EXPOSED_HEADERS.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = c.req.header('origin') ?? '';
    if (allowedOrigins.includes(origin)) c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', exposed);
    c.header('Vary', 'Origin', { append: true });
    await next();
  };
};

/**
 * Submitting needs an allowed `Origin` (browsers always send one with a POST), or the proxy's
 * own: the form without JavaScript (`GET /form`) is served by the proxy and posts to it. Its own
 * is `PUBLIC_URL`'s, or the `Host` the request reached (which a reverse proxy on a port of its
 * own does not carry: `$host` has no port).
 */
export const requireAllowedOrigin =
  ({ allowedOrigins, publicUrl, onOriginRefused }: OriginOptions): MiddlewareHandler =>
  async (c, next) => {
    const origin = c.req.header('origin');
    const own = (value: string) =>
      value === publicUrl || (publicUrl === undefined && isOwnOrigin(value, c.req.header('host')));
    if (origin && (allowedOrigins.includes(origin) || own(origin))) return next();
    onOriginRefused?.(origin);
    throw Refusal.originNotAllowed(origin);
  };

/** True when `origin` names this server as the request reached it (`Host`, kept by nginx). */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * For the public, read-only routes: any page may read them (`*`, so the widget can read a
 * refusal and explain it), but a page on an origin that may not submit is told so at once,
 * before its visitor types anything. Requests without `Origin` (curl, servers) are served.
 */
export const publicReadOrigin =
  ({ allowedOrigins, onOriginRefused }: OriginOptions): MiddlewareHandler =>
  async (c, next) => {
    c.header('Access-Control-Allow-Origin', '*');
    const origin = c.req.header('origin');
    if (origin === undefined || allowedOrigins.includes(origin)) return next();
    onOriginRefused?.(origin);
    throw Refusal.originNotAllowed(origin);
  };
