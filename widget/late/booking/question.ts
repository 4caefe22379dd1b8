/**
 * The appointment question of the case type chosen, when it is shown (at most one per case
 * type).
 */
import {
  isSlotStart,
  visibleQuestions,
  type EnquiryPartInput,
  type PublicFormConfig,
  type PublicQuestion,
} from '#contract';
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

/**
 * Puts the visitor's own `zone` beside the time chosen for `question` in `part` (`time_zone`):
 * the proxy keeps it with the call and writes the call on their clock in every email and page
 * after. Times typed as suiting, or none, carry no zone.
 */
export function zoneBeside(
  part: Pick<EnquiryPartInput, 'answers' | 'time_zone'>,
  question: PublicQuestion | undefined,
  zone: string,
): void {
  const answer = question && part.answers?.[question.id];
  if (typeof answer === 'string' && isSlotStart(answer)) part.time_zone = zone;
}
