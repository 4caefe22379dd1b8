/**
 * The form configuration (`FORM_CONFIG`): contact fields, file limits and the questions of each
 * case type. Parsed once by the proxy at start; served to the widget by `GET /api/form`.
 *
 * Proxy only: the widget sees the types through `#contract` (zod stays out of the bundle).
 */
import { z } from 'zod';
import type { FilePicker } from '../limits.ts';
import type { Strings } from '../strings/english.ts';
import { issueLine, type ConfigIssue } from './common.ts';
import {
  formConfigSchema,
  languagesSchema,
  type contactRequirement,
} from './form-config-schema.ts';
import { localise } from './languages.ts';
import { checkTeamWebhooks } from './routing.ts';
import { languageWords } from './strings-file.ts';

export { VISITOR_LANGUAGE_ID } from './form-config-schema.ts';

/**
 * A parsed configuration (defaults filled in), in one language: its list of `languages` is
 * `FormConfigs.languages`, and `GET /api/form` names them in its own way (`languages`).
 */
export type FormConfig = Omit<z.output<typeof formConfigSchema>, 'languages' | 'strings'>;
/** The configuration as a site owner writes it (defaults not yet filled in). */
export type FormConfigFile = z.input<typeof formConfigSchema>;
/** One case type and its questions. */
export type CaseType = FormConfig['caseTypes'][number];
/** One question of a case type. */
export type Question = CaseType['questions'][number];
/** A question's type (`text`, `radio`, ...). */
export type QuestionType = Question['type'];
/** What the configuration asks of a contact field. */
export type ContactRequirement = z.output<typeof contactRequirement>;
/** The consent block. */
export type ConsentConfig = NonNullable<FormConfig['consent']>;
/** One consent statement. */
export type ConsentStatement = ConsentConfig['statements'][number];
/** The firm's own contact details. */
export type Firm = NonNullable<FormConfig['firm']>;

/** A language a form is offered in, named in itself (`Cymraeg`), for a language switch. */
export interface OfferedLanguage {
  tag: string;
  name: string;
}

/**
 * What `GET /api/form?lang=` adds for a visitor's language (`docs/languages.md`): the language
 * answered in and the others offered (a form in several languages), the direction of a
 * right-to-left language, and the widget's words in any language but English.
 */
export interface PublicLanguageFields {
  /** The language of this answer, one of the form's (`cy`), in a form in several languages. */
  language?: string;
  /** Every language of the form, the firm's first, in a form in several languages. */
  languages?: OfferedLanguage[];
  /** `rtl` for a right-to-left language (`ar`, `he`, `fa`...); absent for left to right. */
  dir?: 'rtl';
  /** The widget's words in this language (every key of `DEFAULT_STRINGS` and `UPLOAD_STRINGS`). */
  strings?: Readonly<Record<string, string>>;
}

/**
 * A question as `GET /api/form` describes it: as configured, and for an `appointment`, the
 * questions whose answers choose its hosts (`contract/booking.ts`).
 */
export type PublicQuestion = Question & {
  /**
   * For an `appointment`: the ids of its case type's questions the routing rules read; the
   * widget asks `GET /api/slots` again when one of their answers changes.
   */
  slotsDependOn?: readonly string[];
};

/** A case type as `GET /api/form` describes it. */
export type PublicCaseType = Omit<CaseType, 'questions'> & { questions: PublicQuestion[] };

/**
 * What `GET /api/form` answers: the configuration (it holds no secrets; the firm's teams, its
 * booking hours and everyone's addresses are left out) and the optional challenge.
 */
export interface PublicFormConfig
  extends Omit<FormConfig, 'routing' | 'booking' | 'caseTypes'>, PublicLanguageFields {
  caseTypes: PublicCaseType[];
  /** The file picker for `files.kinds`, ready to show. */
  picker: FilePicker;
  /** Present when the proxy verifies Cloudflare Turnstile tokens. */
  turnstile?: { siteKey: string; scriptUrl: string };
  /** Seconds a visitor must spend on the form before sending; faster is treated as a bot. */
  minFillSeconds?: number;
  /**
   * Present when the form offers "Save and continue later" (its `drafts` and the proxy's mailer):
   * how many days a saved enquiry's link works (`DRAFT_EXPIRY_DAYS`).
   */
  draftDays?: number;
  /**
   * The version of the form this is (`studio/`): the widget sends it back as the enquiry's
   * `form_version` and asks its form token for it.
   */
  version?: number;
}

