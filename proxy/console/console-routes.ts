/**
 * The firm's console at `/admin/`: the overview, the leads and one lead, with the routes of what
 * can be done to one (`lead-action-routes.ts`: retry now, leave a refused file out, erase, export,
 * download a kept file), hosts' calls and calendars (`calls-and-calendars-routes.ts`), and the
 * unfinished enquiries (`unfinished-routes.ts`). It reads and acts through the same store queries
 * and operator code as `npm run outbox`, and writes each action to the audit log with who did
 * it. Each route names the role it needs (`access.ts`: a marketer reads the overview's counts,
 * staff the leads and the teams (`needsTo('read leads')`), an operator people and settings); the
 * gate is `console-guard.ts`, people `people-routes.ts`, teams `team-routes.ts`.
 */
import { Hono, type Context } from 'hono';
import type { SubmissionState } from '../outbox/submission.ts';
import { allows } from '../outbox/roles.ts';
import { consoleAudit, needs, needsTo, type ConsoleVariables } from './access.ts';
import { consoleGuard, type ConsoleRouteDeps } from './console-guard.ts';
import { peopleRoutes } from './people-routes.ts';
import { SessionKeys } from './session.ts';
import { studioRoutes } from './studio/studio-routes.ts';
import { teamRoutes } from './team-routes.ts';
import { PASSKEY_SCRIPT } from './passkey-script.ts';
import { consolePage, STATE_WORDS } from './pages/layout.ts';
import { leadBody } from './pages/lead.ts';
import { leadsBody } from './pages/leads.ts';
import { overviewBody } from './pages/overview.ts';
import { askedTeam } from './pages/team-filter.ts';
import { CHART_DAYS } from './pages/chart.ts';
import { leadCalls } from '../booking/call-changes.ts';
import type { CallPageRouteDeps } from '../intake/page/call-page-route.ts';
import { CONSOLE_CSS } from './style.ts';
import { CALL_WORDS } from './call-routes.ts';
import { MARK_DONE } from './call-mark-route.ts';
import { RETRY_WORDS } from './retry-outcome.ts';
import { callsAndCalendarsRoutes } from './calls-and-calendars-routes.ts';
import { leadActionRoutes } from './lead-action-routes.ts';
import { unfinishedRoutes } from './unfinished-routes.ts';
import {
  funnelPageRoute,
  funnelTotals,
  minCount,
  type FunnelPageDeps,
} from './funnel-page-route.ts';

/** Leads on one page of the list. */
const PAGE_SIZE = 50;
/** What an action did, by the word the redirect carries (never text from the address). */
const DONE: Readonly<Record<string, string>> = {
  ...RETRY_WORDS,
  ...CALL_WORDS,
  ...MARK_DONE,
  busy: 'The lead is being delivered right now; look again in a moment.',
  skipped: 'The refused file is left out.',
  needs_confirm:
    'Not erased: tick “Yes, erase” beside the button to confirm; an erasure cannot be undone.',
  needs_force:
    'Not erased: the platform does not have this lead yet. Tick the box to confirm that the firm may never receive it.',
  erased: 'The lead is erased: its details, files and notifications are gone from the proxy.',
};

/**
 * The notice for the address's `done` word: only DONE's own words, so that `constructor`,
 * `__proto__` or `toString` (an object's inherited names) show nothing.
 */
const doneText = (word: string | undefined) =>
  word !== undefined && Object.hasOwn(DONE, word) ? DONE[word] : undefined;

