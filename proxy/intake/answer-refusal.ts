/**
 * The one place a refusal becomes an answer, for every route (the app's `onError`): whatever
 * threw it (a guard at the door, the intake's checks, the outbox out of room), the widget and
 * API clients get its JSON, and a browser posting the page without JavaScript gets that page
 * again, with what was typed and an error summary: never a dead end. Refused before a field was
 * read, the browser gets a page saying why.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { BotCheckOptions } from '../http/bots/bot-check.ts';
import type { Refusal } from '../http/refusal.ts';
import type { Logger } from '../logger.ts';
import { isNavigation, plainRefused, plainRefusedAtTheDoor } from './page/plain-answers.ts';
import type { PlainFields } from './page/plain-fields.ts';
import type { HeldFiles } from './page/held-files.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import type { SlotFinder } from '../booking/slot-finder.ts';
import { formIn, requestedLanguage, wordsIn } from '../http/form-language.ts';

/** What the intake notes of an enquiry as it comes in, for its answer. */
export interface EnquiryNote {
  /** A browser navigating (`Accept: text/html` first): answered with pages, not JSON. */
  page: boolean;
  /** A plain post's named fields, as far as they were read: the form is drawn again with them. */
  fields?: PlainFields;
  /** The language the enquiry names (`lang`), once its part is read: the answer's words. */
  lang?: string | undefined;
  /** The enquiry was read whole (its part, or a plain post's fields): it names its language or none. */
  read?: boolean;
  /** A plain post's files kept for the page drawn again (`page/held-files.ts`). */
  held?: HeldFiles;
}

/** The context's variables of a request to the intake. */
export interface IntakeVariables {
  enquiry?: EnquiryNote;
  /** The language a request that is no enquiry (an upload's) is answered in. */
  answerLanguage?: string | undefined;
}

/** Answers the request's refusals in `lang` (none: as they are, in English). */
export const answerIn = (c: Context, lang: string | undefined): void => {
  (c as Context<{ Variables: IntakeVariables }>).set('answerLanguage', lang);
};

/** The language `answerIn` named for the request's answers. */
export const answerLanguage = (c: Context): string | undefined =>
  (c as Context<{ Variables: IntakeVariables }>).get('answerLanguage');

/** The intake's first middleware: notes that the request is an enquiry, and how to answer it. */
export const noteEnquiry: MiddlewareHandler<{ Variables: IntakeVariables }> = async (c, next) => {
  c.set('enquiry', { page: isNavigation(c) });
  await next();
};

/** What drawing the form again needs. */
export interface RefusalAnswerDeps {
  /** The form, as it is served now: a refusal is said in its languages. */
  form: CurrentForm;
  bots: BotCheckOptions;
  log: Logger;
  /** Present when the form offers "Save and continue later": the form drawn again offers it. */
  drafts?: object | undefined;
  /** The free times the form drawn again offers. */
  slots: SlotFinder;
}

/**
 * Answers `refusal`: its headers, then its JSON, or for a post of the page without JavaScript
 * the page again (`page/plain-answers.ts`). An enquiry's refusal is logged with what was wrong.
 *
 * @example app.onError((error, c) => (error instanceof Refusal ? answer(c, error) : …));
 */
export function refusalAnswers(deps: RefusalAnswerDeps) {
  return (c: Context, refusal: Refusal): Response | Promise<Response> => {
    for (const [name, value] of Object.entries(refusal.headers)) c.header(name, value);
    const enquiry = (c as Context<{ Variables: IntakeVariables }>).get('enquiry');
    const form = deps.form.current();
    if (!enquiry) {
      const lang = answerLanguage(c);
      return c.json(
        lang ? refusal.bodyIn(wordsIn(form, lang), lang) : refusal.body,
        refusal.status,
      );
    }
    const { body } = refusal;
    const issues = 'issues' in body ? body.issues?.map((i) => `${i.field}:${i.code}`) : undefined;
    deps.log.info(
      {
        requestId: c.get('requestId'),
        status: refusal.status,
        error: body.error,
        issues,
      },
      'submission refused',
    );
    const asked = askedLanguage(c, enquiry);
    if (enquiry.fields && refusal.redraw)
      return plainRefused(c, deps, enquiry.fields, refusal, asked, enquiry.held);
    if (enquiry.page) return plainRefusedAtTheDoor(c, form, refusal, asked);
    // An API client or the widget: the words in the language it asks for (none: as they are).
    const { lang } = formIn(form, asked);
    return c.json(lang ? refusal.bodyIn(wordsIn(form, lang), lang) : body, refusal.status);
  };
}

/**
 * The language a refusal of `enquiry` is said in: the one the enquiry names once read (a plain
 * post's `lang` field as soon as it is read), as that is what the visitor was shown. Refused
 * before, the request's address names it (`?lang=`, the page's post: `page/page-addresses.ts`),
 * else the client's `Accept-Language`; `formIn` matches either to the form's languages.
 */
function askedLanguage(c: Context, enquiry: EnquiryNote): string | undefined {
  const named = enquiry.lang ?? enquiry.fields?.get('lang')?.[0];
  if (named !== undefined || enquiry.read) return named;
  return requestedLanguage(c);
}
