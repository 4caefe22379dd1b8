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
import { isValidEmail } from '../../contract/text-rules.ts';
import { keptCell } from '../../funnel/server-tallies.ts';
import type { FunnelAdmission } from '../../funnel/admission.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { formIn, wordingFor } from '../../http/form-language.ts';
import { guardPagePosts } from '../../http/page-posts.ts';
import { Refusal } from '../../http/refusal.ts';
import { draftPageOn, take } from '../drafts/draft-checks.ts';
import { readJsonBody } from '../json-body.ts';
import { formSession } from '../uploads/form-session.ts';
import { keepStatement, remindStatement } from './consent-words.ts';
import { keptValues } from './kept-values.ts';
import { eraseSchema, keepSchema, UNFINISHED_BODY_MAX_BYTES } from './unfinished-bodies.ts';
import { UNTICKED_ROW_MS, type UnfinishedRouteDeps } from './unfinished-deps.ts';
import { secretHashOf } from './unfinished-secrets.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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
    const block = form.config.unfinished;
    if (!block) return c.notFound();
    const body = await readJsonBody(c, keepSchema, form);
    const now = deps.now();
    const session = formSession(body.form_token, deps.bots, now);
    const visitor = formIn(form, body.lang);
    const { kept, issues } = keptValues(visitor.form, body.values);
    if (issues.length > 0) throw Refusal.validation(issues);
    if (deps.funnelRoom && !(await deps.funnelRoom())) throw Refusal.storageFull();
    const wording = wordingFor(form, body.lang);
    const page = draftPageOn(deps.allowedOrigins, body.page, c.req.header('origin'));
    const hours = block.remindAfterHours;
    const reminded =
      body.remind && hours !== undefined && deps.remindersOn && page && isValidEmail(kept.email);
    const cell =
      c.req.header('sec-gpc') === '1'
        ? undefined
        : await keptCell(
            funnel,
            form.config,
            {
              caseType: kept.fields.case_type,
              campaign: body.marketing.campaign,
              answers: kept.fields.answers,
              at: now,
            },
            clientKey(c),
          );
    await deps.unfinished.keepUnfinished({
      id: body.id,
      secretHash: secretHashOf(body.secret),
      seq: body.seq,
      now,
      expiresAt: now + block.keepDays * DAY_MS,
      formSession: session,
      formVersion: body.form_version ?? null,
      lang: wording.lang,
      ...kept,
      marketing: body.marketing,
      statement: keepStatement(wording, block.keepDays),
      reminder: reminded
        ? { statement: remindStatement(wording, hours), dueAt: now + hours * HOUR_MS }
        : null,
      page: page ?? null,
      funnel: cell,
    });
    return c.body(null, 204);
  });

  app.post('/api/unfinished/erase', async (c) => {
    const body = await readJsonBody(c, eraseSchema, deps.form.current());
    const now = deps.now();
    const secretHash = secretHashOf(body.secret);
    if (body.sent !== undefined)
      await deps.unfinished.finishUnfinished(body.id, secretHash, body.sent, now);
    else
      await deps.unfinished.eraseUnfinished(
        body.id,
        secretHash,
        body.seq,
        now,
        now + UNTICKED_ROW_MS,
      );
    return c.body(null, 204);
  });

  return app;
}
