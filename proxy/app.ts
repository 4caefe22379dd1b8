/**
 * The proxy as a Hono app. Everything it needs is passed in (`AppDeps`), so tests build it
 * in memory with `app.request()` and `main.ts` wires it to Node, SQLite and the platform.
 *
 * @example
 * const app = createApp(deps);
 * const res = await app.request('/api/form', { headers: { origin: 'https://www.example.com' } });
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from './app-deps.ts';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { enquiryRoute } from './intake/enquiry-route.ts';
import { nodeRequestOf } from './intake/upload-guard.ts';
import { uploadRoutes } from './intake/uploads/upload-routes.ts';
import { DEFAULT_UPLOAD_EXPIRY_HOURS } from './intake/uploads/upload-deps.ts';
import { draftRoutes } from './intake/drafts/draft-routes.ts';
import { draftPageRoute } from './intake/drafts/draft-page-route.ts';
import { unfinishedRoutes } from './intake/unfinished/unfinished-routes.ts';
import { unfinishedPageRoute } from './intake/unfinished/unfinished-page-route.ts';
import { eventsRoute } from './http/events-route.ts';
import { funnelRoute } from './http/funnel-route.ts';
import { healthRoutes } from './http/health-routes.ts';
import { isWidgetFile, publicRoutes } from './http/public-routes.ts';
import { slotsRoute } from './http/slots-route.ts';
import { calendarFeedRoute } from './http/calendar-feed-route.ts';
import { callPageRoute } from './intake/page/call-page-route.ts';
import { noScriptRoutes } from './intake/page/form-route.ts';
import { consoleRoutes } from './console/console-routes.ts';
import { FunnelAdmission } from './funnel/admission.ts';
import { originRefusalLog } from './http/origin-refusals.ts';
import { StoreUnavailableError } from './outbox/store.ts';
import { logFailure } from './outbox/outage-log.ts';
import { Refusal } from './http/refusal.ts';
import { refusalAnswers } from './intake/answer-refusal.ts';

/**
 * A request's path as the logs name it: an invitation link's token, an upload's id and a form
 * preview's key are what let their holder go on (register a passkey as the person invited; add
 * to, read the verdict of or delete the upload; use the preview of a session), so they are left
 * out.
 */
const loggedPath = (path: string): string =>
  path.replace(
    /^(\/admin\/invitation\/|\/api\/uploads\/|\/admin\/form\/preview\/api\/)[^/]+/,
    '$1…',
  );

