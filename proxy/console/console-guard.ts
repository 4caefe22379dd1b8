/**
 * Who may use the console, and how a request proves it: the console exists once someone can
 * sign in (`ADMIN_TOKEN`, `OIDC_ISSUER`, or a person invited with a passkey); every page is under
 * a strict Content-Security-Policy; a POST from another site is refused by its `Sec-Fetch-Site`
 * or `Origin` before anything else; every page but the sign-in's wants a session (found in the
 * outbox, so a removed person is refused at once on every instance), every POST its CSRF token.
 * The ways in (`sign-in-routes.ts`: the token, passkeys, the identity provider) are mounted here.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie } from 'hono/cookie';
import { wantsFunnelPage } from '../http/funnel-format.ts';
import { publicOrigin, type PublicOriginOptions } from '../http/public-origin.ts';
import { consoleAudit, formOf, refusal, type ConsoleVariables } from './access.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { crossSiteWords } from './console-address.ts';
import type { ConsoleDeps, ConsoleRouteDeps } from './console-deps.ts';
import { SESSION_COOKIE, SessionKeys } from './session.ts';

export type { ConsoleVariables } from './access.ts';

export type { ConsoleDeps, ConsoleRouteDeps } from './console-deps.ts';

/**
 * Same origin only, no inline anything, nothing from elsewhere (as the demo site); the one
 * script is the console's own, for passkeys.
 */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Under `/admin/` but not behind a session: the bearer-token routes other tools read, the
 * stylesheet and script the sign-in pages need, and the ways in themselves.
 */
const OPEN_PATHS = new Set([
  '/admin/status',
  '/admin/funnel',
  '/admin/console.css',
  '/admin/console.js',
  // A host's calendar sign-in coming back from the provider's site: its own flow cookie and the
  // session it names are checked there (`calendar-sign-in-routes.ts`).
  '/admin/calendar/callback',
]);
/**
 * The form preview's widget sends no cookie (it never does): its requests carry a key of the
 * session in their address instead, checked by the preview's routes (`studio/preview-routes.ts`).
 */
const PREVIEW_API = '/admin/form/preview/api/';
const OPEN_PREFIXES = [
  '/admin/sign-in',
  '/admin/invitation/',
  '/admin/passkeys/',
  '/admin/oidc/',
  PREVIEW_API,
];
/** Open to all but a browser asking for the funnel's page, which is the console's (a session's). */
const open = (c: Context) => {
  const path = c.req.path;
  if (path === '/admin/funnel' && wantsFunnelPage(c)) return false;
  return OPEN_PATHS.has(path) || OPEN_PREFIXES.some((p) => path.startsWith(p));
};

/**
 * The most a POST to the console may weigh: its forms and a passkey's answer are a few KB. The
 * ways in are posted to before anyone is signed in, so a larger body is refused, not read whole.
 */
const MAX_POST_BYTES = 64 * 1024;
const postLimit = bodyLimit({
  maxSize: MAX_POST_BYTES,
  onError: (c) => refusal(c, 413, 'That is far larger than any form of this console.'),
});

/** True when a browser says the request comes from another site (or from nowhere it names). */
function crossSite(c: Context, reached: PublicOriginOptions): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = c.req.header('origin');
  return origin !== undefined && origin !== publicOrigin(c, reached).origin;
}

/** The console's gate and its ways in, as a Hono app to mount at `/`. */
export function consoleGuard(deps: ConsoleRouteDeps, parts: ConsoleDeps) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const keys = new SessionKeys(deps.adminToken ?? '', parts.sessionSecret, parts.store);
  const reached = { publicUrl: deps.publicUrl, fromTrustedProxy: parts.fromTrustedProxy };

  app.use('/admin/*', async (c: Context, next) => {
    // Nobody could sign in: the console is not there at all.
    if (!deps.adminToken && !parts.oidc && !(await parts.store.anyPeople())) return c.notFound();
    c.header('Content-Security-Policy', CONSOLE_CSP);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Robots-Tag', 'noindex');
    if (c.req.method === 'POST' && crossSite(c, reached))
      return refusal(c, 403, crossSiteWords(c, reached));
    await next();
  });
  // A preview's send is an enquiry with its files: its route reads it within the draft's limits.
  app.on('POST', '/admin/*', (c, next) =>
    c.req.path.startsWith(PREVIEW_API) ? next() : postLimit(c, next),
  );

  app.route('/', signInRoutes({ deps, parts, keys, reached }));

  const signedIn: MiddlewareHandler<{ Variables: ConsoleVariables }> = async (c, next) => {
    const path = c.req.path;
    if (open(c)) {
      // The funnel is read by machines with the token, and by a signed-in person's browser.
      if (path === '/admin/funnel') {
        const session = await keys.verify(getCookie(c, SESSION_COOKIE), deps.now());
        if (session) c.set('signedIn', session);
      }
      return next();
    }
    const session = await keys.verify(getCookie(c, SESSION_COOKIE), deps.now());
    if (!session) {
      if (c.req.method === 'GET') return c.redirect('/admin/sign-in', 303);
      return refusal(c, 401, 'You are signed out (the session ended, or the token changed).');
    }
    c.set('session', session);
    c.set('signedIn', session);
    c.set('csrf', keys.csrfToken(session.id));
    if (c.req.method === 'POST') {
      const form = await formOf(c);
      if (!keys.csrfMatches(form.csrf, session.id))
        return refusal(c, 403, 'This form is out of date. Go back, reload the page and try again.');
      c.set('form', form);
    }
    await next();
  };
  app.use('/admin/*', signedIn);

  app.post('/admin/sign-out', async (c) => {
    await keys.end(c.get('session'));
    deleteCookie(c, SESSION_COOKIE, { path: '/admin' });
    await consoleAudit({ ...deps, store: parts.store }, c, { action: 'sign-out' });
    return c.redirect('/admin/sign-in', 303);
  });
  return app;
}
