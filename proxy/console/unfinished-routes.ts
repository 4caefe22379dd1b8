/**
 * The console's "Unfinished" page (`docs/unfinished.md`): `GET /admin/unfinished`, a page of
 * kept records at a time, newest change first, for the roles that read leads; the counts alone
 * for any other (the marketer). `POST /admin/unfinished/<id>/erase` (the console's CSRF token,
 * and its box ticked) erases one for good, written to the audit log with who did it by the
 * store, as `npm run outbox -- unfinished erase` does.
 */
import { Hono, type Context } from 'hono';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { may } from '../outbox/roles.ts';
import type { UnfinishedView } from '../outbox/store.ts';
import { personOf, type ConsoleVariables } from './access.ts';
import { consolePage } from './pages/layout.ts';
import { cursorOf, unfinishedBody } from './pages/unfinished.ts';

/** Records on one page: each carries its answers, so a page stays short to read and to draw. */
export const UNFINISHED_PAGE_SIZE = 20;

/** What an erase came to, by the word the redirect carries (never text from the address). */
const DONE = {
  erased: 'Erased: what the visitor typed is gone from the proxy.',
  needs_confirm: 'Not erased: tick “Yes, erase” beside the button to confirm.',
} as const;

/** What the page reads and does. */
export interface UnfinishedRouteDeps {
  store: Pick<UnfinishedView, 'unfinishedPage' | 'unfinishedCounts' | 'eraseUnfinishedRecord'>;
  config: () => FormConfig;
  now: () => number;
  clientIp: (c: Context) => string;
}

/** The page and its erase. */
export function unfinishedRoutes(deps: UnfinishedRouteDeps): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const { store } = deps;
  app.get('/admin/unfinished', async (c) => {
    const session = c.get('session');
    const word = c.req.query('done');
    const done =
      word !== undefined && Object.hasOwn(DONE, word) ? DONE[word as keyof typeof DONE] : undefined;
    const counts = await store.unfinishedCounts();
    let records;
    if (may(session.role, 'read leads')) {
      const before = cursorOf(c.req.query('before'));
      // One more than a page says whether an older page exists.
      const found = await store.unfinishedPage({
        limit: UNFINISHED_PAGE_SIZE + 1,
        ...(before ? { before } : {}),
      });
      const page = found.slice(0, UNFINISHED_PAGE_SIZE);
      const last = page.at(-1);
      records = {
        page,
        paged: before !== undefined,
        older:
          found.length > UNFINISHED_PAGE_SIZE && last
            ? { at: last.updatedAt, id: last.id }
            : undefined,
        csrf: c.get('csrf'),
      };
    }
    const body = unfinishedBody({
      config: deps.config(),
      counts,
      done,
      ...(records ? { records } : {}),
    });
    return c.html(
      consolePage({
        title: 'Unfinished',
        place: 'unfinished',
        body,
        csrf: c.get('csrf'),
        who: session,
      }),
    );
  });

  app.post('/admin/unfinished/:id/erase', async (c) => {
    const session = c.get('session');
    if (!may(session.role, 'read leads'))
      return c.text(`Your role (${session.role}) does not include this.`, 403);
    if (c.get('form').confirm !== 'yes')
      return c.redirect('/admin/unfinished?done=needs_confirm', 303);
    const erased = await store.eraseUnfinishedRecord(
      c.req.param('id'),
      deps.now(),
      deps.clientIp(c),
      {
        person: personOf(session),
        role: session.role,
      },
    );
    // Gone already (its visitor unticked, sent, or it expired): nothing here to erase.
    if (!erased) return c.notFound();
    return c.redirect('/admin/unfinished?done=erased', 303);
  });
  return app;
}
