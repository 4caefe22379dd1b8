/**
 * What the form without JavaScript carries in its addresses, so that its plain fields stay the
 * enquiry's own:
 *
 * - the page posts to `/api/enquiries?idempotency-key=…&back=…&lang=…`: a key made when the page
 *   is drawn, so that sending the same page again (the answer was lost, the visitor pressed
 *   again) is the same enquiry, answered as a repeat and never a second lead; the page of the
 *   site the visitor came from; and the page's language, when the form has several;
 * - a post taken without `thankYouUrl` is answered `303` to `/form/sent?pass=…` (post, redirect,
 *   get): the address bar never shows `/api/enquiries`, a reload sends nothing, and the
 *   confirmation links back to the site. The pass (`sent-pass.ts`) is signed and short-lived:
 *   the page shows nothing that an address alone could have made it show.
 */
import type { AnswerCall } from '../../contract/wire.ts';
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { PageInLanguage } from '../../http/form-language.ts';

/**
 * The form page's `action`: where its post goes, with its key, the way back and, for a form in
 * several languages, the page's language: a post refused before its `lang` field is read (a
 * body that cannot be read, a key that is not one) is answered in it, not in the browser's.
 *
 * @example sendAddress(key, undefined, { lang: 'cy', several: true }) // '/api/enquiries?idempotency-key=…&lang=cy'
 */
export function sendAddress(
  key: string,
  back: string | undefined,
  page: Pick<PageInLanguage, 'lang' | 'several'>,
): string {
  const query = new URLSearchParams({ 'idempotency-key': key });
  if (back) query.set('back', back);
  if (page.several && page.lang) query.set('lang', page.lang);
  return `/api/enquiries?${query.toString()}`;
}

/**
 * Where the page's "Save and continue later" posts: its send address's query (the way back,
 * which the saved enquiry's link leads to, and the language) at `/form/save`.
 */
export const saveAddress = (sendTo: string): string =>
  sendTo.replace(/^\/api\/enquiries\?/, '/form/save?');

/**
 * Where the page's "Keep what I have typed" posts (the form's `unfinished` block): its send
 * address's query (the key the enquiry is sent with, the way back, the language) at
 * `/form/unfinished`, so that the page it answers with sends the same enquiry. None for a page
 * that does not post to the intake (the studio's preview): nothing is kept from it.
 */
export const keepAddress = (sendTo: string): string | undefined =>
  sendTo.startsWith('/api/enquiries?')
    ? sendTo.replace(/^\/api\/enquiries\?/, '/form/unfinished?')
    : undefined;

/** A new key for a page being drawn. */
export const newPageKey = (): string => randomUUID();

/** What a post from the page carries in its address: its key and the way back, if any. */
export function pageAddressOf(c: Context): { key?: string; back?: string } {
  const query = new URL(c.req.url).searchParams;
  return {
    key: query.get('idempotency-key') ?? undefined,
    back: query.get('back') ?? undefined,
  };
}

/** What the confirmation page shows of a taken post. */
export interface TakenPost {
  reference: string;
  status: 'delivered' | 'queued';
  receipt?: string;
  /** Its call: booked (the page says it, with its page and calendar file), or not held. */
  call?: AnswerCall;
}

/** The shape of a receipt code (`intake/receipt-code.ts`): anything else is not shown. */
export const RECEIPT_SHAPE = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/;

/**
 * The confirmation's address after a plain post was taken, with its pass (`sent-pass.ts`) and
 * the language its visitor read the form in, if the form has several.
 */
export const confirmationAddress = (pass: string, lang?: string): string =>
  `/form/sent?${new URLSearchParams({ pass, ...(lang ? { lang } : {}) }).toString()}`;

/**
 * Where "back to the site" leads: `candidate` (the page the visitor came from) when it is a page
 * of a site allowed to embed the form, else the first such site, else nowhere. Never another
 * site: the address of the confirmation can be written by anyone.
 */
export function backTo(
  allowedOrigins: readonly string[],
  candidate: string | undefined,
): string | undefined {
  const url = parsed(candidate);
  if (url && allowedOrigins.includes(url.origin)) return url.href;
  return allowedOrigins[0] === undefined ? undefined : `${allowedOrigins[0]}/`;
}

const parsed = (candidate: string | undefined) => {
  try {
    return candidate ? new URL(candidate) : undefined;
  } catch {
    return undefined;
  }
};
