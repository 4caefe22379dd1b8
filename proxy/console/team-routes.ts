/**
 * The console's teams (`pages/teams.ts`, staff and above): the page, and marking one of a team's
 * people away or back, which the next round robin's turn reads on every instance (the outbox's
 * `people_away`). Each change is in the audit log with who made it.
 */
import { Hono, type Context } from 'hono';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { TeamPeople } from '../outbox/store.ts';
import { consoleAudit, needs, type AuditDeps, type ConsoleVariables } from './access.ts';
import { consolePage } from './pages/layout.ts';
import { teamsBody } from './pages/teams.ts';

/** What the teams' routes read. */
export interface TeamRouteDeps extends Omit<AuditDeps, 'store'> {
  config: FormConfig;
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
  const { store, config } = deps;
  /** The address a POST names, when it is one of a team's people (any case). */
  const personOf = (c: Context<{ Variables: ConsoleVariables }>) => {
    const asked = (c.get('form').address ?? '').trim().toLowerCase();
    const people = Object.values(config.routing?.teams ?? {}).flatMap((team) => team.people);
    return people.find((person) => person.toLowerCase() === asked);
  };

  app.use('/admin/teams', needs('staff'));
  app.use('/admin/teams/*', needs('staff'));
  app.get('/admin/teams', async (c) => {
    const word = c.req.query('done');
    const body = teamsBody({
      config,
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
