/**
 * The form configuration (`FORM_CONFIG`): contact fields, file limits and the questions of each
 * case type. Parsed once by the proxy at start; served to the widget by `GET /api/form`.
 *
 * Proxy only: the widget sees the types through `#contract` (zod stays out of the bundle).
 */
import { isSupportedCountry } from 'libphonenumber-js/max';
import { z } from 'zod';
import { CONFIGURABLE_CONTACT_FIELDS, type ContactField } from '../fields.ts';
import {
  ACCEPTED_KINDS,
  DEFAULT_FILE_LIMITS,
  FILE_LIMIT_CEILINGS,
  type AcceptedKind,
  type FilePicker,
} from '../limits.ts';
import {
  flagRepeatedIds,
  id,
  issueLine,
  languageTag,
  readerKey,
  webUrl,
  type ConfigIssue,
} from './common.ts';
import { confirmationSchema } from './confirmation.ts';
import { draftsSchema } from './drafts.ts';
import { localise } from './languages.ts';
import { languageWords } from './strings-file.ts';
import type { Strings } from '../strings/english.ts';
import { consentSchema, firmSchema } from './consent.ts';
import { bookingSchema, checkBooking } from './booking.ts';
import { caseTypeSchema } from './question.ts';
import { checkRouting, checkTeamWebhooks, routingSchema } from './routing.ts';
import { checkStepList, stepsSchema } from './steps.ts';

const contactRequirement = z.enum(['required', 'optional', 'hidden']);

/** What a configuration asks of each contact field when it says nothing. */
const DEFAULT_CONTACT = Object.freeze({
  surname: 'required',
  email: 'required',
  telephone_mobile: 'optional',
} as const satisfies Record<ContactField, z.output<typeof contactRequirement>>);

const contactShape = Object.fromEntries(
  CONFIGURABLE_CONTACT_FIELDS.map((field) => [
    field,
    contactRequirement.default(DEFAULT_CONTACT[field]),
  ]),
) as Record<ContactField, z.ZodDefault<typeof contactRequirement>>;

const languagesSchema = z
  .array(languageTag)
  .min(1)
  .max(20)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a language');

/** The meta entry naming the language a visitor read a form in several languages in. */
export const VISITOR_LANGUAGE_ID = 'visitor_language';

