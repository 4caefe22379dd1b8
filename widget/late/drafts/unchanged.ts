/**
 * Which kept answers still stand on a form published anew (issues #56 and #57): the tab's draft
 * after a reload, and a saved enquiry opened later, both judge their answers here. An answer
 * stands while its question does: the same id in the same case type (the id is the platform's
 * identity for a question, so a reworded label keeps the answer), the same kind of answer, and,
 * for a choice, every option chosen still offered (a stored value is fixed once published, so a
 * value still there is the same option; one added beside it changes nothing). The rest are given
 * again: named by the labels they have now, or, for questions no longer asked, said once.
 */
import { optionValuesOf, type Answer, type PublicFormConfig, type Question } from '#contract';

/** What a question was when its answer was given: its type and its options' stored values. */
export interface Asked {
  type: string;
  values?: readonly string[] | undefined;
}

/**
 * Types whose answer reads the same as the other's, which the studio lets a published question
 * move to (`proxy/studio/id-rules.ts`): one choice drawn as a list or as buttons, a line in a
 * box for several. A box's text into a line is not: it may hold several lines.
 */
const SAME_ANSWER: Readonly<Record<string, string>> = {
  select: 'radio',
  radio: 'select',
  text: 'textarea',
};

/** What becomes of one answer (in stored values) given to `was`, on the question `now`. */
export function verdict(
  now: Question | undefined,
  was: Asked,
  answer: Answer,
): 'same' | 'changed' | 'removed' {
  if (!now) return 'removed';
  if (now.type !== was.type && SAME_ANSWER[was.type] !== now.type) return 'changed';
  const offered = optionValuesOf(now);
  if (!offered) return was.values?.length ? 'changed' : 'same';
  const chosen = typeof answer === 'string' ? [answer] : answer;
  return chosen.every((value) => offered.includes(value)) ? 'same' : 'changed';
}

/** The chosen case type's questions a visitor answers (not hidden ones), by id. */
export function questionsOf(config: PublicFormConfig, caseType: string): Map<string, Question> {
  const found = config.caseTypes.find((each) => each.id === caseType);
  return new Map((found?.questions ?? []).filter((q) => q.type !== 'hidden').map((q) => [q.id, q]));
}

/** Kept answers judged: those that stand, and what to say of the others. */
export interface Judged {
  /** The answers that stand, in stored values, by question id. */
  answers: Record<string, Answer>;
  /** The labels, as the form has them now, of the questions to answer again. */
  giveAgain: string[];
  /** Ids of answers to be taken away: their question changed or is no longer asked. */
  dropped: string[];
  /** Whether some answered question is no longer asked. */
  removed: boolean;
}

/**
 * Judges `answers` (in stored values) of the case type `caseType` on `config`; `asked` says
 * what each question was when answered, and an answer it knows nothing of is left out of the
 * judgement (neither kept nor dropped).
 *
 * @example judge(config, 'conveyancing', { lender: 'Nationwide' }, () => ({ type: 'text' }))
 */
export function judge(
  config: PublicFormConfig,
  caseType: string,
  answers: Readonly<Record<string, Answer>>,
  asked: (id: string) => Asked | undefined,
): Judged {
  const questions = questionsOf(config, caseType);
  const judged: Judged = { answers: {}, giveAgain: [], dropped: [], removed: false };
  for (const [id, answer] of Object.entries(answers)) {
    const was = asked(id);
    if (!was) continue;
    const now = questions.get(id);
    const said = verdict(now, was, answer);
    if (said === 'same') judged.answers[id] = answer;
    else judged.dropped.push(id);
    if (said === 'removed') judged.removed = true;
    if (said === 'changed' && now) judged.giveAgain.push(now.label);
  }
  return judged;
}

/** A question signature (`#contract`'s `questionSignature`: `[type, values]`) read back. */
export function askedFrom(signature: unknown): Asked | undefined {
  try {
    const [type, values] = JSON.parse(String(signature)) as unknown[];
    if (typeof type !== 'string') return undefined;
    const strings = Array.isArray(values) ? values.filter((v) => typeof v === 'string') : [];
    return { type, values: strings };
  } catch {
    return undefined;
  }
}
