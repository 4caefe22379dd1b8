/**
 * A host connecting their own Microsoft 365 or Google calendar from "Your calls" by signing in
 * (`booking/host-sign-in/host-sign-in.ts`, `docs/booking.md`):
 *
 * - `POST /admin/calendar/connect` (`kind`, the CSRF token): a host of the form's calls, signed
 *   in as a person, is sent on (a page that moves on at once) to the provider's sign-in with a PKCE challenge and a `state`; the
 *   state, the verifier and a key naming their session wait in a cookie sealed with the session
 *   key, `SameSite=Lax` because the provider sends the browser back from its own site (which
 *   carries no Strict cookie, the session's included).
 * - `GET /admin/calendar/callback`: the provider's answer, taken only with that cookie, its
 *   `state` the same, and the session it names still live (signed out since: refused); the code
 *   redeemed, the refresh token sealed, the calendar read once and kept. A page, not a redirect,
 *   says what came of it (so the next page is asked from this site, with the session's cookie).
 * - `POST /admin/calendar/disconnect`: the host's own sign-in forgotten, its sealed token erased
 *   (handed back to Google first: `HostSignIn.disconnect`).
 *
 * No token is ever in a page, a log line or the audit log.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CalendarFault } from '../booking/caldav/calendar-fault.ts';
import { hostsOf } from '../booking/host-feeds.ts';
import type { HostSignIn, SignInKind } from '../booking/host-sign-in/host-sign-in.ts';
import { publicOrigin, type PublicOriginOptions } from '../http/public-origin.ts';
import { CALENDAR_KIND_NAMES } from '../outbox/calendar-write.ts';
import type { HostCalendars } from '../outbox/store.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import { personOf, refusal, type ConsoleVariables } from './access.ts';
import { barePage } from './pages/layout.ts';
import type { SessionKeys } from './session.ts';

/** The flow's cookie, sent only to the callback's path. */
const FLOW_COOKIE = 'console_calendar';
const FLOW_PATH = '/admin/calendar';
/** How long a sign-in at the provider may take. */
const FLOW_MS = 10 * 60_000;
/** Where the provider sends the host back (the web app's redirect URI, at the console's origin). */
const CALENDAR_CALLBACK = '/admin/calendar/callback';

/** What the routes read and write. */
export interface CalendarSignInDeps {
  signIn: HostSignIn;
  calendars: Pick<HostCalendars, 'hostCalendars'>;
  form: CurrentForm;
  keys: SessionKeys;
  reached: PublicOriginOptions;
  now: () => number;
  audit: (c: Context, action: string, detail: string) => Promise<void>;
}

const isKind = (kind: string | undefined): kind is SignInKind =>
  kind === 'microsoft' || kind === 'google';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A page of the callback's: what came of the sign-in, and the way back to "Your calls". */
const outcomePage = (c: Context, status: 200 | 400 | 401 | 502, title: string, words: string) =>
  c.html(
    barePage(
      title,
      html`<h1>${title}</h1>
        <p>${words}</p>
        <p><a href="/admin/calls#own-calendar">Back to your calls</a></p>`,
    ),
    status,
  );

