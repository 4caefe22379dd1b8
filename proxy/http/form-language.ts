/**
 * The form in the language a visitor reads: `GET /api/form?lang=`, and an enquiry's `lang`.
 * The routes are given the form in the firm's language (`config`, with the file kinds this
 * proxy can take) and, for a form in several languages, the others (`translations`).
 */
import { matchLanguage } from '../contract/languages.ts';
import type { FormConfig, FormConfigs } from '../contract/schemas/form-config.ts';

/** The form's languages and the form in each (`parseFormConfigs`). */
export type Translations = Pick<FormConfigs, 'languages' | 'inLanguage'>;

/** What a route needs to answer in the visitor's language. */
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

/**
 * The form in the listed language that best matches `asked` (`cy-GB` reads `cy`), else in the
 * first; `config` itself for the first language, so a one-language form is served as it was.
 *
 * @example formIn(deps, 'cy-GB') // { lang: 'cy', form: <the Welsh form> }
 */
export function formIn(deps: FormLanguageDeps, asked: string | undefined): FormInLanguage {
  const languages = deps.translations?.languages ?? [];
  if (!deps.translations || languages.length === 0) return { lang: undefined, form: deps.config };
  const lang = matchLanguage(asked ? [asked] : [], languages);
  if (lang === languages[0]) return { lang, form: deps.config };
  // The file kinds are this proxy's (narrowed to its converters), the same in every language.
  return { lang, form: { ...deps.translations.inLanguage(lang), files: deps.config.files } };
}
