/**
 * `GET /admin/funnel` for a browser: the funnel as one of the console's pages
 * (`pages/funnel.ts`), behind the console's session like every other page. A machine's request
 * (a bearer token, `Accept: application/json` or `text/csv`, `?format=json|csv`) passes on to
 * the bearer route (`http/funnel-route.ts`), which answers as it always has; which is which is
 * `http/funnel-format.ts`'s to say, and the console's gate (`console-guard.ts`) asks it too.
 */
import { Hono } from 'hono';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { wantsFunnelPage } from '../http/funnel-format.ts';
import type { FunnelRouteDeps } from '../http/funnel-route.ts';
import { funnelQuery } from '../funnel/funnel-query.ts';
import { DEFAULT_MIN_COUNT, funnelReport, type FunnelResponse } from '../funnel/funnel-report.ts';
import { compareVariants, variantsOf } from '../funnel/funnel-summary.ts';
import type { FunnelFilter } from '../outbox/funnel-counts.ts';
import { needs, type ConsoleVariables } from './access.ts';
import { allows } from '../outbox/roles.ts';
import { askedOf, type FunnelAsked } from './pages/funnel-asked.ts';
import type { ComparisonData } from './pages/funnel-compare.ts';
import { funnelBody } from './pages/funnel.ts';
import { consolePage } from './pages/layout.ts';
import { askedTeam } from './pages/team-filter.ts';

/** What the funnel's page reads: the same report as the JSON's. */
export type FunnelPageDeps = Pick<FunnelRouteDeps, 'form' | 'store' | 'funnelMinCount' | 'now'>;

/**
 * The period's variants and the two the address compares (else the first two, in order). The
 * comparison reads every variant's rows, even when the tables show one variant only.
 */
async function comparison(
  deps: FunnelPageDeps,
  // The version the page shows, read once: a publish meanwhile cannot split the page.
  query: { config: FormConfig; filter: FunnelFilter; team?: string | undefined },
  shown: FunnelResponse,
  asked: FunnelAsked,
): Promise<ComparisonData> {
  const { variant, ...everyVariant } = query.filter;
  const rows =
    variant === undefined
      ? shown.rows
      : (await funnelReport(deps.store, query.config, everyVariant, minCount(deps), query.team))
          .rows;
  // Named variants first (A, B, …), then the visitors without one.
  const variants = variantsOf(rows).sort(
    (x, y) => Number(x === '') - Number(y === '') || x.localeCompare(y),
  );
  if (variants.length < 2) return { variants };
  const chosen = (name: 'compare' | 'with') => {
    const value = asked[name];
    return value !== undefined && variants.includes(value) ? value : undefined;
  };
  const a = chosen('compare') ?? variants[0] ?? '';
  const b = chosen('with') ?? variants.find((variant) => variant !== a) ?? '';
  return { variants, result: compareVariants(rows, a, b) };
}

/** `FUNNEL_MIN_COUNT`: the smallest count the console shows as it is (the overview's too). */
export const minCount = (deps: FunnelPageDeps) => deps.funnelMinCount ?? DEFAULT_MIN_COUNT;

/**
 * The overview's summary: the default period's true totals (of `team`'s groups, when given), the
 * groups too small to show included, and how many of those there were.
 */
export async function funnelTotals(
  deps: FunnelPageDeps,
  team?: string,
): Promise<Pick<FunnelResponse, 'totals' | 'withheld' | 'minCount'> | undefined> {
  const { config } = deps.form.current();
  if (config.analytics === false) return undefined;
  const query = funnelQuery(() => undefined, deps.now());
  if ('invalid' in query) return undefined;
  return funnelReport(deps.store, config, query.filter, minCount(deps), team);
}

/** The page's route, as a Hono app the console mounts behind its gate. */
export function funnelPageRoute(deps: FunnelPageDeps) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  app.get('/admin/funnel', async (c, next) => {
    // A machine's request: JSON or CSV from the bearer route, exactly as before the page.
    if (!wantsFunnelPage(c)) return next();
    // Who may read the funnel: a marketer and every role above (`access.ts`).
    if (!allows(c.get('session').role, 'marketer')) return needs('marketer')(c, next);
    const page = (body: ReturnType<typeof funnelBody>, status: 200 | 400 = 200) =>
      c.html(
        consolePage({
          title: 'Funnel',
          place: 'funnel',
          csrf: c.get('csrf'),
          who: c.get('session'),
          body,
        }),
        status,
      );
    const { config } = deps.form.current();
    const asked = askedOf((name) => c.req.query(name));
    const query = funnelQuery((name) => c.req.query(name), deps.now(), { emptyIsAny: true });
    if ('invalid' in query) return page(funnelBody({ config, asked, invalid: query.invalid }), 400);
    const { filter } = query;
    // A team the form does not have (an old bookmark) shows every team's funnel.
    const team = askedTeam(config, query.team);
    const shown = await funnelReport(deps.store, config, filter, minCount(deps), team);
    return page(
      funnelBody({
        config,
        asked: { ...asked, from: filter.from, to: filter.to, team },
        funnel: shown,
        comparison: await comparison(deps, { config, filter, team }, shown, asked),
        turnedOff: config.analytics === false,
      }),
    );
  });
  return app;
}
