/**
 * `GET /admin/funnel?from=&to=&case-type=&campaign=&variant=` behind `ADMIN_TOKEN` or a console
 * session (a marketer's or above, `http/admin-only.ts`): the funnel of a period
 * (`funnel-report.ts`, read as `funnel-query.ts` says) as JSON, or as CSV with
 * `Accept: text/csv` or `?format=csv` (`funnel-format.ts`). A browser asking for a page is
 * answered by the console (`console/funnel-page-route.ts`), before this route.
 */
import { Hono } from 'hono';
import type { CurrentForm } from '../studio/live-form.ts';
import type { FunnelCounters } from '../outbox/store.ts';
import { adminOnly, type AdminTokenDeps } from './admin-only.ts';
import { funnelFormat } from './funnel-format.ts';
import { funnelCsv } from '../funnel/funnel-csv.ts';
import { funnelQuery } from '../funnel/funnel-query.ts';
import { DEFAULT_MIN_COUNT, funnelReport } from '../funnel/funnel-report.ts';

/** What `GET /admin/funnel` reads (without `adminToken`, it answers 404). */
export interface FunnelRouteDeps extends AdminTokenDeps {
  form: CurrentForm;
  store: Pick<FunnelCounters, 'funnelCells'>;
  /** Funnel cells with fewer starts are merged into "other" (`FUNNEL_MIN_COUNT`, default 10). */
  funnelMinCount?: number | undefined;
}

/** The funnel route, as a Hono app to mount at `/`. */
export function funnelRoute(deps: FunnelRouteDeps): Hono {
  const app = new Hono();
  app.get('/admin/funnel', adminOnly(deps, { orSignedIn: 'marketer' }), async (c) => {
    c.header('Cache-Control', 'no-store');
    const format = funnelFormat(c);
    if (format === 'invalid')
      return c.json({ error: 'invalid_format', message: 'format is html, json or csv.' }, 400);
    const query = funnelQuery((name) => c.req.query(name), deps.now());
    if ('invalid' in query) return c.json({ error: 'invalid_period', message: query.invalid }, 400);
    const { filter } = query;
    const funnel = await funnelReport(
      deps.store,
      deps.form.current().config,
      filter,
      deps.funnelMinCount ?? DEFAULT_MIN_COUNT,
    );
    if (format === 'csv')
      return c.body(funnelCsv(funnel), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="funnel-${filter.from}-${filter.to}.csv"`,
      });
    return c.json(funnel);
  });
  return app;
}
