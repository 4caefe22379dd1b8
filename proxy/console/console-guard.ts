/**
 * Who may use the console, and how a request proves it: the console exists only with
 * `ADMIN_TOKEN`; every page is under a strict Content-Security-Policy; a POST from another site
 * is refused by its `Sec-Fetch-Site` or `Origin` before anything else; and every page but the
 * sign-in wants a session, every POST its CSRF token. Sign-in and sign-out live here too.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import type { CheckRecord } from '../client/check.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { Deliverer } from '../delivery/deliverer.ts';
import type {
  AuditLog,
  OperatorView,
  Settings,
  SubjectRights,
  WebhookDeliveries,
} from '../outbox/store.ts';
import { checkAdminToken, type AdminTokenDeps } from '../http/admin-only.ts';
import { wantsFunnelPage } from '../http/funnel-format.ts';
import { publicOrigin, type PublicOriginOptions } from '../http/public-origin.ts';
import { barePage } from './pages/layout.ts';
import { signInPage } from './pages/sign-in.ts';
import {
  SESSION_COOKIE,
  SESSION_MS,
  SessionKeys,
  SIGN_IN_COOKIE,
  signInNonce,
  type Session,
} from './session.ts';

/** What the firm's console reads and acts through. */
export interface ConsoleDeps {
  /** The same reads and actions as `npm run outbox`, the session epoch, the audit log. */
  store: OperatorView &
    Settings &
    AuditLog &
    Pick<WebhookDeliveries, 'listWebhooks'> &
    Pick<SubjectRights, 'erase'>;
  /** Where uploads are spooled (`DATA_DIR/incoming`), so an erasure removes any copy left there. */
  spoolDir?: string | undefined;
  /**
   * A secret of the outbox's, mixed with the token into the key of sessions and CSRF tokens: the
   * sign-in form's CSRF token, given to anyone, must not let a guess of the token be checked
   * offline.
   */
  sessionSecret: string;
  /** The last platform check (at start, or while paused), once one has run. */
  lastCheck: () => CheckRecord | undefined;
  /** True when the request came through one of `TRUSTED_PROXIES` (its X-Forwarded-* count). */
  fromTrustedProxy: PublicOriginOptions['fromTrustedProxy'];
}

/**
 * What the console's routes read from the app's parts: `adminToken` signs in (without it,
 * `/admin/` answers 404), with the tries and audit every check of it shares.
 */
export interface ConsoleRouteDeps extends AdminTokenDeps {
  config: FormConfig;
  /** `PUBLIC_URL`: the origin the console's forms are sent from; else the request's. */
  publicUrl?: string | undefined;
  /** The console's parts; with `adminToken`, the console is served. */
  console?: ConsoleDeps | undefined;
  deliverer: Pick<Deliverer, 'deliverNow' | 'pauseState' | 'upstreamDown'>;
}

/** What a signed-in request carries on to the console's routes. */
export interface ConsoleVariables {
  session: Session;
  csrf: string;
  /** A POST's fields, read once by the guard. */
  form: Record<string, string>;
}

/** Same origin only, no inline anything, nothing from elsewhere (as the demo site). */
const CONSOLE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Under `/admin/` but not the console's pages: the bearer-token routes other tools read
 * (`/admin/status`, `/admin/funnel` unless a browser asks for its page) and the stylesheet the
 * sign-in page needs.
 */
const NOT_SIGNED_IN = new Set(['/admin/status', '/admin/funnel', '/admin/console.css']);
const notSignedIn = (c: Context) => NOT_SIGNED_IN.has(c.req.path) && !wantsFunnelPage(c);

/** The console's deps, once `ADMIN_TOKEN` is set. */
export type EnabledConsole = ConsoleDeps & { adminToken: string };

/** True when a browser says the request comes from another site (or from nowhere it names). */
function crossSite(c: Context, reached: PublicOriginOptions): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = c.req.header('origin');
  return origin !== undefined && origin !== publicOrigin(c, reached).origin;
}

const refusal = (c: Context, status: 401 | 403 | 429, message: string) =>
  c.html(
    barePage(
      'Refused',
      html`<h1>Refused</h1>
        <p>${message}</p>
        <p><a href="/admin/">Back to the console</a></p>`,
    ),
    status,
  );

/** A form's text fields (files are not taken here). */
async function formOf(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The console's gate and its sign-in and sign-out, as a Hono app to mount at `/`. */
export function consoleGuard(deps: ConsoleRouteDeps, parts: EnabledConsole) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const keys = new SessionKeys(parts.adminToken, parts.sessionSecret, parts.store);
  const reached = { publicUrl: deps.publicUrl, fromTrustedProxy: parts.fromTrustedProxy };
  const audit = (c: Context, action: string, detail?: string) =>
    parts.store.recordAudit({
      at: deps.now(),
      client: deps.clientIp(c),
      action,
      reference: null,
      ...(detail ? { detail } : {}),
    });

  app.use('/admin/*', async (c: Context, next) => {
    c.header('Content-Security-Policy', CONSOLE_CSP);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Robots-Tag', 'noindex');
    if (c.req.method === 'POST' && crossSite(c, reached))
      return refusal(c, 403, 'This form was sent from another site, so it was not acted on.');
    await next();
  });

  const signInForm = (c: Context, status: 200 | 401, problem?: string) => {
    const nonce = signInNonce();
    setCookie(c, SIGN_IN_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: publicOrigin(c, reached).https,
      path: '/admin',
    });
    return c.html(signInPage(keys.csrfToken(`sign-in.${nonce}`), problem), status);
  };
  app.get('/admin/sign-in', (c) => signInForm(c, 200));
  app.post('/admin/sign-in', async (c) => {
    const form = await formOf(c);
    const nonce = getCookie(c, SIGN_IN_COOKIE) ?? '';
    if (!keys.csrfMatches(form.csrf, `sign-in.${nonce}`))
      return signInForm(c, 401, 'The sign-in form had expired. Type the token again.');
    const verdict = await checkAdminToken(
      c,
      { ...deps, adminToken: parts.adminToken },
      form.token ?? '',
      'sign-in refused',
    );
    if (verdict.kind === 'limited') {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return refusal(c, 429, 'Too many sign-in attempts from here. Wait a minute, then try again.');
    }
    if (verdict.kind === 'wrong') return signInForm(c, 401, 'That is not the admin token.');
    const { value } = await keys.open(deps.now());
    setCookie(c, SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: publicOrigin(c, reached).https,
      path: '/admin',
      maxAge: SESSION_MS / 1000,
    });
    deleteCookie(c, SIGN_IN_COOKIE, { path: '/admin' });
    await audit(c, 'sign-in');
    return c.redirect('/admin/', 303);
  });

  const signedIn: MiddlewareHandler<{ Variables: ConsoleVariables }> = async (c, next) => {
    if (notSignedIn(c)) return next();
    const session = await keys.verify(getCookie(c, SESSION_COOKIE), deps.now());
    if (!session) {
      if (c.req.method === 'GET') return c.redirect('/admin/sign-in', 303);
      return refusal(c, 401, 'You are signed out (the session ended, or the token changed).');
    }
    c.set('session', session);
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
    await keys.signOutEverywhere();
    deleteCookie(c, SESSION_COOKIE, { path: '/admin' });
    await audit(c, 'sign-out');
    return c.redirect('/admin/sign-in', 303);
  });
  return app;
}
