/**
 * Problems as the visitor sees them: one sentence each, tied to the control it is about. The
 * widget's own checks and the proxy's `400`/`415` answers end up in the same shape, so both
 * are shown the same way (error summary + inline message).
 */
import type { Answer, FieldIssue } from '../proxy/contract/enquiry.ts';
import type { FormConfig, Question } from '../proxy/contract/form-config.ts';
import { FIELD_MAX_LENGTH } from '../proxy/contract/limits.ts';
import type { MessageParams } from '../proxy/contract/messages.ts';
import { answerTo, type RuleIssue } from '../proxy/contract/rules.ts';
import type { Translator } from './i18n.ts';

export interface ShownIssue {
  /** The contract's field name: `forename`, `answers.transaction`, `files[1]`, `form_token`... */
  field: string;
  text: string;
}

type ContactOrCaseType = 'forename' | 'surname' | 'email' | 'telephone_mobile' | 'case_type';
const CONTACT: ReadonlySet<string> = new Set<ContactOrCaseType>([
  'forename',
  'surname',
  'email',
  'telephone_mobile',
  'case_type',
]);
const FILE_FIELD = /^files(?:\[\d+\])?$/;

/**
 * The id of the control an issue belongs to (ids in the shadow root are the field names), or
 * `undefined` for what the visitor cannot change (`marketing.*`): those are listed in the
 * summary without a link. (`form_token` issues are never shown: see `submit-controller.ts`.)
 */
export function controlOf(field: string): string | undefined {
  if (CONTACT.has(field) || field.startsWith('answers.') || field === 'turnstile_token') {
    return field;
  }
  return FILE_FIELD.test(field) ? 'files' : undefined;
}

/** The issues shown beside one control. */
export const issuesAt = (issues: readonly ShownIssue[], control: string) =>
  issues.filter((issue) => controlOf(issue.field) === control).map((issue) => issue.text);

export const showRuleIssue = (issue: RuleIssue, t: Translator): ShownIssue => ({
  field: issue.field,
  text: t.text(issue.messageKey, issue.params),
});

/** What the widget knows when it explains a proxy's answer in the visitor's language. */
export interface IssueContext {
  config: FormConfig;
  questions: readonly Question[];
  answers: Readonly<Record<string, Answer>>;
  files: readonly File[];
}

/**
 * A proxy's issue in the widget's words when its field and code name a known string, else the
 * proxy's own (English) message.
 */
export function showServerIssue(issue: FieldIssue, t: Translator, context: IssueContext) {
  const [key, params] = stringFor(issue, t, context);
  const text = t.has(key) ? t.text(key, params) : issue.message;
  return { field: issue.field, text } satisfies ShownIssue;
}

function stringFor(
  { field, code }: FieldIssue,
  t: Translator,
  context: IssueContext,
): [string, MessageParams] {
  if (CONTACT.has(field)) {
    return [`${field}.${code}`, { max: FIELD_MAX_LENGTH[field as ContactOrCaseType] }];
  }
  const fileIndex = /^files\[(\d+)\]$/.exec(field)?.[1];
  if (fileIndex !== undefined) {
    const name = context.files[Number(fileIndex)]?.name ?? '';
    return [`file.${code}`, { name, max: t.bytes(context.config.files.maxFileBytes) }];
  }
  if (field === 'files') return [`files.${code}`, { max: context.config.files.maxFiles }];
  if (field.startsWith('marketing.')) {
    const name = field.slice('marketing.'.length);
    const max = FIELD_MAX_LENGTH[name as keyof typeof FIELD_MAX_LENGTH] ?? '';
    return [`marketing.${code}`, { name, max }];
  }
  if (field.startsWith('answers.')) {
    const id = field.slice('answers.'.length);
    const question = context.questions.find((q) => q.id === id);
    if (!question) return [`question.${code}`, { name: id }];
    return questionString(question, code, answerTo(context.answers, id));
  }
  return [`${field}.${code}`, {}];
}

/** The rules' own choice of string for a question's code (see `rules.ts`). */
function questionString(
  question: Question,
  code: FieldIssue['code'],
  answer: Answer | undefined,
): [string, MessageParams] {
  const { label, min, max, maxLength, type, options } = question;
  if (code === 'required') {
    if (type === 'checkbox' && !options) return ['question.required_checkbox', { label }];
    return [options ? 'question.required_choice' : 'question.required', { label }];
  }
  if (code === 'out_of_range') {
    const below = min !== undefined && Number(answer) < min;
    return below
      ? ['question.below_min', { label, min }]
      : ['question.above_max', { label, max: max ?? '' }];
  }
  const longest =
    maxLength ?? (type === 'textarea' ? FIELD_MAX_LENGTH.longAnswer : FIELD_MAX_LENGTH.shortAnswer);
  return [`question.${code}`, { label, max: longest }];
}
