/**
 * The law of `POST /api/events`: a funnel report read against the configuration. Anything a
 * real form view cannot produce is refused, whole: an unknown case type or question, a question
 * answered or refused that was never shown, a conditional question shown without the question
 * it depends on, a send without every required question answered (of those always shown), a view that answered
 * something, times offered without an appointment question shown, counts where flags belong (a
 * forged total), and any value that looks like a person's
 * details (`personal-data.ts`). What passes becomes a tally: ids and 0/1 flags.
 */
import { z } from 'zod';
import { FIELD_MAX_LENGTH } from '../contract/limits.ts';
import type { FunnelReport } from '../contract/funnel.ts';
import type { IssueCode } from '../contract/issues.ts';
import type { CaseType, FormConfig } from '../contract/schemas/form-config.ts';
import type { FunnelTally } from '../outbox/funnel-counts.ts';
import { personalDataIn } from './personal-data.ts';

/** A report the proxy will not count, and why (for the log and the `400`'s body). */
export class ReportRefused extends Error {
  override readonly name = 'ReportRefused';
}

/** The first validation error a question can meet in the form: the shared rules' codes. */
const QUESTION_ERRORS = [
  'required',
  'too_long',
  'invalid_email',
  'invalid_phone',
  'invalid_characters',
  'not_an_option',
  'not_a_number',
  'out_of_range',
  'invalid_date',
  'invalid_type',
] as const satisfies readonly IssueCode[];

/** A campaign or variant: refused when it looks like a person's details (`personal-data.ts`). */
const notTyped = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((value, context) => {
      const what = personalDataIn(value);
      if (what) context.addIssue({ code: 'custom', message: `looks like ${what} a visitor typed` });
    });

const questionId = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/);

const reportSchema = z.strictObject({
  outcome: z.enum(['viewed', 'started', 'sent']),
  caseType: z.union([z.literal(''), questionId]),
  // Cut as the enquiry's is cut (the widget leaves that to the proxy here).
  campaign: notTyped(1000).transform((value) => value.slice(0, FIELD_MAX_LENGTH.campaign)),
  variant: notTyped(64),
  shown: z.array(questionId).max(100),
  answered: z.array(questionId).max(100),
  errors: z.record(questionId, z.enum(QUESTION_ERRORS)),
  reached: questionId.optional(),
  offered: z.literal(true).optional(),
}) satisfies z.ZodType<FunnelReport>;

/** Refuses unless `condition` holds. */
function must(condition: boolean, why: string): asserts condition {
  if (!condition) throw new ReportRefused(why);
}

/** The report's facts against its case type's questions. */
function checkAgainst(report: FunnelReport, caseType: CaseType | undefined): void {
  const shown = new Set(report.shown);
  must(shown.size === report.shown.length, 'a question is shown twice');
  must(new Set(report.answered).size === report.answered.length, 'a question is answered twice');
  const visible = new Map(
    (caseType?.questions ?? []).filter((q) => q.type !== 'hidden').map((q) => [q.id, q]),
  );
  for (const id of shown) must(visible.has(id), `unknown question "${id}"`);
  for (const id of [...report.answered, ...Object.keys(report.errors), report.reached ?? []].flat())
    must(shown.has(id), `"${id}" was answered, refused or reached without being shown`);
  for (const id of shown) {
    const dependsOn = visible.get(id)?.showIf?.question;
    must(dependsOn === undefined || shown.has(dependsOn), `"${id}" shown without "${dependsOn}"`);
  }
  const appointment = caseType?.questions.find((q) => q.type === 'appointment');
  must(
    !report.offered || (appointment !== undefined && shown.has(appointment.id)),
    'times offered without an appointment question shown',
  );
  if (report.outcome === 'viewed')
    must(
      report.answered.length === 0 && Object.keys(report.errors).length === 0 && !report.reached,
      'a view that was not started answered or refused something',
    );
  if (report.outcome === 'sent') {
    must(caseType !== undefined, 'sent without a case type');
    const answered = new Set(report.answered);
    // A conditional question may have been hidden again before the send: only the others.
    for (const id of shown) {
      const question = visible.get(id);
      const needed = question?.required === true && question.showIf === undefined;
      must(!needed || answered.has(id), `sent without answering "${id}"`);
    }
  }
}

/** The hidden question whose value is the variant, if the configuration names one. */
export const variantQuestion = (config: FormConfig): string | undefined =>
  config.analytics ? config.analytics.variant : undefined;

/**
 * True when `value` is a variant the form can have: one of its hidden question's options, or
 * a plain token of at most 64 characters when the question has none. The page without
 * JavaScript takes the variant from its address, where anyone can write anything.
 */
export function isKnownVariant(config: FormConfig, value: string): boolean {
  const named = variantQuestion(config);
  if (named === undefined || value === '') return false;
  const options = config.caseTypes.flatMap((c) => c.questions).find((q) => q.id === named)?.options;
  return options ? options.includes(value) : /^[\w .-]{1,64}$/.test(value);
}

/** The variant's value: one of its hidden question's options, or a plain token. */
function checkVariant(config: FormConfig, report: FunnelReport): void {
  if (variantQuestion(config) === undefined || report.variant === '') {
    must(report.variant === '', 'a variant the configuration does not name');
    return;
  }
  must(isKnownVariant(config, report.variant), 'a variant value the form cannot have');
}

/**
 * Reads a report's text into the tally it adds, on `day`; throws `ReportRefused` when a form
 * view could not have sent it.
 *
 * @example tallyOfReport(lawFirm, '{"outcome":"viewed","caseType":"",...}', '2027-03-27')
 */
export function tallyOfReport(config: FormConfig, text: string, day: string): FunnelTally {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ReportRefused('not JSON');
  }
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success)
    throw new ReportRefused(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(report)'}: ${i.message}`).join('; '),
    );
  const report = parsed.data;
  const caseType = config.caseTypes.find((c) => c.id === report.caseType);
  must(report.caseType === '' || caseType !== undefined, `unknown case type "${report.caseType}"`);
  checkAgainst(report, caseType);
  checkVariant(config, report);
  const answered = new Set(report.answered);
  const sent = report.outcome === 'sent';
  return {
    day,
    caseType: report.caseType,
    campaign: report.campaign,
    variant: report.variant,
    views: 1,
    starts: report.outcome === 'viewed' ? 0 : 1,
    sends: sent ? 1 : 0,
    offered: report.offered ? 1 : 0,
    questions: report.shown.map((id) => ({
      id,
      shown: 1,
      answered: answered.has(id) ? 1 : 0,
      left: !sent && report.reached === id ? 1 : 0,
      ...(report.errors[id] ? { error: report.errors[id] } : {}),
    })),
  };
}
