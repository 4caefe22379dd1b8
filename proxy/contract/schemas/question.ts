/**
 * The questions of a case type, as the configuration declares them. Proxy only (zod); the
 * widget sees the types through `#contract`.
 */
import { z } from 'zod';
import { FIELD_MAX_LENGTH } from '../limits.ts';
import { flagRepeatedIds, id, text, valueSource } from './common.ts';
import { checkStepList, stepsSchema } from './steps.ts';

/**
 * Every question type a configuration may use. `hidden` is never shown: its value comes from
 * the page (`from`) and is sent like any answer. `appointment` is a time to talk, picked from
 * the hosts' free slots, or the visitor's preferred times in words (`./booking.ts`,
 * `docs/booking.md`).
 */
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
  'hidden',
  'appointment',
] as const;

/** Types whose answer must be one of `options`. (`checkbox` may have options: "tick all that apply".) */
const CHOICE_TYPES: ReadonlySet<string> = new Set(['select', 'radio']);

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
    /** The values sent and compared (`showIf`, `prefill`): the same in every language. */
    options: z.array(text(500)).min(1).max(100).optional(),
    /**
     * What the visitor reads of each option, when options are written `{"value", "label"}`
     * (`./languages.ts` writes it; a site owner never does). Absent: the value is the label.
     */
    optionLabels: z.array(text(500)).optional(),
    showIf: showIfSchema.optional(),
    /** For text-like questions: a tighter bound than the default. */
    maxLength: z.number().int().min(1).max(FIELD_MAX_LENGTH.longAnswer).optional(),
    /** For `number` questions. */
    min: z.number().optional(),
    max: z.number().optional(),
    /** For `hidden` questions: where the value comes from. */
    from: valueSource.optional(),
    /** For visible questions: a first answer from the page, which the visitor may change. */
    prefill: valueSource.optional(),
  })
  .superRefine((q, ctx) => {
    const problem = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (q.type === 'hidden') {
      if (!q.from) problem('from', 'required for type hidden: a param or a data- attribute');
      if (q.required)
        problem('required', 'a hidden question cannot be required: visitors cannot fill it in');
      if (q.showIf) problem('showIf', 'not allowed for type hidden');
      if (q.prefill) problem('prefill', 'not allowed for type hidden: use from');
    } else if (q.from) {
      problem('from', `only for type hidden; a ${q.type} question may have prefill`);
    }
    if (CHOICE_TYPES.has(q.type) && !q.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `required for type ${q.type}` });
    }
    if (q.options && !CHOICE_TYPES.has(q.type) && q.type !== 'checkbox' && q.type !== 'hidden') {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `not allowed for type ${q.type}`,
      });
    }
    if (q.options && new Set(q.options).size !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'must not repeat an option' });
    }
    // The widget sends a translated option's label, the intake takes it back as its value: a
    // label that is another option's value could be read as either.
    const values = new Set(q.options);
    q.optionLabels?.forEach((label, i) => {
      if (values.has(label) && q.options?.[i] !== label)
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'label'],
          message: `"${label}" is another option's value`,
        });
    });
    if (q.type === 'appointment') {
      if (q.prefill) problem('prefill', 'not allowed for type appointment: a visitor picks a time');
      if (q.maxLength !== undefined)
        problem(
          'maxLength',
          'not allowed for type appointment: preferred times take 500 characters',
        );
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

/** One case type: its id, label and questions, checked as a whole. */
export const caseTypeSchema = z
  .strictObject({
    id,
    label: text(200),
    questions: z.array(questionSchema).max(50).default([]),
    /** This case type's questions in steps (`./steps.ts`); wins over the form's list. */
    steps: stepsSchema.optional(),
  })
  .superRefine((caseType, ctx) => {
    flagRepeatedIds(caseType.questions, 'questions', 'question', ctx);
    const seen = new Map<string, (typeof caseType.questions)[number]>();
    caseType.questions.forEach((q, i) => {
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
    if (Array.isArray(caseType.steps))
      checkStepList(caseType.steps, seen, 'this case type', (path, message) => {
        ctx.addIssue({ code: 'custom', path: ['steps', ...path], message });
      });
  });
