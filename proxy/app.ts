/**
 * The proxy as a Hono app. Everything it needs is passed in (`AppDeps`), so tests build it
 * in memory with `app.request()` and `main.ts` wires it to Node, SQLite and the platform.
 *
 * @example
 * const app = createApp(deps);
 * const res = await app.request('/api/form', { headers: { origin: 'https://www.example.com' } });
 */
import { Hono } from 'hono';
import type { AppDeps } from './app-deps.ts';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { enquiryRoute } from './submission/enquiry-route.ts';
import { publicRoutes } from './http/public-routes.ts';

/** The proxy's Hono app, built from everything it depends on. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    deps.log.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(
    secureHeaders({
      // This API is meant to be used from other origins' pages.
      crossOriginResourcePolicy: 'cross-origin',
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    }),
  );

  app.route('/', publicRoutes(deps));
  app.route('/', enquiryRoute(deps));

  app.notFound((c) =>
    c.json(
      { error: 'not_found', message: `There is nothing at ${c.req.method} ${c.req.path}.` },
      404,
    ),
  );
  app.onError((error, c) => {
    deps.log.error(
      { err: error, requestId: c.get('requestId'), path: c.req.path },
      'unhandled error',
    );
    return c.json(
      { error: 'internal', message: 'Something went wrong on our side. Try again in a moment.' },
      500,
    );
  });
  return app;
}
