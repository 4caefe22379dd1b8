/**
 * A form in several languages as `GET /api/form?lang=` answers it under the contract between the
 * widget and the proxy: the form in the language matched (`matchLanguage`, as the proxy
 * matches), and for a form in several languages that language, every language named in itself,
 * `dir` for a language written right to left, and the widget's words in it (`strings`) when it
 * is not English. The words are the test's own until the proxy ships them.
 */
import { matchLanguage } from '../../proxy/contract/languages.ts';
import { publicConfig } from '../../proxy/contract/public-config.ts';
import type { FormConfigs } from '../../proxy/contract/schemas/form-config.ts';

/** Each language's name in itself. */
const NAMES: Readonly<Record<string, string>> = { en: 'English', cy: 'Cymraeg', ar: 'العربية' };
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa']);

/** What `/api/form?lang=` answers for `asked` (a preference list, or null for none). */
export function formInLanguage(
  forms: FormConfigs,
  strings: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
) {
  return (asked: string | null) => {
    const { languages } = forms;
    if (languages.length < 2) return publicConfig(forms.first);
    const language = matchLanguage(asked ? asked.split(',') : [], languages);
    return {
      // As served: options as the visitor reads them.
      ...publicConfig(forms.inLanguage(language)),
      language,
      languages: languages.map((tag) => ({ tag, name: NAMES[tag] ?? tag })),
      ...(RIGHT_TO_LEFT.has(language) ? { dir: 'rtl' } : {}),
      ...(strings[language] ? { strings: strings[language] } : {}),
    };
  };
}
