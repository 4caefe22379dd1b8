/**
 * `/api/drafts`: "Save and continue later" (`docs/saved-enquiries.md`). The browser sends only
 * ciphertext and the key it was made with; the key goes into the emailed link's fragment and is
 * kept nowhere. Opening the link shows a page and changes nothing (that is the widget's, on the
 * site's page): only a POST with the six-digit code sent to the draft's address releases the
 * ciphertext. Ids and codes are in bodies, never in addresses, so no log line holds one.
 *
 * - `POST /api/drafts`: save (or save again, by the owner's secret); the link is emailed.
 * - `POST /api/drafts/code`: a code to the draft's address, when the address given is that one;
 *   answered the same, in the same time, whether or not it is (`even-answers.ts`); a code its
 *   address's allowance refuses is answered `429`, and the code sent before stays live.
 * - `POST /api/drafts/open`: the ciphertext, for the live code: five tries, then a wait.
 * - `POST /api/drafts/discard`: the owner forgets it, once sent, with the files it kept.
 */
import { Hono, type Context } from 'hono';
import { rateLimitKey } from '../../http/client-ip.ts';
import { guardPagePosts } from '../../http/page-posts.ts';
import { DRAFT_CODE_MS } from '../../notify/draft-emails.ts';
import { DraftNotSaved } from '../../outbox/draft-store.ts';
import { readJsonBody } from '../json-body.ts';
import { keyHashOf, formSession } from '../uploads/form-session.ts';
import { DRAFT_CODE_ALLOWANCE, DRAFT_TRY_ALLOWANCE, type DraftRouteDeps } from './draft-deps.ts';
import { codeEmail, codesAgainAt, linkEmail } from './draft-mails.ts';
import { draftRefusals as refuse } from './draft-refusals.ts';
import { newDraftCode, newDraftId, writeHashOf } from './draft-secrets.ts';
import { removeDraft } from './draft-keeper.ts';
import {
  codeSchema,
  discardSchema,
  DRAFT_BODY_MAX_BYTES,
  openSchema,
  saveSchema,
} from './draft-bodies.ts';
import { EVEN_ANSWER_MS, evenly } from './even-answers.ts';
import { checkedEmail, draftPageOn, take, takeFromDraft } from './draft-checks.ts';
import { offersSaving, opensReminders } from '../../notify/drafts-state.ts';

/**
 * The draft routes, as a Hono app to mount at `/`; each answers 404, as if it were not there,
 * while the version served has no `drafts` (a version published later may turn them on or off),
 * but those that open one, while its unfinished enquiries' reminder leads to them.
 */
export function draftRoutes(deps: DraftRouteDeps): Hono {
  const app = new Hono();
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));
  const floorMs = deps.evenMs ?? EVEN_ANSWER_MS;
  const late = (tookMs: number) => {
    deps.log.warn({ tookMs: Math.round(tookMs) }, 'a draft answer took longer than its floor');
  };

  // Each path once: a wildcard would match `/api/drafts` too, and take its allowance twice.
  for (const path of ['/api/drafts', '/api/drafts/:action']) {
    app.use(path, async (c, next) => {
      const config = deps.form.current().config;
      // A reminder's link opens (a code, the ciphertext) on a form that does not offer saving.
      const opening = c.req.path !== '/api/drafts' && opensReminders(config);
      if (!offersSaving(deps.drafts, config) && !opening) return c.notFound();
      await next();
    });
    guardPagePosts(app, path, deps, {
      maxBytes: DRAFT_BODY_MAX_BYTES,
      tooLarge: 'A saved enquiry may be 256 KiB at most.',
      limits: (c) => take(deps.limits.perClient, clientKey(c)),
    });
  }

  app.post('/api/drafts', async (c) => {
    const body = await readJsonBody(c, saveSchema, deps.form.current());
    const now = deps.now();
    formSession(body.form_token, deps.bots, now);
    const origin = c.req.header('origin') ?? '';
    // The page it leads back to: the saving page's own, on an allowed origin.
    const page = draftPageOn(deps.allowedOrigins, body.page, origin);
    if (!page) throw refuse.page(origin);
    const to = checkedEmail(body.email);
    const id = body.id ?? newDraftId();
    const expiresAt = now + deps.expiryMs;
    try {
      await deps.drafts.saveDraft({
        id,
        fresh: body.id === undefined,
        subject: deps.secrets.subjectOf(to),
        writeHash: writeHashOf(body.write),
        ciphertext: body.ciphertext,
        now,
        expiresAt,
        uploads: body.uploads.map((upload) => ({ id: upload.id, keyHash: keyHashOf(upload.key) })),
        releasedUntil: now + deps.uploadExpiryMs,
        email: linkEmail(
          deps,
          { id, to, lang: body.lang, client: clientKey(c), now },
          {
            page,
            key: body.key,
            expiresAt,
          },
        ),
      });
    } catch (error) {
      if (!(error instanceof DraftNotSaved)) throw error;
      if (error.reason === 'not_found') throw refuse.gone();
      if (error.reason === 'over_limit') throw refuse.overLimit();
      throw refuse.uploadsGone(error.uploads);
    }
    return c.json({ id, expiresAt }, 201);
  });

  app.post('/api/drafts/code', async (c) => {
    const body = await readJsonBody(c, codeSchema, deps.form.current());
    const to = checkedEmail(body.email);
    const now = deps.now();
    // The draft's own allowance, kept for an id whether or not a draft has it.
    await takeFromDraft(deps.drafts, body.id, DRAFT_CODE_ALLOWANCE, now);
    const verdict = await evenly(
      floorMs,
      () => {
        const code = newDraftCode();
        const email = codeEmail(
          deps,
          { id: body.id, to, lang: body.lang, client: clientKey(c), now },
          code,
        );
        const hash = deps.secrets.codeHashOf(body.id, code);
        const subject = deps.secrets.subjectOf(to);
        return deps.drafts.askDraftCode(body.id, subject, hash, now + DRAFT_CODE_MS, email);
      },
      late,
    );
    if (verdict === 'over_limit') {
      // Nothing was sent, and the code sent before still works: said as it is, never as sent.
      deps.log.warn('a draft code was not sent: its address has had its codes of the day');
      throw refuse.overLimit((codesAgainAt(now) - now) / 1000);
    }
    return c.json({ status: 'sent' }, 202);
  });

  app.post('/api/drafts/open', async (c) => {
    const body = await readJsonBody(c, openSchema, deps.form.current());
    const now = deps.now();
    await takeFromDraft(deps.drafts, body.id, DRAFT_TRY_ALLOWANCE, now);
    const opened = await evenly(
      floorMs,
      () => deps.drafts.openDraft(body.id, deps.secrets.codeHashOf(body.id, body.code), now),
      late,
    );
    if (!opened) throw refuse.code();
    return c.json(opened, 200);
  });

  app.post('/api/drafts/discard', async (c) => {
    const body = await readJsonBody(c, discardSchema, deps.form.current());
    if (await deps.drafts.ownsDraft(body.id, writeHashOf(body.write), deps.now()))
      await removeDraft(deps.drafts, deps.secrets, body.id);
    return c.body(null, 204);
  });

  return app;
}
