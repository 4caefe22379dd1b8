/**
 * `POST /form/save`: "Save and continue later" on the form without JavaScript, which posts here
 * what it would send (`formaction` of its second button). Without a script the browser cannot
 * encrypt, so the proxy seals the draft as the widget would (`draft-seal.ts`), with a key it
 * writes into the emailed link and keeps nowhere. The link leads to the site's page the visitor
 * came from, whose form (with JavaScript) opens it; a page without JavaScript cannot read a link's
 * fragment, where the key must stay. The files of such a post are not kept, neither those it
 * brings nor those a page drawn again held for it (`held-files.ts`): the page says so.
 * A refusal (no address, a form too old) draws the form again with what was typed, as a refused
 * send does.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { html } from 'hono/html';
import type { DraftContent } from '../../contract/drafts.ts';
import { questionSignature } from '../../contract/draft-formats.ts';
import type { EnquiryPart } from '../../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { formatIn } from '../../contract/plurals.ts';
import { formIn, pageIn } from '../../http/form-language.ts';
import { requireAllowedOrigin } from '../../http/origin.ts';
import { answersAsValues } from '../option-values.ts';
import { noteEnquiry } from '../answer-refusal.ts';
import { pageAddressOf } from '../page/page-addresses.ts';
import { pagePosts, type PagePostDeps, type PagePostEnv } from '../page/page-post.ts';
import { page, pageHeaders } from '../page/page-frame.ts';
import { enquiryFromFields, heldIn, type PlainFields } from '../page/plain-fields.ts';
import { formSession } from '../uploads/form-session.ts';
import { dayIn } from '../../notify/draft-emails.ts';
import { DraftNotSaved } from '../../outbox/draft-store.ts';
import type { DraftRouteDeps } from './draft-deps.ts';
import { linkEmail } from './draft-mails.ts';
import { draftRefusals as refuse } from './draft-refusals.ts';
import { checkedEmail, draftPageOn, take } from './draft-checks.ts';
import { newDraftId, writeHashOf } from './draft-secrets.ts';
import { sealDraft } from './draft-seal.ts';
import { askedVersion, versionFor } from '../../studio/enquiry-version.ts';
import { offersSaving } from '../../notify/drafts-state.ts';

/**
 * The draft routes' deps, with the versions a page may have been drawn from, and the enquiry
 * route's limits on a body of files (a save may bring the page's files: they are not kept).
 */
type PageRouteDeps = DraftRouteDeps &
  PagePostDeps & {
    form: Parameters<typeof versionFor>[0];
  };

/** What a plain post holds, as the widget would have saved it (choices by their values). */
function contentOf(form: FormConfig, fields: PlainFields, email: string): DraftContent {
  const part = answersAsValues(form, enquiryFromFields(fields, form) as EnquiryPart);
  const caseType = form.caseTypes.find((each) => each.id === part.case_type);
  const asked: Record<string, string> = {};
  for (const question of caseType?.questions ?? [])
    if (question.id in part.answers) asked[question.id] = questionSignature(question);
  for (const statement of form.consent?.statements ?? [])
    if (statement.id in part.consent) asked[`consent.${statement.id}`] = statement.label;
  const text = (name: string) => fields.get(name)?.[0] ?? '';
  return {
    v: 1,
    values: {
      forename: text('forename'),
      surname: text('surname'),
      email: text('email'),
      telephone_mobile: text('telephone_mobile'),
      case_type: part.case_type,
      answers: part.answers,
      consent: part.consent,
      ...(part.send_copy ? { sendCopy: true } : {}),
    },
    asked,
    uploads: [],
    write: randomBytes(16).toString('base64url'),
    email,
  };
}

/** The save of the page without JavaScript, as a Hono app to mount at `/`. */
export function draftPageRoute(deps: PageRouteDeps): Hono<PagePostEnv> {
  const app = new Hono<PagePostEnv>();
  const { clientKey, bodyGuard, fieldsOf } = pagePosts(deps);
  // Its own rate is the drafts' (`take`), before a byte of the body is read.
  const offered = createMiddleware(async (c, next) => {
    // Only while the version served offers saving (a version published later may not).
    if (!offersSaving(deps.drafts, deps.form.current().config)) return c.notFound();
    await take(deps.limits.perClient, clientKey(c));
    await next();
  });
  app.post('/form/save', noteEnquiry, requireAllowedOrigin(deps), offered, bodyGuard, async (c) => {
    const form = deps.form.current();
    const { fields, files } = await fieldsOf(c);
    const now = deps.now();
    const token = fields.get('form_token')?.[0];
    formSession(token, deps.bots, now);
    // Each answer is kept with its question as the page asked it: a restore after a publish
    // then asks again what the version served then asks otherwise
    // (widget/late/drafts/draft-content.ts).
    const asked = { form_token: token, form_version: Number(fields.get('form_version')?.[0]) };
    const drawn = await versionFor(deps.form, askedVersion(deps.bots.tokens, asked), now);
    const to = checkedEmail(fields.get('email')?.[0] ?? '');
    const visitor = pageIn(form, fields.get('lang')?.[0]);
    const back = draftPageOn(deps.allowedOrigins, pageAddressOf(c).back);
    if (!back) throw refuse.page(deps.allowedOrigins[0] ?? '');
    const sealed = sealDraft(contentOf(formIn(drawn, visitor.lang).form, fields, to));
    const id = newDraftId();
    const expiresAt = now + deps.expiryMs;
    const who = { id, to, lang: visitor.lang, client: clientKey(c), now };
    try {
      await deps.drafts.saveDraft({
        id,
        fresh: true,
        subject: deps.secrets.subjectOf(to),
        writeHash: writeHashOf(randomBytes(16).toString('base64url')),
        ciphertext: sealed.ciphertext,
        now,
        expiresAt,
        uploads: [],
        releasedUntil: now,
        email: linkEmail(deps, who, { page: back, key: sealed.key, expiresAt }),
      });
    } catch (error) {
      throw error instanceof DraftNotSaved ? refuse.overLimit() : error;
    }
    const { words, lang } = visitor.language;
    const title = words['draft.pageSavedTitle'];
    const said = formatIn(lang, words['draft.pageSaved'], {
      email: to,
      date: dayIn(
        { lang, timeZone: form.config.confirmation?.timeZone ?? 'Europe/London' },
        expiresAt,
      ),
    });
    const host = new URL(back).host;
    const filesLeft = files > 0 || heldIn(fields).length > 0;
    return c.html(
      page(
        title,
        html`<h1>${title}</h1>
          <p>${said}</p>
          ${filesLeft ? html`<p>${words['draft.pageFilesNotKept']}</p>` : ''}
          <p><a href="${back}">${formatIn(lang, words['page.backTo'], { host })}</a></p>`,
        visitor.language,
      ) as unknown as string,
      200,
      pageHeaders(form.config),
    );
  });
  return app;
}
