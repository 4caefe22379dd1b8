/**
 * The console's routes of hosts' calls, mounted together by `console-routes.ts`: staff moving or
 * cancelling a call and a host's "Your calls" (`call-routes.ts`), a call marked as held or not
 * (`call-mark-route.ts`), a host connecting their own calendar by signing in
 * (`calendar-sign-in-routes.ts`, where the proxy has hosts' sign-in) and their calendar feed
 * (`feed-route.ts`), each over the outbox and the form's calls.
 */
import { Hono, type Context } from 'hono';
import type { CallPageRouteDeps } from '../intake/page/call-page-route.ts';
import { consoleAudit, type ConsoleVariables } from './access.ts';
import { calendarSignInRoutes } from './calendar-sign-in-routes.ts';
import { callMarkRoute } from './call-mark-route.ts';
import { callRoutes } from './call-routes.ts';
import { consoleOrigin } from './console-address.ts';
import type { ConsoleDeps, ConsoleRouteDeps } from './console-deps.ts';
import { feedRoute } from './feed-route.ts';
import { SessionKeys } from './session.ts';

/** An action written to the audit log, of a lead (`reference`) and with who did it. */
export type LeadAudit = (
  c: Context,
  action: string,
  reference: string,
  detail?: string,
) => Promise<void>;

/** The routes, as a Hono app to mount at `/` behind the console's gate. */
export function callsAndCalendarsRoutes(
  deps: ConsoleRouteDeps & CallPageRouteDeps,
  parts: ConsoleDeps,
  audit: LeadAudit,
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const store = parts.store;
  app.route(
    '/',
    callRoutes({
      calls: deps.callChanges,
      feeds: store,
      origin: (c) => consoleOrigin(c, { publicUrl: deps.publicUrl, ...parts }),
      audit,
      marks: store,
      ownCalendar: deps.hostSignIn
        ? async (host) => ({
            offered: (await deps.hostSignIn?.offered()) ?? [],
            calendar: (await store.hostCalendars()).find((each) => each.address === host),
          })
        : undefined,
    }),
  );
  app.route('/', callMarkRoute({ store, now: deps.now, audit }));
  if (deps.hostSignIn && deps.callChanges)
    app.route(
      '/',
      calendarSignInRoutes({
        signIn: deps.hostSignIn,
        calendars: store,
        form: deps.callChanges.form,
        keys: new SessionKeys(deps.adminToken ?? '', parts.sessionSecret, store),
        reached: { publicUrl: deps.publicUrl, fromTrustedProxy: parts.fromTrustedProxy },
        now: deps.now,
        audit: (c, action, detail) => consoleAudit({ ...deps, store }, c, { action, detail }),
      }),
    );
  if (deps.callChanges)
    app.route(
      '/',
      feedRoute({
        feeds: store,
        form: deps.callChanges.form,
        now: deps.now,
        audit: (c, action, detail) => consoleAudit({ ...deps, store }, c, { action, detail }),
      }),
    );
  return app;
}
