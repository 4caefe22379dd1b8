/**
 * A chosen option as the configuration knows it. The widget sends what the visitor read (an
 * option's label in their language, `contract/public-config.ts`); the page without JavaScript
 * and API clients send its value. Both become the value here, before any check, so what is
 * stored, compared and sent upstream never depends on the language the visitor read.
 */
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';

/**
 * The part with each label of a translated option replaced by its value (`form` is the form in
 * the language the visitor read); anything else is left for the checks to judge.
 *
 * @example answersAsValues(welsh, { ...part, answers: { transaction: 'Gwerthu' } }).answers
 * // { transaction: 'selling' }
 */
export function answersAsValues<Part extends Pick<EnquiryPart, 'case_type' | 'answers'>>(
  form: FormConfig,
  part: Part,
): Part {
  const caseType = form.caseTypes.find((c) => c.id === part.case_type);
  const translated = caseType?.questions.filter((q) => q.optionLabels && q.type !== 'hidden');
  if (!translated?.length) return part;
  const answers = { ...part.answers };
  for (const question of translated) {
    if (!Object.hasOwn(answers, question.id)) continue;
    const valueOf = (answer: string) => {
      const at = question.optionLabels?.indexOf(answer) ?? -1;
      return at === -1 ? answer : (question.options?.[at] ?? answer);
    };
    const answer = answers[question.id];
    if (answer !== undefined)
      answers[question.id] = Array.isArray(answer) ? answer.map(valueOf) : valueOf(answer);
  }
  return { ...part, answers };
}
