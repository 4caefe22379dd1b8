/**
 * `/api/unfinished`: unfinished enquiries kept with the visitor's say-so (`docs/unfinished.md`).
 * Nothing arrives here before the visitor ticks the box: the widget has nothing to send before.
 *
 * - `POST /api/unfinished`: the record as the page holds it (a new one, or the same one again by
 *   its secret). 404 while the version served has no `unfinished` block.
 * - `POST /api/unfinished/erase`: the box unticked, the record erased at once; or, with `sent`,
 *   the enquiry sent from it (when its own transaction could not take it over).
 *
 * Both answer `204` whatever the outbox made of it: an id and a secret that are not a record's
 * are answered as a record's are, so no answer tells whose records exist. Both need an allowed
 * `Origin` (CSRF: a page of another site is refused by the server itself, not by CORS alone),
 * take JSON as `application/json` or `text/plain` (a page being hidden sends it with `keepalive`,
 * without a preflight), and count against their client's and everybody's limits.
 */
import { Hono, type Context } from 'hono';
import type { FunnelAdmission } from '../../funnel/admission.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { guardPagePosts } from '../../http/page-posts.ts';
import { Refusal } from '../../http/refusal.ts';
import { take } from '../drafts/draft-checks.ts';
import { readJsonBody } from '../json-body.ts';
import { eraseRecord, keepRecord } from './keep-record.ts';
import { eraseSchema, keepSchema, UNFINISHED_BODY_MAX_BYTES } from './unfinished-bodies.ts';
import type { UnfinishedRouteDeps } from './unfinished-deps.ts';

/** The routes, as a Hono app to mount at `/`. */
export function unfinishedRoutes(deps: UnfinishedRouteDeps, funnel: FunnelAdmission): Hono {
  const app = new Hono();
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));

  for (const path of ['/api/unfinished', '/api/unfinished/erase'])
    guardPagePosts(app, path, deps, {
      maxBytes: UNFINISHED_BODY_MAX_BYTES,
      tooLarge: 'An unfinished enquiry may be 256 KiB at most.',
      limits: async (c) => {
        await take(deps.limits.perClient, clientKey(c));
        await take(deps.limits.forAll, 'everybody');
      },
    });

  app.post('/api/unfinished', async (c) => {
    const form = deps.form.current();
    if (!form.config.unfinished) return c.notFound();
    const kept = await keepRecord(c, deps, funnel, await readJsonBody(c, keepSchema, form));
    if ('issues' in kept) throw Refusal.validation(kept.issues);
    return c.body(null, 204);
  });

  app.post('/api/unfinished/erase', async (c) => {
    await eraseRecord(deps, await readJsonBody(c, eraseSchema, deps.form.current()));
    return c.body(null, 204);
  });

  return app;
}
