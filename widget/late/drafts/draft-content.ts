/**
 * What a saved enquiry holds (`#contract`'s `DraftContent`), made from the form as it stands and
 * put back into a form that may have been published anew since. Each answer is kept with what
 * its question was (`questionSignature`: its type and its options' stored values) and each
 * consent with the words agreed to; a choice is kept by its stored value, so it comes back in
 * whatever language or wording its label has now. Back into the form go the answers whose
 * question still stands (`unchanged.ts` judges), and the consents whose words are the same; the
 * rest are named, to be given again. The tab's own draft is judged the same way (`sinceTab`).
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
import { askedFrom, judge, questionsOf, type Asked, type Judged } from './unchanged.ts';

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
  /** Whether some answered question is no longer asked (said once, not named). */
  removed: boolean;
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
  const questions = questionsOf(config, values.case_type);
  const answers = Object.entries(record(kept.answers)).filter(
    ([, answer]) =>
      typeof answer === 'string' ||
      (Array.isArray(answer) && answer.every((a) => typeof a === 'string')),
  ) as [string, Answer][];
  const judged = judge(config, values.case_type, Object.fromEntries(answers), (id) =>
    askedFrom(asked[id]),
  );
  for (const [id, answer] of Object.entries(judged.answers)) {
    const question = questions.get(id);
    if (question) values.answers[id] = convert(question, answer, false);
  }
  const giveAgain = judged.giveAgain;
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
  return {
    values,
    step: text(content.step) || undefined,
    uploads,
    giveAgain,
    removed: judged.removed,
  };
}

/** A form's print (`../asked.ts`): each case type's questions as `[id, type, values, labels]`. */
type Print = [string, [string, string, string[]?, string[]?][]][];

/**
 * The tab's draft judged on the form published since it was kept beside `formBefore` (the late
 * bundle's print of the form then, `../asked.ts`). The draft holds a choice by its label, so it
 * is read as its stored value by the label it had then, else by the one it has now (the form was
 * switched to another language since), and what stands goes back under the label it has now.
 * `answers` is the tab's draft's answers to keep: those judged to stand, and all others as they
 * are.
 */
export function sinceTab(formBefore: string, config: PublicFormConfig, values: Values): Judged {
  let print: Print;
  try {
    print = JSON.parse(formBefore) as Print;
  } catch {
    return { answers: values.answers, giveAgain: [], dropped: [], removed: false };
  }
  const then = new Map<string, Asked & { labels?: string[] | null }>();
  const caseType = (Array.isArray(print) ? print : []).find(([id]) => id === values.case_type);
  for (const [id, type, stored, labels] of caseType?.[1] ?? [])
    then.set(id, { type, values: stored ?? [], labels: labels ?? stored });
  const questions = questionsOf(config, values.case_type);
  const asStored: Record<string, Answer> = {};
  for (const [id, answer] of Object.entries(values.answers)) {
    const was = then.get(id);
    const now = questions.get(id);
    if (!was) continue;
    const one = (label: string) => {
      const place = was.labels?.indexOf(label) ?? -1;
      if (place >= 0) return was.values?.[place] ?? label;
      return now ? (convert(now, label, true) as string) : label;
    };
    asStored[id] = typeof answer === 'string' ? one(answer) : answer.map(one);
  }
  const judged = judge(config, values.case_type, asStored, (id) => then.get(id));
  const answers = Object.fromEntries(
    Object.entries(values.answers).filter(([id]) => !judged.dropped.includes(id)),
  );
  for (const [id, answer] of Object.entries(judged.answers)) {
    const question = questions.get(id);
    if (question) answers[id] = convert(question, answer, false);
  }
  return { ...judged, answers };
}
