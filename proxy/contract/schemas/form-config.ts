/**
 * The form configuration (`FORM_CONFIG`): contact fields, file limits and the questions of each
 * case type. Parsed once by the proxy at start; served to the widget by `GET /api/form`.
 *
 * Proxy only: the widget sees the types through `#contract` (zod stays out of the bundle).
 */
import { z } from 'zod';
import { CONFIGURABLE_CONTACT_FIELDS, type ContactField } from '../fields.ts';
import { DEFAULT_FILE_LIMITS, FIELD_MAX_LENGTH, FILE_LIMIT_CEILINGS } from '../limits.ts';

/** Every question type a configuration may use. */
export const QUESTION_TYPES = [
  'text',
  'textarea',
  'email',
  'tel',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
] as const;

/** Types whose answer must be one of `options`. (`checkbox` may have options: "tick all that apply".) */
const CHOICE_TYPES: ReadonlySet<string> = new Set(['select', 'radio']);

/** Ids are stable keys the firm's platform sorts and reports on: keep them plain. */
const id = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]{0,63}$/,
    'must start with a letter and use only letters, digits, _ and -, up to 64 characters',
  );
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

const contactRequirement = z.enum(['required', 'optional', 'hidden']);

const showIfSchema = z.strictObject({
  question: id,
  /** The answer (or any of the answers) that makes the question visible. */
  equals: z.union([text(500), z.array(text(500)).min(1)]),
});

const questionSchema = z
  .strictObject({
    id,
    label: text(500),
    type: z.enum(QUESTION_TYPES),
    hint: text(1000).optional(),
    required: z.boolean().default(false),
    options: z.array(text(500)).min(1).max(100).optional(),
    showIf: showIfSchema.optional(),
    /** For text-like questions: a tighter bound than the default. */
    maxLength: z.number().int().min(1).max(FIELD_MAX_LENGTH.longAnswer).optional(),
    /** For `number` questions. */
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .superRefine((q, ctx) => {
    if (CHOICE_TYPES.has(q.type) && !q.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `required for type ${q.type}` });
    }
    if (q.options && !CHOICE_TYPES.has(q.type) && q.type !== 'checkbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `not allowed for type ${q.type}`,
      });
    }
    if (q.options && new Set(q.options).size !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'must not repeat an option' });
    }
    if ((q.min !== undefined || q.max !== undefined) && q.type !== 'number') {
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: `min and max apply to type number only`,
      });
    }
    if (q.min !== undefined && q.max !== undefined && q.min > q.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'must not be less than min' });
    }
  });

const caseTypeSchema = z
  .strictObject({
    id,
    label: text(200),
    questions: z.array(questionSchema).max(50).default([]),
  })
  .superRefine((caseType, ctx) => {
    const seen = new Map<string, (typeof caseType.questions)[number]>();
    caseType.questions.forEach((q, i) => {
      if (seen.has(q.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'id'],
          message: `duplicate question id "${q.id}"`,
        });
      }
      const target = q.showIf && seen.get(q.showIf.question);
      if (q.showIf && !target) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'showIf', 'question'],
          message: `"${q.showIf.question}" is not an earlier question of this case type`,
        });
      }
      if (q.showIf && target?.options) {
        const wanted = [q.showIf.equals].flat();
        const unknown = wanted.filter((v) => !target.options?.includes(v));
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'showIf', 'equals'],
            message: `"${unknown.join('", "')}" is not an option of "${target.id}"`,
          });
        }
      }
      seen.set(q.id, q);
    });
  });

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

/** The whole configuration file. */
export const formConfigSchema = z
  .strictObject({
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
      })
      .default({ ...DEFAULT_FILE_LIMITS }),
    caseTypes: z.array(caseTypeSchema).min(1).max(50),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.caseTypes.forEach((caseType, i) => {
      if (seen.has(caseType.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['caseTypes', i, 'id'],
          message: `duplicate case type id "${caseType.id}"`,
        });
      }
      seen.add(caseType.id);
    });
  });

/** A parsed configuration (defaults filled in). */
export type FormConfig = z.output<typeof formConfigSchema>;
/** One case type and its questions. */
export type CaseType = FormConfig['caseTypes'][number];
/** One question of a case type. */
export type Question = CaseType['questions'][number];
/** A question's type (`text`, `radio`, ...). */
export type QuestionType = Question['type'];
/** What the configuration asks of a contact field. */
export type ContactRequirement = z.output<typeof contactRequirement>;

/** What `GET /api/form` answers: the configuration (it holds no secrets) and the optional challenge. */
export interface PublicFormConfig extends FormConfig {
  /** Present when the proxy verifies Cloudflare Turnstile tokens. */
  turnstile?: { siteKey: string; scriptUrl: string };
  /** Seconds a visitor must spend on the form before sending; faster is treated as a bot. */
  minFillSeconds?: number;
}

/**
 * Turns zod issues into one line each, naming the JSON path the way a person would write it.
 *
 * @example formatConfigIssues(error) // ['caseTypes[1].questions[0].options: required for type radio']
 */
export function formatConfigIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path) || '(root)'}: ${issue.message}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** Parses a configuration, throwing one error whose message lists every problem with its path. */
export function parseFormConfig(input: unknown): FormConfig {
  const result = formConfigSchema.safeParse(input);
  if (!result.success) {
    throw new FormConfigError(formatConfigIssues(result.error));
  }
  return result.data;
}

/** A configuration that does not parse: one problem per line, each with its JSON path. */
export class FormConfigError extends Error {
  override readonly name = 'FormConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid form configuration:\n  ${problems.join('\n  ')}`);
  }
}