/** The routes, as a Hono app to mount at `/` behind the console's gate. */
export function calendarSignInRoutes(deps: CalendarSignInDeps) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  /** The signed-in host of the form's calls, or null. */
  const hostOf = (c: Context<{ Variables: ConsoleVariables }>) => {
    const who = c.get('session');
    const host = who.personId === null ? null : who.email.toLowerCase();
    return host !== null && hostsOf(deps.form.current().config).includes(host) ? host : null;
  };

  app.post(`${FLOW_PATH}/connect`, async (c) => {
    const host = hostOf(c);
    if (host === null)
      return refusal(
        c,
        403,
        'Only a host of the form’s calls, signed in as themselves, connects their calendar.',
      );
    const kind = c.get('form').kind;
    if (!isKind(kind)) return refusal(c, 400, 'Choose Microsoft 365 or Google.');
    const origin = publicOrigin(c, deps.reached);
    const begun = await deps.signIn.begin(kind, host, `${origin.origin}${CALENDAR_CALLBACK}`);
    if (!begun)
      return refusal(
        c,
        404,
        `The firm has not registered a web app to sign in to a ${CALENDAR_KIND_NAMES[kind]} with.`,
      );
    const bound = deps.keys.boundKey(c.get('session'), 'calendar');
    const flow = [kind, begun.state, begun.verifier, bound, deps.now() + FLOW_MS].join('|');
    setCookie(c, FLOW_COOKIE, deps.keys.seal(flow), {
      httpOnly: true,
      sameSite: 'Lax',
      secure: origin.https,
      path: FLOW_PATH,
      maxAge: FLOW_MS / 1000,
    });
    // A page that moves on, not a redirect: the console's form-action allows this site alone,
    // and a browser holds a form's redirect to another site to it.
    const provider = kind === 'microsoft' ? 'Microsoft' : 'Google';
    return c.html(
      barePage(
        `Sign in at ${provider}`,
        html`<h1>Sign in at ${provider}</h1>
          <p><a href="${begun.url}">Continue to ${provider}’s sign-in</a></p>`,
        begun.url,
      ),
    );
  });

  /**
   * What a sign-in that failed left as it was, in words: the calendar `host` had connected before
   * (their own sign-in's, the firm's or CalDAV), or that there was none; for a `host` not known
   * (the flow's cookie gone), either.
   */
  const unchanged = async (host: string | null) => {
    if (host === null)
      return 'Nothing changed: a calendar you had connected before is still connected.';
    const before = (await deps.calendars.hostCalendars()).find((each) => each.address === host);
    return before
      ? `Nothing changed: your ${CALENDAR_KIND_NAMES[before.kind]} connected before is still connected and read.`
      : 'Nothing was connected.';
  };
  /** The callback's page of a sign-in that failed: why, then what stays as it was. */
  const notConnected = async (
    c: Context,
    status: 400 | 401 | 502,
    why: string,
    host: string | null,
  ) => outcomePage(c, status, 'Not connected', `${why} ${await unchanged(host)}`);

  app.get(CALENDAR_CALLBACK, async (c) => {
    const [kind, state, verifier, bound, until] =
      deps.keys.unseal(getCookie(c, FLOW_COOKIE))?.split('|') ?? [];
    deleteCookie(c, FLOW_COOKIE, { path: FLOW_PATH });
    if (!isKind(kind) || !state || !verifier || !(Number(until) > deps.now()))
      return notConnected(
        c,
        401,
        'The sign-in took too long, or was not started here. Start again from “Your calls”.',
        null,
      );
    const session = await deps.keys.boundSession(bound, 'calendar', deps.now());
    const host = session ? session.email.toLowerCase() : null;
    if (!same(c.req.query('state') ?? '', state))
      return notConnected(
        c,
        401,
        'The answer did not come from the sign-in started here, so it was not used. Start again from “Your calls”.',
        host,
      );
    if (!session || host === null)
      return notConnected(
        c,
        401,
        'You signed out of the console since the sign-in began, so the answer was not used. Sign in, then start again from “Your calls”.',
        null,
      );
    const name = CALENDAR_KIND_NAMES[kind];
    const error = c.req.query('error');
    if (error !== undefined)
      return notConnected(
        c,
        400,
        `Your ${name} was not connected: the sign-in answered “${error.slice(0, 80)}”${error === 'access_denied' ? ' (the access was not granted)' : ''}.`,
        host,
      );
    const code = c.req.query('code');
    if (!code) return notConnected(c, 400, 'The sign-in gave no code. Start again.', host);
    try {
      const redirectUri = `${publicOrigin(c, deps.reached).origin}${CALENDAR_CALLBACK}`;
      await deps.signIn.finish(kind, host, { code, verifier, redirectUri }, personOf(session));
    } catch (error) {
      const said =
        error instanceof CalendarFault ? error.message : 'the sign-in could not be finished';
      await deps.audit(c, 'calendar sign-in refused', `${host}: ${kind}: ${said}`.slice(0, 300));
      return notConnected(c, 502, `Your ${name} was not connected: ${said}.`, host);
    }
    await deps.audit(c, 'connect calendar', `${host}: ${kind}, by their own sign-in`);
    return outcomePage(
      c,
      200,
      'Connected',
      `Your ${name} is connected and was read just now: no call is booked with you at a time it shows busy, and each call booked with you is written into it.`,
    );
  });

  app.post(`${FLOW_PATH}/disconnect`, async (c) => {
    const host = c.get('session').personId === null ? null : c.get('session').email.toLowerCase();
    const own = (await deps.calendars.hostCalendars()).find(
      (calendar) =>
        calendar.address === host && calendar.kind !== 'caldav' && calendar.sealedPassword,
    );
    if (host === null || !own)
      return refusal(c, 404, 'You have no calendar of your own sign-in connected.');
    const unrevoked = await deps.signIn.disconnect(own);
    await deps.audit(
      c,
      'disconnect calendar',
      `${host}: ${own.kind}, by their own sign-in${unrevoked ? `; not revoked: ${unrevoked}` : ''}`.slice(
        0,
        300,
      ),
    );
    const done = unrevoked ? 'calendar_disconnected_unrevoked' : 'calendar_disconnected';
    return c.redirect(`/admin/calls?done=${done}#own-calendar`, 303);
  });
  return app;
}
