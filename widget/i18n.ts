/**
 * The visitor's words: the strings of `#contract`'s `DEFAULT_STRINGS` (shared with the page the
 * proxy serves without JavaScript), with the element's `i18n` overrides, and `Intl` for
 * numbers, sizes and waits. This bundle brings the strings of the form itself
 * (`FORM_STRINGS`); the late bundle adds the rest when it loads (`learnStrings`), before anything
 * it says can be shown.
 */
import { type DEFAULT_STRINGS, FORM_STRINGS, formatMessage, type MessageParams } from '#contract';
import type { BOOKING_STRINGS } from './late/booking/strings.ts';
import type { DRAFT_STRINGS } from './late/drafts/strings.ts';
import type { UNFINISHED_STRINGS } from './late/unfinished/strings.ts';
import type { UPLOAD_STRINGS } from './late/uploads/strings.ts';

/** The English strings this page has so far. */
const defaults: Record<string, string> = { ...FORM_STRINGS };

/** Adds English strings (the late bundle's) to every form on the page. */
export function learnStrings(strings: Readonly<Record<string, string>>): void {
  Object.assign(defaults, strings);
}

/** A string's key. */
export type StringKey =
  | keyof typeof DEFAULT_STRINGS
  | keyof typeof UPLOAD_STRINGS
  | keyof typeof DRAFT_STRINGS
  | keyof typeof BOOKING_STRINGS
  | keyof typeof UNFINISHED_STRINGS;
/** A full set of strings. */
export type Strings = Readonly<Record<StringKey, string>>;
/** The `i18n` property: any subset of the strings. */
export type EnquiryFormStrings = Partial<Strings>;

/**
 * The `i18n` attribute: strings as JSON. Anything else (React's `"[object Object]"` for an
 * object given before the element was defined) is named in the console and ignored.
 */
export function parseStrings(json: string | null): EnquiryFormStrings | undefined {
  if (json === null) return undefined;
  try {
    const strings: unknown = JSON.parse(json);
    if (typeof strings === 'object' && strings !== null) return strings;
  } catch {
    // Named below.
  }
  console.warn('<enquiry-form>: the i18n attribute must be JSON, like {"submit":"Send"}');
  return undefined;
}

/** Words and numbers in the visitor's language: the overrides over the defaults, and `Intl`. */
export class Translator {
  readonly #overrides: Record<string, string> = {};

  readonly locale: string;

  constructor(overrides: EnquiryFormStrings | undefined, locale: string | undefined) {
    // Only strings replace strings: a page script's `{ forename: undefined }` keeps the default.
    for (const [key, text] of Object.entries(overrides ?? {})) {
      if (typeof text === 'string') this.#overrides[key] = text;
    }
    this.locale = canonicalLocale(locale);
  }

  has(key: string): key is StringKey {
    return Object.hasOwn(this.#overrides, key) || Object.hasOwn(defaults, key);
  }

  /** @example t.text('fileAdded', { name: 'scan.pdf' }) // 'scan.pdf added' */
  text(key: StringKey, params?: MessageParams): string {
    return formatMessage(this.#overrides[key] ?? defaults[key] ?? key, params);
  }
}

/** A well-formed language tag, or English: `Intl` throws on a malformed one. */
function canonicalLocale(tag: string | undefined): string {
  try {
    return Intl.getCanonicalLocales(tag || 'en')[0] ?? 'en';
  } catch {
    return 'en';
  }
}
