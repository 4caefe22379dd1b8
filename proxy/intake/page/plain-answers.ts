/**
 * How the intake answers the form without JavaScript: a browser navigating, not a script
 * reading JSON. Taken: `303` to the configuration's `thankYouUrl` (with the reference), or to
 * our confirmation page (`/form/sent`, with a signed pass saying what it shows). Sent again from
 * the same page (its key): the first answer again, as for the widget. Refused, for its fields,
 * its files or anything else (a rate limit, a full outbox), as the one place that answers
 * refusals decides (`../answer-refusal.ts`): the form again, every value kept, an error summary
 * on top; refused before a field was read (another site's page), a page that says so.
 */
import type { Context } from 'hono';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { tokenForRedraw, type BotCheckOptions } from '../../http/bots/bot-check.ts';
import { regionOf } from '../../contract/email-typos.ts';
import type { MarketingField } from '../../contract/fields.ts';
import { FIELD_MAX_LENGTH } from '../../contract/limits.ts';
import type { Refusal } from '../../http/refusal.ts';
import { enquiryFromFields, type PlainFields } from './plain-fields.ts';
import { timesAfterPost } from './page-times.ts';
import type { SlotFinder } from '../../booking/slot-finder.ts';
import type { HeldFile, HeldFiles, PageIssue } from './held-files.ts';
import { formPage, problemPage } from './form-page.ts';
import { pageHeaders } from './page-frame.ts';
import {
  backTo,
  confirmationAddress,
  newPageKey,
  pageAddressOf,
  sendAddress,
  type TakenPost,
} from './page-addresses.ts';
import type { SentPasses } from './sent-pass.ts';
import { formIn, pageIn, type FormLanguageDeps } from '../../http/form-language.ts';
import type { CurrentForm } from '../../studio/live-form.ts';
import { offersSaving } from '../../notify/drafts-state.ts';

const asPage = (c: Context, config: FormConfig, body: unknown, status: number) =>
  c.html(body as string, status as 200, pageHeaders(config));

/** True for a browser navigating (`Accept: text/html` first), not a script reading JSON. */
export const isNavigation = (c: Context): boolean =>
  /^text\/html/.test(c.req.header('accept') ?? '');

/** The idempotency key a post from the form page carries in its address, if any. */
export const plainIdempotencyKey = (c: Context): string | undefined => pageAddressOf(c).key;

/** The answer to a plain post that was taken. */
export function plainTaken(
  c: Context,
  deps: { form: CurrentForm; allowedOrigins: readonly string[]; sentPasses: SentPasses },
  taken: TakenPost,
  lang: string | undefined,
): Response {
  const form = deps.form.current();
  const { thankYouUrl } = form.config;
  if (thankYouUrl) {
    const target = new URL(thankYouUrl);
    target.searchParams.set('reference', taken.reference);
    if (taken.receipt) target.searchParams.set('receipt', taken.receipt);
    return c.redirect(target.href, 303);
  }
  // The way back, as the page's address gave it, is checked now: the pass then vouches for it.
  const back = backTo(deps.allowedOrigins, pageAddressOf(c).back);
  const pass = deps.sentPasses.issue({ taken, ...(back ? { back } : {}) });
  return c.redirect(confirmationAddress(pass, formIn(form, lang).lang), 303);
}

/**
 * The answer to a plain post refused: the form again, as it was sent, with the refusal's field
 * issues, or its message when no field is to blame. The refusal's headers are on `c` already.
 */
export async function plainRefused(
  c: Context,
  deps: {
    form: CurrentForm;
    bots: BotCheckOptions;
    drafts?: object | undefined;
    slots: SlotFinder;
  },
  fields: PlainFields,
  refusal: Refusal,
  asked: string | undefined,
  held?: HeldFiles,
): Promise<Response> {
  const form = deps.form.current();
  const visitor = pageIn(form, asked);
  const body = refusal.bodyIn(visitor.language.words, visitor.language.lang);
  const refused = ('issues' in body ? body.issues : undefined) ?? [];
  const page = await drawnAgain(c, deps, fields, asked, {
    // A file kept is not named again; one that could not be kept is, so it is chosen again.
    issues: [...refused, ...(held?.issues ?? [])],
    problem: refused.length > 0 ? undefined : body.message,
    held: held?.files ?? [],
    // The first drawing's moment, in a token of its own (the one sent may be spent). The page
    // is drawn again from the version served now, and says so.
    formToken: tokenForRedraw(deps.bots, fields.get('form_token')?.[0], form.version),
  });
  return asPage(c, form.config, page, refusal.status);
}

