/**
 * A form in several languages as `GET /api/form?lang=` answers it, made by the proxy's own code
 * (`proxy/http/form-language.ts`): the form in the language matched, and for a form in several
 * languages that language, every language named in itself, `dir` for a language written right
 * to left, and the widget's words in it (`strings`) from the product's catalogue (Welsh is
 * `proxy/contract/strings/cy.ts`), so a word missing there is missing in the specs too.
 */
import { publicConfig } from '../../proxy/contract/public-config.ts';
import type { FormConfigs } from '../../proxy/contract/schemas/form-config.ts';
import { answerLanguage, formIn, type FormLanguageDeps } from '../../proxy/http/form-language.ts';

/** What `/api/form?lang=` answers for `asked` (a preference list, or null for none). */
export function formInLanguage(forms: FormConfigs) {
  const deps: FormLanguageDeps = { config: forms.first, translations: forms };
  return (asked: string | null) => {
    const { lang, form } = formIn(deps, asked ?? undefined);
    // As served: options as the visitor reads them, the picker's kinds in the language.
    return publicConfig(form, {}, answerLanguage(deps, lang));
  };
}
