/**
 * `POST /form/unfinished`: the box of unfinished enquiries on the form without JavaScript
 * (`page/unfinished-box.ts`, `docs/unfinished.md`). Its buttons post the whole form here
 * (`formaction`), with the record's id and secret the page carries:
 *
 * - "Keep what I have typed" with the box ticked keeps what the post holds, as the widget's keep
 *   does (`keep-record.ts`: the same checks, consent, limits and outbox call), and answers with
 *   the form again, ticked, saying until when it is kept and how to take it back;
 * - with the box unticked, or "Erase what is kept", it erases the record at once and keeps
 *   nothing.
 *
 * Each post is the page's next change: its count (`seq`) is the time it arrived, so a post of an
 * older drawing of the page (the Back button) still counts as the visitor's last word. Sending
 * the enquiry from the page drawn again takes the record over (`enquiry-route.ts`). The same
 * door as the page's other posts: an allowed `Origin`, the route's limits before a byte is read,
 * the body held as an enquiry's is, and files never kept.
 */
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MARKETING_FIELDS } from '../../contract/fields.ts';
import { formatIn } from '../../contract/plurals.ts';
import type { FunnelAdmission } from '../../funnel/admission.ts';
import type { SlotFinder } from '../../booking/slot-finder.ts';
import { formIn, pageIn } from '../../http/form-language.ts';
import { requireAllowedOrigin } from '../../http/origin.ts';
import { Refusal } from '../../http/refusal.ts';
import { dayIn } from '../../notify/draft-emails.ts';
import { noteEnquiry } from '../answer-refusal.ts';
import { take } from '../drafts/draft-checks.ts';
import { drawnAgain } from '../page/plain-answers.ts';
import { pageAddressOf } from '../page/page-addresses.ts';
import { pageHeaders } from '../page/page-frame.ts';
import { pagePosts, type PagePostDeps, type PagePostEnv } from '../page/page-post.ts';
import { enquiryFromFields, type PlainFields } from '../page/plain-fields.ts';
import { boxOf, UNFINISHED_FIELDS, type PostedBox } from '../page/unfinished-box.ts';
import { eraseRecord, keepRecord, type KeepBody } from './keep-record.ts';
import { keepSchema } from './unfinished-bodies.ts';
import type { UnfinishedRouteDeps } from './unfinished-deps.ts';

/** The routes' deps, and what drawing the form again and reading a body of files need. */
export type UnfinishedPageDeps = UnfinishedRouteDeps &
  PagePostDeps & {
    slots: SlotFinder;
    drafts?: object | undefined;
  };

/** The keep a plain post stands for, as the widget would send it; checked by `keepSchema`. */
function keepOf(fields: PlainFields, box: PostedBox, c: Context, deps: UnfinishedPageDeps) {
  const form = deps.form.current();
  const one = (name: string) => fields.get(name)?.[0] ?? '';
  const lang = fields.get('lang')?.[0];
  const version = Number(one('form_version'));
  const body = {
    id: box.id,
    secret: box.secret,
    seq: deps.now(),
    form_token: one('form_token'),
    ...(lang === undefined ? {} : { lang }),
    ...(Number.isInteger(version) && version > 0 ? { form_version: version } : {}),
    values: {
      forename: one('forename'),
      surname: one('surname'),
      email: one('email'),
      telephone_mobile: one('telephone_mobile'),
      case_type: one('case_type'),
      answers: enquiryFromFields(fields, formIn(form, lang).form).answers,
    },
    marketing: Object.fromEntries(MARKETING_FIELDS.map((f) => [f, one(`marketing.${f}`)])),
    // The reminder's box is the widget's: a page without script offers none.
    remind: false,
    page: pageAddressOf(c).back ?? '',
  };
  return keepSchema.safeParse(body);
}

/** The route, as a Hono app to mount at `/`. */
export function unfinishedPageRoute(
  deps: UnfinishedPageDeps,
  funnel: FunnelAdmission,
): Hono<PagePostEnv> {
  const app = new Hono<PagePostEnv>();
  const { clientKey, bodyGuard, fieldsOf } = pagePosts(deps);
  // Only while the version served has the block; the widget's limits, before the body is read.
  const offered = createMiddleware(async (c, next) => {
    if (!deps.form.current().config.unfinished) return c.notFound();
    await take(deps.limits.perClient, clientKey(c));
    await take(deps.limits.forAll, 'everybody');
    await next();
  });

  app.post(
    '/form/unfinished',
    noteEnquiry,
    requireAllowedOrigin(deps),
    offered,
    bodyGuard,
    async (c) => {
      const form = deps.form.current();
      const { fields } = await fieldsOf(c);
      const box = boxOf(fields);
      const asked = fields.get('lang')?.[0];
      const { words, lang } = pageIn(form, asked).language;
      const drawn = (said: string, ticked: boolean) => {
        // The page keeps its record: drawn again, it carries the same id and secret.
        fields.set(UNFINISHED_FIELDS.id, [box.id]);
        fields.set(UNFINISHED_FIELDS.secret, [box.secret]);
        if (ticked) fields.set(UNFINISHED_FIELDS.keep, ['on']);
        else fields.delete(UNFINISHED_FIELDS.keep);
        fields.delete(UNFINISHED_FIELDS.erase);
        // The token sent is the page's still (a keep spends nothing): its enquiry takes the record.
        const formToken = fields.get('form_token')?.[0] ?? '';
        return drawnAgain(c, deps, fields, asked, { said, formToken });
      };
      const answer = async (said: string, ticked: boolean) =>
        c.html((await drawn(said, ticked)) as unknown as string, 200, pageHeaders(form.config));

      if (!box.ticked || box.erase) {
        const erased = await eraseRecord(deps, { id: box.id, secret: box.secret, seq: deps.now() });
        return answer(erased ? words.unfinishedErased : words['unfinished.pageNotTicked'], false);
      }
      const keep = keepOf(fields, box, c, deps);
      // Nothing is kept of a post refused: drawn again, its box is unticked.
      fields.delete(UNFINISHED_FIELDS.keep);
      if (!keep.success)
        throw new Refusal(400, {
          error: 'bad_request',
          message: `The form does not say what ${c.req.path} needs: ${keep.error.issues
            .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
            .join('; ')}`,
        });
      const kept = await keepRecord(c, deps, funnel, keep.data satisfies KeepBody);
      if ('issues' in kept) {
        const noContact = kept.issues.some((i) => i.field === 'email' && i.code === 'required');
        if (noContact) return answer(words['unfinished.pageNeedsContact'], false);
        throw Refusal.validation(kept.issues);
      }
      const timeZone = form.config.confirmation?.timeZone ?? 'Europe/London';
      const date = dayIn({ lang, timeZone }, kept.expiresAt);
      return answer(formatIn(lang, words['unfinished.pageKept'], { date }), true);
    },
  );
  return app;
}
