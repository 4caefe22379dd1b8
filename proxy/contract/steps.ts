/**
 * A form in steps (`"steps"` in the configuration): which steps a visitor walks through, and in
 * which step each field lives. Pure and dependency-free: the widget draws and checks steps with
 * it, the proxy's configuration schema holds the same shape.
 */
import { CONFIGURABLE_CONTACT_FIELDS } from './fields.ts';
import { visibleQuestions } from './rules.ts';
import type { Answer } from './schemas/enquiry-part.ts';
import type { CaseType, FormConfig } from './schemas/form-config.ts';

/**
 * - `contact`: who the visitor is;
 * - `q0`, `q1`...: the case type and its questions, one per step of the list that applies
 *   (`q0` also holds the case type when the visitor chooses it);
 * - `files`, `consent`: when the configuration has them;
 * - `check`: "Check your answers", with the send button.
 */
export type StepKey = 'contact' | `q${number}` | 'files' | 'consent' | 'check';

/** One step as the visitor meets it. */
export interface FormStep {
  key: StepKey;
  /** The configuration's title (question steps of a list); else the widget's words for `key`. */
  title?: string | undefined;
  /** The ids of the questions this step shows (question steps only), in configuration order. */
  questions: readonly string[];
}

/** True when the visitor goes through this form in steps. */
export function isStepped(config: FormConfig, caseTypeFixed: string | undefined): boolean {
  if (config.steps !== undefined) return true;
  return config.caseTypes.find((c) => c.id === caseTypeFixed)?.steps !== undefined;
}

/**
 * The steps of a stepped form for the answers given so far. A question step holds the visible
 * questions of its list entry; an entry whose questions are all hidden (`showIf`) is skipped;
 * questions the list does not name stay in the first question step. When the visitor chooses the
 * case type (`caseTypeAsked`), that first step is "Your enquiry", untitled by the list, and the
 * list's steps follow it: the choice is not the first titled step's ("The property") to ask.
 */
export function formSteps(
  config: FormConfig,
  caseTypeId: string,
  answers: Readonly<Record<string, Answer>>,
  caseTypeAsked = false,
): FormStep[] {
  const caseType: CaseType | undefined = config.caseTypes.find((c) => c.id === caseTypeId);
  const visible = caseType
    ? visibleQuestions(caseType, answers)
        .filter((q) => q.type !== 'hidden')
        .map((q) => q.id)
    : [];
  const setting = caseType?.steps ?? config.steps;
  const titled = Array.isArray(setting) ? setting : [];
  const list: readonly { title?: string; questions: readonly string[] }[] =
    caseTypeAsked || titled.length === 0 ? [{ questions: [] }, ...titled] : titled;
  const questionSteps: FormStep[] = list.map((entry, i) => ({
    key: `q${String(i)}` as StepKey,
    title: entry.title,
    questions: [],
  }));
  for (const id of visible) {
    const at = list.findIndex((entry) => entry.questions.includes(id));
    (questionSteps[Math.max(at, 0)]?.questions as string[]).push(id);
  }
  return [
    { key: 'contact', questions: [] },
    ...questionSteps.filter((step, i) => i === 0 || step.questions.length > 0),
    ...(config.files.maxFiles > 0 ? [{ key: 'files' as const, questions: [] }] : []),
    ...(config.consent ? [{ key: 'consent' as const, questions: [] }] : []),
    { key: 'check', questions: [] },
  ];
}

/** The configuration's title for a step, else the form's words for its kind (`step.contact`...). */
export const stepTitle = (step: FormStep, text: (key: `step.${string}`) => string) =>
  step.title ?? text(`step.${step.key.startsWith('q') ? 'q' : step.key}`);

/** Every step and the one shown. */
export interface StepsNow {
  all: readonly FormStep[];
  shown: FormStep;
}

/**
 * The steps for what the visitor has answered, and the one shown (`key` while it is one of them,
 * else the first); undefined for a form on one page.
 */
export function stepsNow(
  config: FormConfig,
  fixedCaseType: string | undefined,
  values: { case_type: string; answers: Readonly<Record<string, Answer>> },
  key: string | undefined,
): StepsNow | undefined {
  if (!isStepped(config, fixedCaseType)) return undefined;
  const all = formSteps(config, values.case_type, values.answers, fixedCaseType === undefined);
  return { all, shown: all.find((step) => step.key === key) ?? (all[0] as FormStep) };
}

/**
 * The step a field belongs to, by the contract's field name (`email`, `answers.lender`,
 * `files[1]`, `consent.marketing`); what no step shows (the security check, the form token,
 * attribution) belongs to "Check your answers", where the form is sent.
 */
export function stepOfField(steps: readonly FormStep[], field: string): StepKey {
  if (field === 'forename' || (CONFIGURABLE_CONTACT_FIELDS as readonly string[]).includes(field))
    return 'contact';
  if (field === 'case_type') return 'q0';
  if (field.startsWith('answers.')) {
    const id = field.slice('answers.'.length);
    return steps.find((step) => step.questions.includes(id))?.key ?? 'q0';
  }
  if (field === 'files' || field.startsWith('files[')) return 'files';
  if (field.startsWith('consent.')) return 'consent';
  return 'check';
}