/** A configuration read in each of its languages. */
export interface FormConfigs {
  /** `languages`, the firm's first; `[]` for a form in one language that lists none. */
  languages: readonly string[];
  /** The form in the firm's language: what the firm reads, and every visitor of a one-language form. */
  first: FormConfig;
  /** The form in `lang`, one of `languages`; the first language for any other. */
  inLanguage(lang: string): FormConfig;
  /** The words of each language a strings file gave (`"strings"`), by its tag in `languages`. */
  strings: ReadonlyMap<string, Strings>;
}

/** Reads a strings file named by the configuration: only `readFormConfigs` reads files. */
const NO_FILES = (path: string): unknown => {
  throw new Error(`${path} is read only when the configuration is read from its file`);
};

/** What a configuration names outside itself, when the caller knows it (the start does). */
export interface ConfigSurroundings {
  /** The `url` of each of `WEBHOOK_ENDPOINTS`: a team's `webhook` must be one of them. */
  webhookUrls?: readonly string[];
}

/** A zod issue as the configuration's: the same path, under `under`. */
const asIssue =
  (under: readonly (string | number)[] = []) =>
  (issue: z.core.$ZodIssue): ConfigIssue => ({
    path: [...under, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))],
    message: issue.message,
  });

/**
 * Checks a configuration in every language it lists: the form in each, or every problem with
 * its JSON path (a text missing a language, a language without words, a strings file missing a
 * key, or a rule any language breaks). `read` reads a strings file; `around`, what the
 * environment holds that the configuration names (a team's webhook).
 *
 * @example checkFormConfigs({ caseTypes: [] }).issues // [{ path: ['caseTypes'], message: 'Too small: …' }]
 */
export function checkFormConfigs(
  input: unknown,
  read = NO_FILES,
  around: ConfigSurroundings = {},
): { configs: FormConfigs; issues?: undefined } | { issues: ConfigIssue[] } {
  // The texts are read by the languages listed: a list that cannot be read is the one problem.
  const listed = (input as { languages?: unknown } | null)?.languages;
  const languages = languagesSchema.optional().safeParse(listed);
  if (!languages.success) return { issues: languages.error.issues.map(asIssue(['languages'])) };
  const localised = localise(input);
  if (localised.issues.length > 0) return { issues: localised.issues };
  const files = z
    .record(z.string(), z.string())
    .catch({})
    .parse((input as { strings?: unknown }).strings ?? {});
  const words = languageWords(languages.data ?? [], files, read);
  if (words.issues.length > 0) return { issues: words.issues };
  // Every language breaks a rule alike: each is told once.
  const issues = new Map<string, ConfigIssue>();
  const configs = new Map<string, FormConfig>();
  for (const [lang, written] of localised.inputs) {
    const result = formConfigSchema.safeParse(written);
    if (result.success) {
      const { languages: _listed, strings: _files, ...config } = result.data;
      configs.set(lang, config);
      if (config.routing && around.webhookUrls)
        checkTeamWebhooks(config.routing, around.webhookUrls, (path, message) => {
          const issue = { path, message };
          issues.set(issueLine(issue), issue);
        });
    } else
      for (const issue of result.error.issues.map(asIssue())) issues.set(issueLine(issue), issue);
  }
  const [firstLanguage = ''] = localised.languages;
  const first = configs.get(firstLanguage);
  if (issues.size > 0 || !first) return { issues: [...issues.values()] };
  return {
    configs: {
      languages: languages.data ?? [],
      first,
      inLanguage: (lang) => configs.get(lang) ?? first,
      strings: words.strings,
    },
  };
}

/**
 * Parses a configuration in every language it lists, throwing one error whose message lists
 * every problem with its JSON path (`checkFormConfigs`). `read` reads a strings file; `around`,
 * what the environment holds that the configuration names.
 */
export function parseFormConfigs(
  input: unknown,
  read = NO_FILES,
  around: ConfigSurroundings = {},
): FormConfigs {
  const checked = checkFormConfigs(input, read, around);
  if (checked.issues) throw new FormConfigError(checked.issues);
  return checked.configs;
}

/** Parses a configuration; the form in the firm's (first) language. */
export const parseFormConfig = (input: unknown): FormConfig => parseFormConfigs(input).first;

/** A configuration that does not parse: one problem per line, each with its JSON path. */
export class FormConfigError extends Error {
  override readonly name = 'FormConfigError';
  /** Each problem as a line: `caseTypes[0].label: no "cy"`. */
  readonly problems: string[];
  constructor(readonly issues: readonly (ConfigIssue | string)[]) {
    const problems = issues.map((issue) => (typeof issue === 'string' ? issue : issueLine(issue)));
    super(`Invalid form configuration:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}
