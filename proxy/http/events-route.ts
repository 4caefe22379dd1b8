/**
 * `POST /api/events`: one form view's funnel report (`navigator.sendBeacon`, so `text/plain`
 * and no answer read), checked against the configuration and added to the day's counters. The
 * report itself, the address it came from and the user agent are never stored: the address is
 * only a key of an in-memory rate limit. Off (404) while the version served says
 * `"analytics": false`; a request saying `Sec-GPC: 1` is answered and not counted.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CurrentForm } from '../studio/live-form.ts';
import type { Logger } from '../logger.ts';
import { FUNNEL_REPORT_MAX_BYTES } from '../contract/funnel.ts';
import { rateLimitKey } from './client-ip.ts';
import { requireAllowedOrigin, type OriginOptions } from './origin.ts';
import { rateLimit } from './rate-limit.ts';
import { Refusal } from './refusal.ts';
import { funnelDay } from '../outbox/funnel-counts.ts';
import type { FunnelAdmission } from '../funnel/admission.ts';
import { ReportRefused, tallyOfReport } from '../funnel/check-report.ts';

/** What `POST /api/events` reads. */
export interface EventsRouteDeps {
  form: CurrentForm;
  allowedOrigins: readonly string[];
  /** Told the `Origin` of each refused request (`http/origin-refusals.ts`). */
  onOriginRefused?: OriginOptions['onOriginRefused'];
  log: Logger;
  clientIp: (c: Context) => string;
  now: () => number;
}

/**
 * The events route, as a Hono app to mount at `/`; `funnel` admits its tallies and holds the
 * reports' allowances (`funnel/admission.ts`), which the page without JavaScript shares.
 */
export function eventsRoute(deps: EventsRouteDeps, funnel: FunnelAdmission): Hono {
  const app = new Hono();
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));
  app.post(
    '/api/events',
    async (c, next) => {
      if (deps.form.current().config.analytics === false) return c.notFound();
      await next();
    },
    requireAllowedOrigin(deps),
    rateLimit({ limiters: [funnel.perClient, funnel.forAll], shared: [funnel.forAll], clientKey }),
    bodyLimit({
      maxSize: FUNNEL_REPORT_MAX_BYTES,
      onError: () => {
        throw Refusal.tooLarge('A funnel report is small.');
      },
    }),
    async (c) => {
      if (c.req.header('sec-gpc') === '1') return c.body(null, 204);
      try {
        const { config } = deps.form.current();
        const tally = tallyOfReport(config, await c.req.text(), funnelDay(deps.now()));
        await funnel.add(tally, clientKey(c));
        return c.body(null, 204);
      } catch (error) {
        if (!(error instanceof ReportRefused)) throw error;
        deps.log.info({ reason: error.message }, 'funnel report refused');
        throw new Refusal(400, { error: 'invalid_report', message: error.message });
      }
    },
  );
  return app;
}
