/**
 * `GET /admin/funnel?from=&to=&case-type=&campaign=&variant=` behind `ADMIN_TOKEN` or a console
 * session (a marketer's or above, `http/admin-only.ts`): the funnel
 * of a period (`funnel-report.ts`) as JSON, or as CSV with `Accept: text/csv`. Days are UTC
 * dates, both included; without them, the last 30 days up to today.
 */
import { Hono } from 'hono';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { FunnelCounters } from '../outbox/store.ts';
import { adminOnly, type AdminTokenDeps } from './admin-only.ts';
import { funnelDay, type FunnelFilter } from '../outbox/funnel-counts.ts';
import { funnelCsv } from '../funnel/funnel-csv.ts';
import { funnelReport } from '../funnel/funnel-report.ts';

const DAY_MS = 86_400_000;
/** The longest period one request may sum: a year and a day. */
const MAX_DAYS = 366;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that names a real day, as epoch milliseconds; NaN otherwise. */
const dayAt = (day: string) =>
  DATE.test(day) && funnelDay(Date.parse(day)) === day ? Date.parse(day) : NaN;

/** What `GET /admin/funnel` reads (without `adminToken`, it answers 404). */
export interface FunnelRouteDeps extends AdminTokenDeps {
  config: FormConfig;
  store: Pick<FunnelCounters, 'funnelCells'>;
  /** Funnel cells with fewer starts are merged into "other" (`FUNNEL_MIN_COUNT`, default 10). */
  funnelMinCount?: number | undefined;
}

/** The funnel route, as a Hono app to mount at `/`. */
export function funnelRoute(deps: FunnelRouteDeps): Hono {
  const app = new Hono();
  app.get('/admin/funnel', adminOnly(deps, { orSignedIn: 'marketer' }), async (c) => {
    c.header('Cache-Control', 'no-store');
    const to = c.req.query('to') ?? funnelDay(deps.now());
    const from = c.req.query('from') ?? funnelDay(dayAt(to) - 29 * DAY_MS || deps.now());
    const span = (dayAt(to) - dayAt(from)) / DAY_MS;
    if (!(span >= 0 && span < MAX_DAYS))
      return c.json(
        {
          error: 'invalid_period',
          message: `from and to are days (YYYY-MM-DD), from not after to, at most ${String(MAX_DAYS)} days apart.`,
        },
        400,
      );
    const filter: FunnelFilter = { from, to };
    const caseType = c.req.query('case-type');
    const campaign = c.req.query('campaign');
    const variant = c.req.query('variant');
    if (caseType !== undefined) filter.caseType = caseType;
    if (campaign !== undefined) filter.campaign = campaign;
    if (variant !== undefined) filter.variant = variant;
    const funnel = await funnelReport(deps.store, deps.config, filter, deps.funnelMinCount ?? 10);
    if (c.req.header('accept')?.includes('text/csv'))
      return c.body(funnelCsv(funnel), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="funnel-${from}-${to}.csv"`,
      });
    return c.json(funnel);
  });
  return app;
}
