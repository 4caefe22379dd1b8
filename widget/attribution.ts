/**
 * Marketing attribution: which campaign brought the visitor. Marketers may set it on the tag;
 * otherwise it comes from the landing page's URL (`utm_*`, `gclid`) and `document.referrer`.
 *
 * The first touch of the browser session wins: a visitor who lands on an advertised page and
 * sends the form from another page of the site still counts for the advert. `captureFirstTouch`
 * runs when the script loads, before any element exists, because the landing page may not have
 * a form on it at all.
 */
import type { Marketing } from '#contract';
import { asRecord, asString, readSession, writeSession } from './session-store.ts';

/** A marketing field's name. */
export type MarketingField = keyof Marketing;

/** All four fields, always strings (empty when unknown). */
export type Attribution = Readonly<Record<MarketingField, string>>;

/** The tag's attributes (the element's properties): each fills its field, `referer` `lead_referer`. */
export type AttributionAttributes = Readonly<
  Partial<Record<'campaign' | 'referer' | 'keywords' | 'detail', string | null>>
>;

const FIRST_TOUCH_KEY = 'enquiry-form:first-touch';
const FIELDS: readonly MarketingField[] = ['lead_referer', 'campaign', 'keywords', 'detail'];
const DETAIL_PARAMS = ['utm_medium', 'utm_content', 'gclid'] as const;
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const NOT_ON_ONE_LINE = /[\u0000-\u001f\u007f-\u009f]+/g;
/** Half a surrogate pair (under the u flag a whole pair is one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * One line, with no half of an emoji (the shared rules refuse it). A visitor cannot correct a
 * marketing field, so a value the proxy would refuse is tidied instead of blocking the enquiry;
 * its length is cut to the proxy's limit when it is sent (`late/enquiry-part.ts`).
 */
const tidy = (value: string): string =>
  value.replace(NOT_ON_ONE_LINE, ' ').replace(LONE_SURROGATE, '').trim();

/** A field's value for each field, each tidied. */
const eachField = (value: (field: MarketingField) => string): Attribution =>
  Object.fromEntries(FIELDS.map((field) => [field, tidy(value(field))])) as Attribution;

/**
 * What one page view says about where the visitor came from.
 *
 * @example touchFrom(new URL('https://firm.example/?utm_source=google&gclid=XYZ'), '')
 *   // { lead_referer: 'google', campaign: '', keywords: '', detail: 'gclid=XYZ' }
 */
export function touchFrom(url: URL, referrer: string): Attribution {
  const query = url.searchParams;
  const touch: Attribution = {
    lead_referer: query.get('utm_source') ?? externalHost(referrer, url.hostname),
    campaign: query.get('utm_campaign') ?? '',
    keywords: query.get('utm_term') ?? '',
    detail: DETAIL_PARAMS.filter((name) => query.get(name))
      .map((name) => `${name}=${query.get(name) ?? ''}`)
      .join('; '),
  };
  return eachField((field) => touch[field]);
}

/** The referrer's host name when it is another site; a move within the site is no touch. */
function externalHost(referrer: string, ownHost: string): string {
  // No referrer (typed in, a bookmark, an app) is the common case: no URL to parse, and no
  // exception thrown and caught while the form first renders.
  if (referrer === '') return '';
  try {
    const host = new URL(referrer).hostname;
    return host === ownHost ? '' : host;
  } catch {
    return '';
  }
}

const isEmpty = (touch: Attribution) => FIELDS.every((field) => touch[field] === '');

/** This page view's touch. */
const pageTouch = () => touchFrom(new URL(location.href), document.referrer);

/**
 * Stores this page view's touch unless the session already has one. A page view that says
 * nothing (typed address, a link within the site) is not a touch, so a later advert still counts.
 */
export function captureFirstTouch() {
  if (readSession(FIRST_TOUCH_KEY) !== undefined) return;
  const touch = pageTouch();
  if (!isEmpty(touch)) writeSession(FIRST_TOUCH_KEY, touch);
}

/** The session's first touch, or this page's when storage is unavailable or empty. */
export function firstTouch(): Attribution {
  const stored = readSession(FIRST_TOUCH_KEY);
  if (stored === undefined) return pageTouch();
  const record = asRecord(stored);
  return eachField((field) => asString(record[field]));
}

/**
 * The attribution sent with the enquiry: each attribute on the tag wins over the stored touch,
 * even when the marketer set it empty on purpose.
 */
export const resolveAttribution = (attributes: AttributionAttributes, touch: Attribution) =>
  eachField((field) => {
    const fromTag = attributes[field === 'lead_referer' ? 'referer' : field];
    return typeof fromTag === 'string' ? fromTag : touch[field];
  });
