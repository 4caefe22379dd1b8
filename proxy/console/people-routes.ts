/**
 * The console's people (operators only, `access.ts`): the list, an invitation link made once
 * (`operator/invitations.ts`, as the CLI makes them), a change of role, a removal (the person's
 * sessions end at their next request, on every instance) and a sign-out of everyone. Each
 * action is in the audit log with who did it. Below them, each host's calendar: its kind, its
 * last read, and its fault as the alerts say it.
 */
import { Hono, type Context } from 'hono';
import { consoleOrigin } from './console-address.ts';
import { invite, personEmail } from '../operator/invitations.ts';
import { isRole } from '../outbox/roles.ts';
import { consoleAudit, needsTo, type ConsoleVariables } from './access.ts';
import type { ConsoleDeps, ConsoleRouteDeps } from './console-deps.ts';
import { consolePage } from './pages/layout.ts';
import { peopleBody, type PeopleData } from './pages/people.ts';
import type { HostCalendarLine } from './pages/host-calendars.ts';
import { calendarsUnreadAt } from '../booking/busy-cache.ts';
import { hostsOf } from '../booking/host-feeds.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';

/** What an action did, by the word the redirect carries (never text from the address). */
const DONE: Readonly<Record<string, string>> = {
  role: 'The role is changed; it applies from their next click.',
  removed: 'The person is removed; any session of theirs has ended.',
};

/**
 * Each host of `config` (and anyone whose calendar is still connected), by address, with their
 * calendar as the busy cache last recorded its reads, and whether the alerts count it unread.
 */
async function hostCalendarLines(
  store: ConsoleDeps['store'],
  config: FormConfig,
  now: number,
): Promise<HostCalendarLine[]> {
  const [connected, unread] = await Promise.all([
    store.hostCalendars(),
    calendarsUnreadAt(store, now),
  ]);
  const hosts = new Set([...hostsOf(config), ...connected.map((calendar) => calendar.address)]);
  return [...hosts].sort().map((host) => ({
    host,
    calendar: connected.find((calendar) => calendar.address === host),
    withdrawn: unread.some((calendar) => calendar.address === host),
  }));
}

/** The people page and its actions, as a Hono app to mount at `/`. */
export function peopleRoutes(deps: ConsoleRouteDeps, parts: ConsoleDeps) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const store = parts.store;
  const reached = { publicUrl: deps.publicUrl, fromTrustedProxy: parts.fromTrustedProxy };
  const audit = (c: Context, action: string, detail: string) =>
    consoleAudit({ ...deps, store }, c, { action, detail });
  const page = async (
    c: Context<{ Variables: ConsoleVariables }>,
    data: Omit<PeopleData, 'people' | 'calendars' | 'csrf'>,
    status: 200 | 400 | 404 = 200,
  ) => {
    const body = peopleBody({
      ...data,
      people: await store.listPeople(deps.now()),
      calendars: await hostCalendarLines(store, deps.form.current().config, deps.now()),
      csrf: c.get('csrf'),
    });
    const options = { title: 'People', place: 'people', csrf: c.get('csrf') } as const;
    return c.html(consolePage({ ...options, who: c.get('session'), body }), status);
  };

  app.use('/admin/people', needsTo('manage people'));
  app.use('/admin/people/*', needsTo('manage people'));
  app.get('/admin/people', (c) => {
    const word = c.req.query('done');
    return page(c, {
      done: word !== undefined && Object.hasOwn(DONE, word) ? DONE[word] : undefined,
    });
  });

  app.post('/admin/people/invite', async (c) => {
    const form = c.get('form');
    const email = personEmail(form.email ?? '');
    if (!email || !isRole(form.role))
      return page(c, { problem: 'Give an email address and one of the roles.' }, 400);
    const path = await invite(store, email, form.role, deps.now());
    await audit(c, 'invite', `${email} as ${form.role}`);
    // Where passkeys work: PUBLIC_URL, or this machine by its name (never 127.0.0.1).
    const link = `${consoleOrigin(c, reached)}${path}`;
    return page(c, { invitation: { email, link } });
  });

  app.post('/admin/people/role', async (c) => {
    const form = c.get('form');
    const email = personEmail(form.email ?? '');
    if (!email || !isRole(form.role) || !(await store.setRole(email, form.role)))
      return page(c, { problem: 'Nobody has that address, or that is not a role.' }, 404);
    await audit(c, 'change role', `${email} to ${form.role}`);
    return c.redirect('/admin/people?done=role', 303);
  });

  app.post('/admin/people/remove', async (c) => {
    const email = personEmail(c.get('form').email ?? '');
    if (!email || !(await store.removePerson(email)))
      return page(c, { problem: 'Nobody has that address.' }, 404);
    await audit(c, 'remove person', email);
    return c.redirect('/admin/people?done=removed', 303);
  });

  app.post('/admin/people/sign-out-everyone', async (c) => {
    const ended = await store.endAllSessions();
    await audit(c, 'sign everyone out', `${String(ended)} sessions`);
    return c.redirect('/admin/sign-in', 303);
  });
  return app;
}
