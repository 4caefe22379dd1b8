/**
 * Which language the visitor reads the form in. The widget asks the proxy for the form with a
 * preference list (`GET /api/form?lang=cy-GB,en`): the tag's `lang` (or an ancestor's, up to the
 * page's `<html lang>`), else the browser's languages. The proxy matches it to the form's
 * languages and answers the form in that language, with the widget's own words (`strings`), the
 * language matched and the form's others (`languages`), and `dir` for a language written right to
 * left. A form in one language is answered as it always was, and none of this is in it.
 */
import type { PublicFormConfig } from '#contract';

/** A language the form offers, named in itself (`{ tag: 'cy', name: 'Cymraeg' }`). */
export interface OfferedLanguage {
  tag: string;
  name: string;
}

/** What `GET /api/form?lang=` adds to the configuration for a visitor's language. */
export interface FormLanguage {
  /** The language matched: one of the form's, present when it lists more than one. */
  language?: string;
  /** Every language the form offers, the firm's first. */
  languages?: readonly (OfferedLanguage | string)[];
  /** The widget's words in `language`, when that is not English (keys as `i18n`'s). */
  strings?: Readonly<Record<string, string>>;
  /** `rtl` for a language written right to left (`ar`, `he`, `fa`). */
  dir?: string;
}

/** The language fields of an answer of `GET /api/form` (none for a form in one language). */
export const languageOf = (config: PublicFormConfig | undefined) => (config ?? {}) as FormLanguage;

/**
 * The languages the visitor reads, most wanted first, as `?lang=` carries them: the language the
 * tag is in (its own `lang`, else an ancestor's up to the page's `<html lang>`), else the
 * browser's. `lang=""` says the language is unknown.
 *
 * @example wantedLanguages(element) // 'cy' on a page with <html lang="cy">
 */
export const wantedLanguages = (element: Pick<Element, 'closest'>) =>
  encodeURIComponent(pageLanguage(element) || navigator.languages.join());

/** The language the tag is in: its own `lang`, else an ancestor's up to the page's `<html lang>`. */
export const pageLanguage = (element: Pick<Element, 'closest'>) =>
  element.closest('[lang]')?.getAttribute('lang');
