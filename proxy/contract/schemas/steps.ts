/**
 * `"steps"` in the form configuration, on the whole form or on one case type: `true` for the
 * default split, or a list of steps, each with its title and the ids of its questions. Proxy
 * only (zod); the widget works from the parsed shape (`../steps.ts`).
 */
import { z } from 'zod';
import { id, text } from './common.ts';

const stepListSchema = z
  .array(z.strictObject({ title: text(200), questions: z.array(id).min(1).max(50) }))
  .min(1)
  .max(20);

type StepList = z.output<typeof stepListSchema>;

/**
 * `true`, or the list of steps. Not a plain union: zod would report a list's problem as "invalid
 * input" at `steps`; this names the step and the key.
 */
export const stepsSchema = z
  .union([z.literal(true), z.array(z.unknown())], {
    error: 'must be true or a list of steps, each {"title": "...", "questions": ["id", ...]}',
  })
  .transform((steps, ctx): true | StepList => {
    if (steps === true) return true;
    const list = stepListSchema.safeParse(steps);
    if (list.success) return list.data;
    for (const issue of list.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

interface QuestionFacts {
  id: string;
  type: string;
  showIf?: { question: string } | undefined;
}

type AddIssue = (path: (string | number)[], message: string) => void;

/**
 * Every problem of one list: a question named twice or in two steps, one that `known` does not
 * hold (`where` says where it was looked for), a hidden one, and one shown before the question
 * its `showIf` names.
 */
export function checkStepList(
  list: StepList,
  known: ReadonlyMap<string, QuestionFacts>,
  where: string,
  add: AddIssue,
): void {
  const stepOf = new Map<string, number>();
  list.forEach((step, s) => {
    step.questions.forEach((questionId, i) => {
      const path = [s, 'questions', i];
      const earlier = stepOf.get(questionId);
      const question = known.get(questionId);
      if (earlier === s) add(path, `"${questionId}" is named twice in this step`);
      else if (earlier !== undefined)
        add(
          path,
          `"${questionId}" is already in step ${String(earlier + 1)} ("${list[earlier]?.title ?? ''}")`,
        );
      else if (!question) add(path, `"${questionId}" is not a question of ${where}`);
      else if (question.type === 'hidden') add(path, `"${questionId}" is hidden: no step shows it`);
      stepOf.set(questionId, earlier ?? s);
    });
  });
  list.forEach((step, s) => {
    step.questions.forEach((questionId, i) => {
      const condition = known.get(questionId)?.showIf?.question;
      const conditionStep = condition === undefined ? undefined : stepOf.get(condition);
      if (condition !== undefined && conditionStep !== undefined && conditionStep > s)
        add(
          [s, 'questions', i],
          `"${questionId}" depends on "${condition}", which comes in a later step`,
        );
    });
  });
}
