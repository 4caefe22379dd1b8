/**
 * The form in the language a visitor reads: `GET /api/form?lang=`, the page without JavaScript,
 * and an enquiry's `lang`. The routes give it the version they serve (`studio/live-form.ts`): the
 * form in the firm's language (`config`, with the file kinds this proxy can take) and, for a
 * form in several languages, the others and each language's words (`translations`).
 */
import type { Context } from 'hono';
import { matchLanguage } from '../contract/languages.ts';
import type { AnswerLanguage } from '../contract/public-config.ts';
import type { FormConfig, FormConfigs } from '../contract/schemas/form-config.ts';
import {
  isEnglish,
  rightToLeft,
  shippedStrings,
  widgetStrings,
} from '../contract/strings/catalogue.ts';
import { ENGLISH, type Strings } from '../contract/strings/english.ts';

/** The form's languages, the form in each, and each one's words (`parseFormConfigs`). */
export type Translations = Pick<FormConfigs, 'languages' | 'inLanguage'> &
  Partial<Pick<FormConfigs, 'strings'>>;

/** One version of the form, as a route answers in the visitor's language from it. */
export interface FormLanguageDeps {
  /** The form in the firm's language, as this proxy serves it. */
  config: FormConfig;
  /** The form in its other languages, when the configuration lists `languages`. */
  translations?: Translations | undefined;
}

/** The form in the language a visitor asked for, and that language (none for a one-language form). */
export interface FormInLanguage {
  lang: string | undefined;
  form: FormConfig;
}

/** At most this many tags of `?lang=` or an enquiry's `lang` are read: the rest are ignored. */
const MAX_ASKED = 20;

/** `cy-GB,en;q=0.8, en` as a list of tags in order (any `;q=` weight dropped, as written). */
const askedTags = (asked: string | undefined): string[] =>
  (asked ?? '')
    .split(',', MAX_ASKED)
    .map((tag) => tag.split(';')[0]?.trim() ?? '')
    .filter((tag) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag));

/** The languages a form lists, or none. */
const languagesOf = (deps: FormLanguageDeps): readonly string[] =>
  deps.translations?.languages ?? [];

/**
 * The languages a request asks for: its address's `?lang=` (the README's fallback link, the
 * no-JS page's post), else the client's `Accept-Language`; `formIn` matches either.
 */
export function requestedLanguage(c: Context): string | undefined {
  return new URL(c.req.url).searchParams.get('lang') ?? c.req.header('accept-language');
}

/**
 * The form in the listed language that best matches `asked` (one tag or a list in preference
 * order: `cy-GB` reads `cy`), else in the first; `config` itself for the first language, so a
 * one-language form is served as it was.
 *
 * @example formIn(deps, 'cy-GB,en') // { lang: 'cy', form: <the Welsh form> }
 */
export function formIn(deps: FormLanguageDeps, asked: string | undefined): FormInLanguage {
  const languages = languagesOf(deps);
  if (!deps.translations || languages.length === 0) return { lang: undefined, form: deps.config };
  const lang = matchLanguage(askedTags(asked), languages);
  if (lang === languages[0]) return { lang, form: deps.config };
  // The file kinds are this proxy's (narrowed to its converters), the same in every language.
  return { lang, form: { ...deps.translations.inLanguage(lang), files: deps.config.files } };
}

/**
 * Every word in `lang`: a strings file's for a language the configuration gave one, else the
 * product's own (English and Welsh); English for a form in one language.
 */
export function wordsIn(deps: FormLanguageDeps, lang: string | undefined): Strings {
  if (lang === undefined) return ENGLISH;
  return deps.translations?.strings?.get(lang) ?? shippedStrings(lang) ?? ENGLISH;
}

/** A language a visitor reads and its words: what an answer to them is said in. */
export interface Wording {
  lang: string;
  words: Strings;
}

/** English and its words: what an answer is said in when nothing names a language. */
export const IN_ENGLISH: Wording = Object.freeze({ lang: 'en', words: ENGLISH });

/**
 * The language of the form's that best matches `asked` (one tag or a list in preference order),
 * and its words; English for a form in one language.
 *
 * @example wordingFor(deps, 'cy-GB,en').words['kind.txt'] // 'ffeil destun'
 */
export function wordingFor(deps: FormLanguageDeps, asked: string | undefined): Wording {
  const { lang } = formIn(deps, asked);
  return { lang: lang ?? 'en', words: wordsIn(deps, lang) };
}

/** A page's language: the form in it, its tag and words, and whether the form has others. */
export interface PageInLanguage extends FormInLanguage {
  language: { lang: string; words: Strings };
  /** The form lists several languages: its posts name the one their visitor read. */
  several: boolean;
}

/**
 * The page without JavaScript in the language `asked` names (`?lang=`, or a post's `lang`).
 *
 * @example pageIn(deps, 'cy').language.words.submit // 'Anfon ymholiad'
 */
export function pageIn(deps: FormLanguageDeps, asked: string | undefined): PageInLanguage {
  const visitor = formIn(deps, asked);
  const lang = visitor.lang ?? 'en';
  return {
    ...visitor,
    language: { lang, words: wordsIn(deps, visitor.lang) },
    several: languagesOf(deps).length > 1,
  };
}

/** A language named in itself, as a language switch shows it: `Cymraeg`, `Polski`. */
function nativeName(tag: string): string {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/**
 * What `GET /api/form` adds for `lang` (`docs/http-api.md`): nothing for English in a form in
 * one language, so its answer is byte for byte what it was.
 *
 * @example answerLanguage(deps, 'cy').fields // { language: 'cy', languages: [...], strings: {...} }
 */
export function answerLanguage(deps: FormLanguageDeps, lang: string | undefined): AnswerLanguage {
  const languages = languagesOf(deps);
  const tag = lang ?? 'en';
  return {
    lang: tag,
    textWord: wordsIn(deps, lang)['kind.txt'],
    fields: {
      ...(languages.length > 1
        ? {
            language: tag,
            languages: languages.map((one) => ({ tag: one, name: nativeName(one) })),
          }
        : {}),
      ...(rightToLeft(tag) ? { dir: 'rtl' as const } : {}),
      ...(isEnglish(tag) ? {} : { strings: widgetStrings(wordsIn(deps, lang)) }),
    },
  };
}