/** The whole configuration file. */
export const formConfigSchema = z
  .strictObject({
    /**
     * The languages the form is offered in, the firm's first (`./languages.ts`): each text is
     * then a string or `{"<language>": "…"}` with every one of them.
     */
    languages: languagesSchema.optional(),
    /**
     * A strings file for each listed language the product does not ship, by its tag
     * (`./strings-file.ts`): read at start from the configuration's folder.
     */
    strings: z.record(languageTag, z.string().min(1).max(500)).optional(),
    contact: z.strictObject(contactShape).default({ ...DEFAULT_CONTACT }),
    files: z
      .strictObject({
        maxFiles: z
          .number()
          .int()
          .min(0)
          .max(FILE_LIMIT_CEILINGS.maxFiles)
          .default(DEFAULT_FILE_LIMITS.maxFiles),
        maxFileBytes: z
          .number()
          .int()
          .min(1)
          .max(FILE_LIMIT_CEILINGS.maxFileBytes)
          .default(DEFAULT_FILE_LIMITS.maxFileBytes),
        /**
         * The kinds visitors may attach. Left out: every kind this proxy can deliver, converted
         * where needed; the proxy narrows a list to the converters it has, and says which
         * `GET /api/form` then lists.
         */
        kinds: z
          .array(z.enum(Object.keys(ACCEPTED_KINDS) as [AcceptedKind, ...AcceptedKind[]]))
          .min(1)
          .optional(),
      })
      .default({ ...DEFAULT_FILE_LIMITS }),
    caseTypes: z.array(caseTypeSchema).min(1).max(50),
    /** Up to this many case types are radios, more a select (`caseTypesAsRadios`); 0: always a select. */
    caseTypeRadiosUpTo: z.number().int().min(0).max(50).optional(),
    consent: consentSchema.optional(),
    firm: firmSchema.optional(),
    /**
     * Telephone numbers checked by the proxy against the country's numbering plan
     * (`intake/phone-numbers.ts`): a number without a country code is read as one of
     * `defaultCountry`'s, and goes upstream as typed or in E.164 (`+447700900982`).
     */
    phone: z
      .strictObject({
        defaultCountry: z
          .string()
          .refine(isSupportedCountry, 'an ISO 3166-1 alpha-2 country code, like "GB"'),
        upstreamFormat: z.enum(['e164', 'as-typed']).default('as-typed'),
      })
      .optional(),
    /** Where the form without JavaScript sends the visitor once the enquiry is taken. */
    thankYouUrl: webUrl.optional(),
    /** The form in steps (`./steps.ts`): `true`, or a list naming questions of any case type. */
    steps: stepsSchema.optional(),
    /** The visitor's copy by email, with a receipt code (`confirmation.ts`). */
    confirmation: confirmationSchema.optional(),
    /** "Save and continue later": a saved enquiry emailed as a link (`drafts.ts`). */
    drafts: draftsSchema.optional(),
    /**
     * The funnel (`docs/funnel.md`): `false` turns it off; `variant` names the hidden question
     * whose value splits the counters (an A/B test's arm, read from the page like any hidden
     * question, so each enquiry carries it too).
     */
    analytics: z.union([z.literal(false), z.strictObject({ variant: id.optional() })]).optional(),
    /** Which team hears of each lead (`./routing.ts`, `docs/routing.md`); never served to visitors. */
    routing: routingSchema.optional(),
    /**
     * When calls may be booked and with whom (`./booking.ts`, `docs/booking.md`), for a question
     * of type `appointment`; never served to visitors.
     */
    booking: bookingSchema.optional(),
  })
  .superRefine((config, ctx) => {
    // A statement's id is a meta entry's id upstream: it must not be a question's too, whatever
    // its case (the platform reads `Notes` as `notes`).
    const questionIds = new Set(
      config.caseTypes.flatMap((c) => c.questions.map((q) => readerKey(q.id))),
    );
    config.consent?.statements.forEach((statement, i) => {
      if (questionIds.has(readerKey(statement.id))) {
        ctx.addIssue({
          code: 'custom',
          path: ['consent', 'statements', i, 'id'],
          message: `"${statement.id}" is also a question's id`,
        });
      }
    });
    // A form in several languages names the visitor's language in a meta entry of its own.
    if (config.languages) {
      config.caseTypes.forEach((caseType, c) => {
        caseType.questions.forEach((question, q) => {
          if (readerKey(question.id) === VISITOR_LANGUAGE_ID)
            ctx.addIssue({
              code: 'custom',
              path: ['caseTypes', c, 'questions', q, 'id'],
              message: `"${VISITOR_LANGUAGE_ID}" is the visitor's language upstream in a form with "languages"`,
            });
        });
      });
    }
    const variant = config.analytics ? config.analytics.variant : undefined;
    const hiddenIds = config.caseTypes.flatMap((c) =>
      c.questions.filter((q) => q.type === 'hidden').map((q) => q.id),
    );
    if (variant !== undefined && !hiddenIds.includes(variant)) {
      ctx.addIssue({
        code: 'custom',
        path: ['analytics', 'variant'],
        message: `"${variant}" is not a hidden question of any case type`,
      });
    }
    flagRepeatedIds(config.caseTypes, 'caseTypes', 'case type', ctx);
    if (Array.isArray(config.steps)) {
      const questions = new Map(config.caseTypes.flatMap((c) => c.questions.map((q) => [q.id, q])));
      checkStepList(config.steps, questions, 'any case type', (path, message) => {
        ctx.addIssue({ code: 'custom', path: ['steps', ...path], message });
      });
    }
    if (config.routing)
      checkRouting(config.routing, config, (path, message) => {
        ctx.addIssue({ code: 'custom', path, message });
      });
    checkBooking(config, (path, message) => {
      ctx.addIssue({ code: 'custom', path, message });
    });
  });

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
