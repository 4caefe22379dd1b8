/**
 * The appointment question of the case type chosen, when it is shown (at most one per case
 * type).
 */
import { visibleQuestions, type PublicFormConfig, type PublicQuestion } from '#contract';
import type { Values } from '../../draft.ts';

/** The visible appointment question of the case type chosen, if it has one. */
export function appointmentOf(
  config: PublicFormConfig | undefined,
  values: Values,
): PublicQuestion | undefined {
  const caseType = config?.caseTypes.find((c) => c.id === values.case_type);
  return caseType?.questions.find(
    (q) => q.type === 'appointment' && visibleQuestions(caseType, values.answers).includes(q),
  );
}
