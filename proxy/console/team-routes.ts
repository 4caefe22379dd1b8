/**
 * The console's teams (`pages/teams.ts`, for whoever may read leads: staff and operators): the
 * page, and marking one of a team's people away or back, which the next round robin's turn reads
 * on every instance (the outbox's `people_away`). Each change is in the audit log with who made
 * it. The teams are those of the version served now.
 */
import { Hono, type Context } from 'hono';
import type { TeamPeople } from '../outbox/store.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import { consoleAudit, needsTo, type AuditDeps, type ConsoleVariables } from './access.ts';
import { consolePage } from './pages/layout.ts';
import { teamsBody } from './pages/teams.ts';

/** What the teams' routes read. */
export interface TeamRouteDeps extends Omit<AuditDeps, 'store'> {
  form: CurrentForm;
  store: TeamPeople & AuditDeps['store'];
}

/** What an action did, by the word the redirect carries (never text from the address). */
const DONE: Readonly<Record<string, string>> = {
  away: 'Marked away: round robins pass over them until they are marked back.',
  back: 'Marked back: they take their turns again.',
};

/** The teams page and its actions, as a Hono app to mount at `/`. */
export function teamRoutes(deps: TeamRouteDeps) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const { store } = deps;
  /** The address a POST names, when it is one of a team's people (any case). */
  const personOf = (c: Context<{ Variables: ConsoleVariables }>) => {
    const asked = (c.get('form').address ?? '').trim().toLowerCase();
    const teams = deps.form.current().config.routing?.teams ?? {};
    const people = Object.values(teams).flatMap((team) => team.people);
    return people.find((person) => person.toLowerCase() === asked);
  };

  // Who is given leads, and who is away from them: for those who read leads (not an editor).
  app.use('/admin/teams', needsTo('read leads'));
  app.use('/admin/teams/*', needsTo('read leads'));
  app.get('/admin/teams', async (c) => {
    const word = c.req.query('done');
    const body = teamsBody({
      config: deps.form.current().config,
      away: await store.peopleAway(),
      lastTurns: await store.lastTurns(),
      csrf: c.get('csrf'),
      done: word !== undefined && Object.hasOwn(DONE, word) ? DONE[word] : undefined,
    });
    const options = { title: 'Teams', place: 'teams', csrf: c.get('csrf') } as const;
    return c.html(consolePage({ ...options, who: c.get('session'), body }));
  });

  for (const action of ['away', 'back'] as const)
    app.post(`/admin/teams/${action}`, async (c) => {
      const person = personOf(c);
      if (!person) return c.notFound();
      const who = c.get('session');
      if (action === 'away') await store.markAway(person, deps.now(), who.email);
      else await store.markBack(person);
      await consoleAudit({ ...deps, store }, c, { action: `mark ${action}`, detail: person });
      return c.redirect(`/admin/teams?done=${action}`, 303);
    });
  return app;
}