/** The proxy's Hono app, built from everything it depends on. */
export function createApp(deps: AppDeps): Hono<{ Variables: RequestIdVariables }> {
  const app = new Hono<{ Variables: RequestIdVariables }>();

  // Our own ids only (headerName ''): a client's X-Request-Id could be chosen to collide with
  // another request's, or to forge a log line. It is logged beside ours, as what it is.
  app.use(requestId({ headerName: '' }));
  app.use(async (c, next) => {
    c.header('X-Request-Id', c.get('requestId'));
    const started = performance.now();
    await next();
    const clientRequestId = c.req.header('x-request-id')?.slice(0, 200);
    deps.log.info(
      {
        requestId: c.get('requestId'),
        ...(clientRequestId ? { clientRequestId } : {}),
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  const everyHeader = secureHeaders({
    // This API is meant to be used from other origins' pages.
    crossOriginResourcePolicy: 'cross-origin',
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    // A route's own policy stands (the pages of the form without JavaScript have one).
    overwrite: false,
  });
  // The widget's scripts (and their source maps) get only what a script is read by: nosniff,
  // which keeps a browser from running anything not served as JavaScript, the resource policy
  // (and the route's CORS) that let another origin's page load them, and HSTS, which holds for
  // the whole host. The others are a document's (framing, opener, referrer, the old XSS filter,
  // DNS prefetch, downloads, Flash, a CSP for a page) and mean nothing on a script: they were
  // about 280 bytes ahead of the widget's first byte, 5 ms at 50 kB/s on a slow phone.
  const scriptHeaders = secureHeaders({
    crossOriginResourcePolicy: 'cross-origin',
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    overwrite: false,
  });
  app.use((c, next) => (isWidgetFile(c.req.path) ? scriptHeaders : everyHeader)(c, next));

  // One gate for every route that adds to the funnel's counters, so their allowances are one.
  const funnel = new FunnelAdmission(deps);
  // One log of refused origins for every route that refuses them, so each is named once a minute.
  const withRefusals = {
    ...deps,
    onOriginRefused:
      deps.onOriginRefused ??
      originRefusalLog(deps.log, deps.allowedOrigins, { now: () => deps.now() }),
  };
  app.route('/', publicRoutes(withRefusals));
  app.route('/', slotsRoute(withRefusals));
  app.route('/', calendarFeedRoute(deps));
  app.route('/', callPageRoute(deps));
  app.route('/', noScriptRoutes(deps, funnel));
  app.route('/', healthRoutes(deps));
  app.route('/', consoleRoutes(deps));
  app.route('/', enquiryRoute(withRefusals, funnel));
  if (deps.uploads)
    app.route(
      '/',
      uploadRoutes({
        ...withRefusals,
        uploads: deps.uploads,
        uploadExpiryMs: deps.uploadExpiryMs ?? DEFAULT_UPLOAD_EXPIRY_HOURS * 3_600_000,
      }),
    );
  if (deps.drafts) {
    const drafting = {
      ...withRefusals,
      ...deps.drafts,
      drafts: deps.drafts.store,
      // The drafts' own limits take the name `limits`; a save's body is guarded as an enquiry's.
      submissionLimits: deps.limits,
      uploadExpiryMs: deps.uploadExpiryMs ?? DEFAULT_UPLOAD_EXPIRY_HOURS * 3_600_000,
    };
    app.route('/', draftRoutes(drafting));
    app.route('/', draftPageRoute(drafting));
  }
  if (deps.unfinished) {
    const keeping = {
      ...withRefusals,
      ...deps.unfinished,
      unfinished: deps.unfinished.store,
      // The routes' own limits take the name `limits`; the page's body is guarded as an enquiry's.
      submissionLimits: deps.limits,
    };
    app.route('/', unfinishedRoutes(keeping, funnel));
    app.route('/', unfinishedPageRoute(keeping, funnel));
  }
  app.route('/', eventsRoute(withRefusals, funnel));
  app.route('/', funnelRoute(deps));

  app.notFound((c) =>
    c.json(
      { error: 'not_found', message: `There is nothing at ${c.req.method} ${c.req.path}.` },
      404,
    ),
  );
  // Every refusal of every route is answered here, and only here (`intake/answer-refusal.ts`).
  const answerRefusal = refusalAnswers(deps);
  app.onError((error, c) => {
    // A client that went away mid-request is no fault of ours, and gets no answer anyway.
    if (clientWentAway(c)) {
      deps.log.info(
        { requestId: c.get('requestId'), path: loggedPath(c.req.path) },
        'the client went away',
      );
      return c.body(null, 400);
    }
    if (error instanceof Refusal) return answerRefusal(c, error);
    if (error instanceof StoreUnavailableError) {
      // Nothing was stored and nothing is lost: the visitor's form keeps what they typed.
      // Told once per outage (`outbox/outage-log.ts`), not once per request.
      logFailure(
        deps.log,
        error,
        { requestId: c.get('requestId'), path: loggedPath(c.req.path) },
        'answered 503: the outbox database is unavailable',
      );
      return answerRefusal(c, Refusal.storageUnavailable());
    }
    deps.log.error(
      { err: error, requestId: c.get('requestId'), path: loggedPath(c.req.path) },
      'unhandled error',
    );
    // Answered as a refusal is, so a browser without JavaScript still gets a page, not JSON.
    return answerRefusal(c, Refusal.internal());
  });
  return app;
}

/**
 * Whether the client closed its connection before its request ended. A guarded body is read from
 * Node's request itself (`intake/upload-guard.ts`), so no web `Request`, whose signal would say
 * so, may have been made for it: Node's request, destroyed before complete, says it then.
 */
function clientWentAway(c: Context): boolean {
  const incoming = nodeRequestOf(c);
  if (incoming?.destroyed && !incoming.complete) return true;
  return c.req.raw.signal.aborted;
}
