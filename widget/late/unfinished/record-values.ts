/**
 * What an unfinished record holds of the form (`index.ts` sends it): the proxy holds it to the
 * form's law again (`proxy/intake/unfinished/kept-values.ts`); this only leaves out what the
 * visitor cannot see now.
 */
import { visibleQuestions, type PublicFormConfig, type UnfinishedValues } from '#contract';
import type { Values } from '../../draft.ts';

/**
 * What the visitor typed, as a record keeps it: the contact fields, the case type, and the
 * answers to the questions the case type shows now (never a file, never a hidden question's).
 */
export function recordValues(config: PublicFormConfig, values: Values): UnfinishedValues {
  const caseType = config.caseTypes.find((c) => c.id === values.case_type);
  const shown = caseType ? visibleQuestions(caseType, values.answers) : [];
  const answers: UnfinishedValues['answers'] = {};
  for (const { id, type } of shown) {
    const answer = values.answers[id];
    if (type !== 'hidden' && answer !== undefined) answers[id] = answer;
  }
  const { forename, surname, email, telephone_mobile, case_type } = values;
  return { forename, surname, email, telephone_mobile, case_type, answers };
}
