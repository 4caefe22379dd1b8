/**
 * Values the page gives the form: a `data-` attribute of the tag or a parameter of the page's
 * URL, as a question's `from` (hidden questions, sent like any answer) or `prefill` (a first
 * answer the visitor may change) names it. A value the question could not take (not one of its
 * options) is left out, with a warning for the site owner: the proxy would refuse it, and the
 * visitor could not put it right.
 */
import type { Answer, CaseType, FormConfig, Question, ValueSource } from '#contract';

/** Reads one source: `element` for attributes, `search` (the page's query) for parameters. */
export type PageReader = (source: ValueSource) => string | undefined;

/** The reader of one element on one page. */
export function pageReader(element: Pick<Element, 'getAttribute'>, search: string): PageReader {
  const params = new URLSearchParams(search);
  return (source) => {
    const value =
      'param' in source ? params.get(source.param) : element.getAttribute(source.attribute);
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
}

/** The value as the question's answer, or undefined when it cannot take it. */
function answerFor(question: Question, value: string): Answer | undefined {
  const { options } = question;
  if (question.type === 'checkbox' && options) {
    const ticked = value.split(',').map((part) => part.trim());
    const kept = options.filter((option) => ticked.includes(option));
    return kept.length > 0 ? kept : undefined;
  }
  if (question.type === 'checkbox') return undefined;
  if (options && !options.includes(value)) {
    console.warn(`<enquiry-form>: "${value}" is not an option of "${question.id}": left out`);
    return undefined;
  }
  return value;
}

/** The answers of the case type's hidden questions, from the page. */
export function hiddenAnswers(caseType: CaseType, read: PageReader): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const question of caseType.questions) {
    if (question.type !== 'hidden' || !question.from) continue;
    const value = read(question.from);
    const answer = value === undefined ? undefined : answerFor(question, value);
    if (answer !== undefined) answers[question.id] = answer;
  }
  return answers;
}

/** Fills in the prefill of every question not answered yet (a restored draft wins). */
export function applyPrefill(
  config: FormConfig,
  answers: Record<string, Answer>,
  read: PageReader,
): void {
  for (const question of config.caseTypes.flatMap((caseType) => caseType.questions)) {
    if (!question.prefill || Object.hasOwn(answers, question.id)) continue;
    const value = read(question.prefill);
    const answer = value === undefined ? undefined : answerFor(question, value);
    if (answer !== undefined) answers[question.id] = answer;
  }
}
