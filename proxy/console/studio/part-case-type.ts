/**
 * A case type's own fields (its id and label; its questions are listed on its page with their
 * own buttons, `case-type-questions.ts`), and steps, on the whole form or on one case type
 * (`docs/steps.md`): one page, the product's split, or a list of steps each with its title and
 * the questions it asks.
 */
import type { Choice, Field } from './fields.ts';
import { labelOf } from './part-question.ts';
import { fixedBecause, type Published } from './published.ts';
import { at, isRecord, listAt, textIn, type JsonObject, shownAt } from './raw-config.ts';

/** A case type's fields. */
export function caseTypeFields(caseType: unknown, published: Published): Field[] {
  const fixed = published.caseType(at(caseType, ['id']));
  return [
    {
      kind: 'text',
      path: ['label'],
      label: 'Name',
      translated: true,
      required: true,
      hint: 'What the visitor chooses, and the heading of its questions.',
    },
    {
      kind: 'id',
      path: ['id'],
      label: 'Id',
      fixed,
      hint: fixed
        ? fixedBecause(published, 'this id')
        : 'What the platform files the enquiry under. Proposed from the name; you may change it until the form is live.',
    },
  ];
}

/** The key the page's choice of steps is drawn under (the file's `steps` is the list itself). */
const MODE = 'stepsMode';

/** Steps as the page's fields read them: how the form is split, and the list. */
export function stepsView(root: unknown): JsonObject {
  const steps = at(root, ['steps']);
  const mode =
    steps === true ? 'default' : Array.isArray(steps) ? 'list' : steps === undefined ? '' : 'list';
  return {
    ...(isRecord(root) ? root : {}),
    [MODE]: mode,
    steps: Array.isArray(steps) ? steps : [],
  };
}

/** Steps as the file holds them, from the page's fields. */
export function stepsStored(view: unknown): JsonObject {
  const { [MODE]: mode, steps, ...rest } = isRecord(view) ? view : {};
  if (mode === 'default') return { ...rest, steps: true };
  if (mode === 'list') return { ...rest, steps: Array.isArray(steps) ? steps : [] };
  if (mode === '') return rest;
  // The page did not say (a post without the choice): as it was.
  return steps === undefined ? rest : { ...rest, steps };
}

/**
 * The fields of a list of steps; `questions` are those a step may ask (every case type's, for
 * the form's list), each named as the editor reads it.
 */
export function stepsFields(questions: readonly Choice[], languages: readonly string[]): Field[] {
  return [
    {
      kind: 'choice',
      path: [MODE],
      label: 'How the form asks its questions',
      choices: [
        { value: '', label: 'All on one page' },
        {
          value: 'default',
          label: 'In steps, as the product splits them',
          hint: '(your details, the enquiry, files, consent, then Check your answers)',
        },
        {
          value: 'list',
          label: 'In the steps listed below',
          hint: '(questions no step names are asked in the first; when the visitor chooses the case type, with it, in a step of its own before these)',
        },
      ],
    },
    {
      kind: 'list',
      path: ['steps'],
      label: 'Steps',
      noun: 'step',
      name: (row) => {
        const title = textIn(at(row, ['title']), languages[0]).trim();
        return title ? `“${title}”` : '';
      },
      fields: () => [
        { kind: 'text', path: ['title'], label: 'Title', translated: true, required: true },
        { kind: 'checks', path: ['questions'], label: 'Its questions', choices: questions },
      ],
    },
  ];
}

/** A case type's questions as a step may name them (hidden ones are never in a step). */
export const stepChoices = (
  caseType: unknown,
  languages: readonly string[],
  prefix = '',
): Choice[] =>
  listAt(caseType, ['questions'])
    .filter((q) => at(q, ['type']) !== 'hidden' && typeof at(q, ['id']) === 'string')
    .map((q) => ({
      value: shownAt(q, ['id']),
      label: `${prefix}${labelOf(q, languages) || shownAt(q, ['id'])}`,
    }));