/** What a page drawn again shows besides the values posted. */
export interface DrawnAgain {
  issues?: readonly PageIssue[];
  problem?: string | undefined;
  held?: readonly HeldFile[];
  /** What the page says of the last press (`FormPageOptions.said`). */
  said?: string | undefined;
  formToken: string;
}

/**
 * The form drawn again from a plain post's `fields`, in the version served now and the language
 * `asked`, with the same key in its address: nothing was stored with it, and sending it is still
 * the same enquiry.
 */
export async function drawnAgain(
  c: Context,
  deps: { form: CurrentForm; drafts?: object | undefined; slots: SlotFinder },
  fields: PlainFields,
  asked: string | undefined,
  drawn: DrawnAgain,
) {
  const form = deps.form.current();
  const visitor = pageIn(form, asked);
  const caseTypeId = fields.get('case_type')?.[0];
  const caseType = visitor.form.caseTypes.find((c) => c.id === caseTypeId);
  const { key, back } = pageAddressOf(c);
  // The times offered now, by the team every answer sent chooses (a time taken meanwhile is gone).
  const sent = enquiryFromFields(fields, form.config);
  const times = await timesAfterPost(deps.slots, form, sent, asked);
  return formPage({
    times,
    config: visitor.form,
    caseType,
    values: fields,
    issues: drawn.issues ?? [],
    problem: drawn.problem,
    held: drawn.held ?? [],
    said: drawn.said,
    language: visitor.language,
    hiddenLang: visitor.several,
    formToken: drawn.formToken,
    formVersion: form.version,
    sendTo: sendAddress(key ?? newPageKey(), back, visitor),
    region: regionOf((c.req.header('accept-language') ?? '').split(',')),
    saves: offersSaving(deps.drafts, form.config),
  });
}

/**
 * The answer to a browser's post refused before a field of it was read (another site's page, a
 * limit met at the door): a page saying why, with the refusal's status, in the languages the
 * browser asks for. A problem page has no form: the policy's `form-action` does not matter here.
 */
export function plainRefusedAtTheDoor(
  c: Context,
  deps: FormLanguageDeps,
  refusal: Refusal,
  asked: string | undefined,
): Response {
  const { language } = pageIn(deps, asked);
  const { message } = refusal.bodyIn(language.words, language.lang);
  return c.html(
    problemPage(message, language) as unknown as string,
    refusal.status,
    pageHeaders({}),
  );
}

/** Values for `/form` from its URL: the attribution, prefills and hidden answers. */
export function valuesFromQuery(
  deps: { config: FormConfig },
  caseTypeId: string | undefined,
  query: URLSearchParams,
  referer: string | undefined,
): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const first = (...names: string[]) => names.map((name) => query.get(name)).find((v) => v) ?? '';
  // A visitor cannot correct attribution: it is cut to what the proxy takes, never refused.
  const attribution: Record<MarketingField, string> = {
    campaign: first('campaign', 'utm_campaign'),
    keywords: first('keywords', 'utm_term'),
    detail: first('detail'),
    lead_referer: first('referer', 'utm_source') || hostOf(referer),
  };
  for (const [field, value] of Object.entries(attribution) as [MarketingField, string][])
    values.set(`marketing.${field}`, [
      value.replace(/\s+/g, ' ').slice(0, FIELD_MAX_LENGTH[field]),
    ]);
  const caseType = deps.config.caseTypes.find((c) => c.id === caseTypeId);
  for (const question of caseType?.questions ?? []) {
    const source = question.from ?? question.prefill;
    const value = source && 'param' in source ? query.get(source.param) : null;
    if (value !== null) values.set(`answers.${question.id}`, [value]);
  }
  return values;
}

const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
};