/** The console's routes; an empty app without the console's parts. */
export function consoleRoutes(
  deps: ConsoleRouteDeps & FunnelPageDeps & CallPageRouteDeps,
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const parts = deps.console;
  if (!parts) return app;
  const store = parts.store;
  const audit = (c: Context, action: string, reference: string, detail?: string) =>
    consoleAudit({ ...deps, store }, c, { action, reference, detail });
  const page = (
    c: Context<{ Variables: ConsoleVariables }>,
    options: Omit<Parameters<typeof consolePage>[0], 'csrf' | 'who'>,
  ) => c.html(consolePage({ ...options, csrf: c.get('csrf'), who: c.get('session') }));

  app.get('/admin', (c) => c.redirect('/admin/', 301));
  app.get('/admin/console.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(CONSOLE_CSS);
  });
  app.get('/admin/console.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(PASSKEY_SCRIPT);
  });
  app.route('/', consoleGuard(deps, parts));
  app.route('/', funnelPageRoute(deps));

  // Every signed-in role sees the overview's counts; the audit log names people and leads
  // (staff), the platform's state and checks are the settings (operators).
  app.get('/admin/', needs('marketer'), async (c) => {
    const now = deps.now();
    const role = c.get('session').role;
    const { config } = deps.form.current();
    const team = askedTeam(config, c.req.query('team'));
    const body = overviewBody({
      now,
      config,
      team,
      days: await store.dailyCounts(now, CHART_DAYS, team),
      counts: await store.counts(team),
      minCount: minCount(deps),
      leadLinks: allows(role, 'staff'),
      ...(allows(role, 'operator')
        ? {
            settings: {
              pause: deps.deliverer.pauseState,
              outage: await store.platformOutage(),
              upstreamDown: deps.deliverer.upstreamDown,
              lastCheck: parts.lastCheck(),
            },
          }
        : {}),
      ...(allows(role, 'staff') ? { audit: await store.listAudit({ limit: 20 }) } : {}),
      funnel: await funnelTotals(deps, team),
    });
    return page(c, { title: 'Overview', place: 'overview', body });
  });

  app.use('/admin/unfinished', needs('marketer'));
  app.use('/admin/unfinished/*', needs('marketer'));
  app.route('/', unfinishedRoutes({ ...deps, store, config: () => deps.form.current().config }));
  app.route('/', peopleRoutes(deps, parts));
  app.route('/', teamRoutes({ ...deps, store }));
  if (deps.studio)
    app.route(
      '/',
      studioRoutes({
        ...deps,
        // The funnel's counters and the audit log: both the outbox's.
        store: {
          funnelCells: (...a) => deps.store.funnelCells(...a),
          recordAudit: (e) => store.recordAudit(e),
        },
        studio: deps.studio,
        keys: new SessionKeys(deps.adminToken ?? '', parts.sessionSecret, store),
        surroundings: {
          visitorEmail: deps.aftercare?.emailOn === true,
          teamEmail: deps.aftercare?.noticesOn === true,
          webhookUrls: deps.studio.around.webhookUrls ?? [],
        },
      }),
    );

  app.use('/admin/leads', needsTo('read leads'));
  app.use('/admin/leads/*', needsTo('read leads'));
  app.get('/admin/leads', async (c) => {
    const state = c.req.query('state') as SubmissionState | undefined;
    const before = Number(c.req.query('before'));
    const search = c.req.query('q')?.trim();
    const filter = {
      limit: PAGE_SIZE,
      ...(state && state in STATE_WORDS ? { state } : {}),
      ...(search ? { search } : {}),
      ...(Number.isSafeInteger(before) && before > 0 ? { before } : {}),
    };
    // One more than a page says whether an older page exists.
    const found = await store.leadPage({ ...filter, limit: PAGE_SIZE + 1 });
    const leads = found.slice(0, PAGE_SIZE);
    const body = leadsBody({
      filter,
      leads,
      olderThan: found.length > PAGE_SIZE ? leads.at(-1)?.id : undefined,
      done: doneText(c.req.query('done')),
    });
    return page(c, { title: 'Leads', place: 'leads', body });
  });

  app.get('/admin/leads/:reference', async (c) => {
    const lead = await store.get(c.req.param('reference'));
    if (!lead) return c.notFound();
    const repeatOf = lead.routing?.repeatOf;
    const { config } = deps.form.current();
    const body = leadBody({
      team: {
        // As it was routed; a lead routed before labels were kept reads today's.
        label: lead.routing?.label ?? config.routing?.teams[lead.routing?.team ?? '']?.label,
        earlierKept: repeatOf ? (await store.get(repeatOf)) !== null : false,
        repeatedBy: await store.repeatsOf(lead.reference),
      },
      lead,
      notifications: await store.notificationsFor(lead.reference),
      webhooks: await store.listWebhooks({ reference: lead.reference, limit: 50 }),
      audit: await store.listAudit({ reference: lead.reference, limit: 50 }),
      consentIds: new Set(config.consent?.statements.map((s) => s.id) ?? []),
      caseTypeLabel: config.caseTypes.find((t) => t.id === lead.upstream.case_type)?.label,
      done: doneText(c.req.query('done')),
      csrf: c.get('csrf'),
      now: deps.now(),
      holds: { outage: await store.platformOutage(), pause: deps.deliverer.pauseState },
      calls: deps.callChanges ? await leadCalls(deps.callChanges, lead.reference) : [],
    });
    return page(c, { title: `Lead ${lead.reference}`, place: 'none', body });
  });

  app.route('/', callsAndCalendarsRoutes(deps, parts, audit));
  app.route('/', leadActionRoutes(deps, parts, audit));
  return app;
}
