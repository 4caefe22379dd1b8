/**
 * The draft as a preview draws it: read by the same schema as the file (`parseFormConfigs`), in
 * each of its languages, with the file kinds this proxy can take, so the widget and the page
 * without JavaScript are given exactly what they would be given once it is live. A text still
 * missing a language is shown in the firm's words meanwhile (the preview says how many), so a
 * form half translated can be looked at; any other problem stops the preview, named.
 */
import {
  FormConfigError,
  parseFormConfigs,
  type FormConfig,
} from '../../contract/schemas/form-config.ts';
import { ACCEPTED_KINDS, isPlatformKind, type AcceptedKind } from '../../contract/limits.ts';
import type { FormLanguageDeps } from '../../http/form-language.ts';
import { NOTHING_PUBLISHED } from './published.ts';
import { isRecord, languagesOf, missingIn, textIn } from './raw-config.ts';
import { mapTexts } from './texts-walk.ts';

/** The draft ready to draw, or why it cannot be. */
export type PreviewForms =
  | {
      ok: true;
      deps: FormLanguageDeps & { config: FormConfig };
      languages: readonly string[];
      filled: number;
    }
  | { ok: false; problems: readonly string[] };

/**
 * The draft's forms for a preview; `live` is the form this proxy serves, whose file kinds are
 * those its converters can take.
 */
export function previewForms(draft: unknown, live: FormConfig): PreviewForms {
  const languages = languagesOf(draft);
  let filled = 0;
  const whole = mapTexts(draft, NOTHING_PUBLISHED, (text) => {
    if (!isRecord(text) || languages.length < 2) return text;
    const missing = languages.filter((lang) => missingIn(text, lang));
    if (missing.length === 0) return text;
    filled += missing.length;
    const firm = textIn(text, languages[0]) || textIn(text, undefined);
    return { ...text, ...Object.fromEntries(missing.map((lang) => [lang, firm])) };
  });
  try {
    const forms = parseFormConfigs(whole);
    const offered = live.files.kinds ?? [];
    const wanted = forms.first.files.kinds ?? (Object.keys(ACCEPTED_KINDS) as AcceptedKind[]);
    const kinds = wanted.filter((kind) => isPlatformKind(kind) || offered.includes(kind));
    const first = { ...forms.first, files: { ...forms.first.files, kinds } };
    return {
      ok: true,
      deps: { config: first, translations: forms.languages.length > 0 ? forms : undefined },
      languages: forms.languages,
      filled,
    };
  } catch (error) {
    if (error instanceof FormConfigError) return { ok: false, problems: error.problems };
    throw error;
  }
}
