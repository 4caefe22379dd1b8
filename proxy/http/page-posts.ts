/**
 * The door of a small JSON POST a visitor's page makes to the proxy (a saved enquiry's, an
 * unfinished enquiry's): CORS answered for allowed origins only, an allowed `Origin` required by
 * the server itself (a page of another site is refused whatever CORS would do), the body's size
 * bounded before it is read, the answer never cached, and the route's limits taken.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requireAllowedOrigin, type OriginOptions } from './origin.ts';
import { Refusal } from './refusal.ts';

/** How one route's posts are held. */
export interface PagePostOptions {
  /** The largest body taken, and what the refusal of a larger one says (in English). */
  maxBytes: number;
  tooLarge: string;
  /** Takes the route's allowances for this request, or throws its refusal (a 429). */
  limits: (c: Context) => Promise<void>;
}

/**
 * Guards `path` of `app` as a page's JSON posts: mount each path once (a wildcard would match a
 * sibling path too, and take its allowance twice).
 *
 * @example guardPagePosts(app, '/api/drafts', deps, { maxBytes, tooLarge, limits })
 */
export function guardPagePosts(
  app: Hono,
  path: string,
  deps: OriginOptions,
  options: PagePostOptions,
): void {
  app.use(
    path,
    cors({
      origin: (origin) => (deps.allowedOrigins.includes(origin) ? origin : null),
      allowMethods: ['POST'],
      allowHeaders: ['Content-Type'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  app.post(
    path,
    requireAllowedOrigin(deps),
    bodyLimit({
      maxSize: options.maxBytes,
      onError: () => {
        throw Refusal.tooLarge(options.tooLarge);
      },
    }),
    async (c, next) => {
      c.header('Cache-Control', 'no-store');
      await options.limits(c);
      await next();
    },
  );
}
