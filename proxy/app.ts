/**
 * The proxy as a Hono app. Everything it needs is passed in (`AppDeps`), so tests build it
 * in memory with `app.request()` and `main.ts` wires it to Node, SQLite and the platform.
 *
 * @example
 * const app = createApp(deps);
 * const res = await app.request('/api/form', { headers: { origin: 'https://www.example.com' } });
 */
import { Hono, type Context } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { BotCheckOptions } from './bots/bot-check.ts';
import type { FormConfig } from './contract/schemas/form-config.ts';
import type { Logger } from './logger.ts';
import type { Deliverer } from './outbox/deliverer.ts';
import type { OutboxStore } from './outbox/store.ts';
import { enquiryRoute } from './routes/enquiry-route.ts';
import { publicRoutes } from './routes/public-routes.ts';
import type { WidgetAssets } from './widget-assets.ts';

export interface AppDeps {
  config: FormConfig;
  allowedOrigins: readonly string[];
  store: OutboxStore;
  deliverer: Pick<Deliverer, 'deliverNow' | 'paused'>;
  log: Logger;
  widget: WidgetAssets;
  /** How long a visitor waits for delivery before being told "queued". */
  deliveryDeadlineMs: number;
  bots: BotCheckOptions;
  turnstile?: { siteKey: string; scriptUrl: string };
  rateLimits: { perClientPerMinute: number; globalPerMinute: number };
  /** Bytes of submissions that may be in the middle of arriving at once (see `inFlightBytes`). */
  maxInFlightBytes: number;
  /** The visitor's IP address (from the socket, or a trusted proxy's X-Forwarded-For). */
  clientIp: (c: Context) => string;
  now: () => number;
}

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
