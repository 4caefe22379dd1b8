/**
 * What a saved enquiry holds (`#contract`'s `DraftContent`), made from the form as it stands and
 * put back into a form that may have been published anew since. Each answer is kept with what
 * its question was (`questionSignature`: its type and its options' stored values) and each
 * consent with the words agreed to; a choice is kept by its stored value, so it comes back in
 * whatever language or wording its label has now. Back into the form go the answers whose
 * question is the same, and the consents whose words are; the rest are named, to be given again.
 */
import {
  optionValuesOf,
  questionSignature,
  type Answer,
  type DraftContent,
  type DraftUpload,
  type PublicFormConfig,
  type Question,
} from '#contract';
import type { Values } from '../../draft.ts';

/** What the form records of a consent statement: the words agreed to. */
const consentKey = (id: string) => `consent.${id}`;

/** A choice's label as its stored value (`toStored`), or back (`fromStored`); others as they are. */
function convert(question: Question, answer: Answer, toStored: boolean) {
  const labels = question.options ?? [];
  const values = optionValuesOf(question) ?? labels;
  const [from, to] = toStored ? [labels, values] : [values, labels];
  const one = (text: string) => to[from.indexOf(text)] ?? text;
  return typeof answer === 'string' ? one(answer) : answer.map(one);
}

/** The chosen case type's visible questions, by id. */
function questionsOf(config: PublicFormConfig, caseType: string) {
  const found = config.caseTypes.find((each) => each.id === caseType);
  return new Map((found?.questions ?? []).filter((q) => q.type !== 'hidden').map((q) => [q.id, q]));
}

/** What `values` would be saved as, with the uploads and the owner's secret and address. */
export function contentOf(
  config: PublicFormConfig,
  values: Values,
  step: string | undefined,
  uploads: DraftUpload[],
  owner: { write: string; email: string },
): DraftContent {
  const questions = questionsOf(config, values.case_type);
  const answers: Record<string, Answer> = {};
  const asked: Record<string, string> = {};
  for (const [id, answer] of Object.entries(values.answers)) {
    const question = questions.get(id);
    if (!question || answer.length === 0) continue;
    answers[id] = convert(question, answer, true);
    asked[id] = questionSignature(question);
  }
  for (const statement of config.consent?.statements ?? [])
    if (statement.id in values.consent) asked[consentKey(statement.id)] = statement.label;
  return {
    v: 1,
    values: { ...values, answers, consent: { ...values.consent } },
    asked,
    step,
    uploads,
    ...owner,
  };
}

/** A saved enquiry put back: its values, its step and its uploads, and what to give again. */
export interface Restored {
  values: Values;
  step: string | undefined;
  uploads: DraftUpload[];
  /** The labels of the questions (and consents) whose answers were not put back. */
  giveAgain: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * `saved` (what the link opened: checked as anything read back is) as the form `config` takes
 * it now; `fixed` is the case type the tag fixes, if any, and `blank` the form's empty values.
 */
export function restore(
  saved: unknown,
  config: PublicFormConfig,
  fixed: string | undefined,
  blank: Values,
): Restored {
  const content = record(saved);
  const kept = record(content.values);
  const asked = record(content.asked);
  const values: Values = { ...blank, answers: {}, consent: {} };
  for (const name of Object.keys(blank))
    if (typeof kept[name] === 'string')
      (values as unknown as Record<string, string>)[name] = kept[name];
  const caseType = fixed ?? text(kept.case_type);
  values.case_type = config.caseTypes.some((each) => each.id === caseType) ? caseType : '';
  const giveAgain: string[] = [];
  const questions = questionsOf(config, values.case_type);
  for (const [id, answer] of Object.entries(record(kept.answers))) {
    const question = questions.get(id);
    const valid =
      typeof answer === 'string' ||
      (Array.isArray(answer) && answer.every((a) => typeof a === 'string'));
    if (!question || !valid) continue;
    if (asked[id] === questionSignature(question))
      values.answers[id] = convert(question, answer, false);
    else giveAgain.push(question.label);
  }
  for (const statement of config.consent?.statements ?? []) {
    const agreed = record(kept.consent)[statement.id];
    if (typeof agreed !== 'boolean') continue;
    if (asked[consentKey(statement.id)] === statement.label) values.consent[statement.id] = agreed;
    else giveAgain.push(statement.label);
  }
  if (kept.sendCopy === true) values.sendCopy = true;
  const uploads = Array.isArray(content.uploads)
    ? ((content.uploads as unknown[])
        .map(record)
        .filter(
          (u) =>
            typeof u.id === 'string' &&
            typeof u.key === 'string' &&
            typeof u.name === 'string' &&
            typeof u.size === 'number' &&
            typeof u.check === 'object' &&
            u.check !== null,
        ) as unknown as DraftUpload[])
    : [];
  return { values, step: text(content.step) || undefined, uploads, giveAgain };
}

/**
 * The answered questions of `values` that changed since the form was `formBefore` (the late
 * bundle's record of it, `../asked.ts`): same id, but another type or other option values.
 */
export function changedSince(
  formBefore: string,
  config: PublicFormConfig,
  values: Values,
): string[] {
  let before: unknown;
  try {
    before = JSON.parse(formBefore);
  } catch {
    return [];
  }
  const was = (Array.isArray(before) ? before : []) as [string, [string, string, string[]?][]][];
  const questions = questionsOf(config, values.case_type);
  const asked = was.find(([caseType]) => caseType === values.case_type)?.[1] ?? [];
  return asked.flatMap(([id, type, options]) => {
    const now = questions.get(id);
    const signature = JSON.stringify([type, [...(options ?? [])].sort()]);
    return now && id in values.answers && questionSignature(now) !== signature ? [id] : [];
  });
}
