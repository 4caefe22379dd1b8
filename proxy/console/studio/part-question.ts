/**
 * A question's page: its type, its words in every language, its id (proposed from its label
 * when it was added, editable until published, then fixed), whether it must be answered, its
 * options (each a label and the value stored, fixed once published), when it is shown, where a
 * hidden or prefilled value comes from, and its limits. A field that does not apply to the
 * question's type is not drawn, unless it holds something (it is then drawn, with the schema's
 * reason beside it, so that nothing the draft holds is hidden from the editor).
 */
import { QUESTION_TYPES } from '../../contract/schemas/question.ts';
import type { Choice, Condition, Field, ListField } from './fields.ts';
import { fixedBecause, optionValue, type Published } from './published.ts';
import { at, isRecord, listAt, textIn, writeText, shownAt } from './raw-config.ts';

/** Each type as the studio offers it. */
export const TYPE_WORDS: Readonly<Record<(typeof QUESTION_TYPES)[number], string>> = {
  text: 'Text, one line',
  textarea: 'Text, several lines',
  email: 'Email address',
  tel: 'Telephone number',
  number: 'Number',
  date: 'Date',
  radio: 'One answer from a list (radios)',
  select: 'One answer from a drop-down list',
  checkbox: 'Tick boxes: one box, or several options',
  hidden: 'Hidden: a value from the page, never shown',
  appointment: 'A time to talk, booked from the hosts’ free times',
};

const CHOICES = new Set(['radio', 'select', 'checkbox', 'hidden']);
const WORDED = new Set(['text', 'textarea', 'email', 'tel', 'hidden']);

/** What drawing a question's fields needs of the form around it. */
export interface QuestionContext {
  languages: readonly string[];
  /** The case type's id, and its questions before this one. */
  caseType: unknown;
  earlier: readonly unknown[];
  published: Published;
}

/** A question's label in the firm's language, for the studio's words. */
export const labelOf = (question: unknown, languages: readonly string[]): string =>
  textIn(at(question, ['label']), languages[0]).trim();

/** An option as its row: `{value, label}` whether the file writes it as a string or not. */
const optionRow = (option: unknown): unknown =>
  isRecord(option) ? option : { value: option, label: option };

/**
 * An option as the file writes it, from its row: a plain string in a form in one language when
 * its label is its value; else `{value, label}`, the value proposed from the label when left
 * empty (the firm's language's words).
 */
function optionItem(languages: readonly string[]) {
  return (row: unknown): unknown => {
    const label = at(row, ['label']);
    const typed = at(row, ['value']);
    const value =
      typeof typed === 'string' && typed.trim() !== ''
        ? typed.trim()
        : textIn(label, languages[0]).trim();
    if (languages.length === 0 && typeof label === 'string' && label === value) return value;
    return { value, label: label ?? writeText({}, languages, true) };
  };
}

function optionsField(question: unknown, context: QuestionContext): ListField {
  const { languages, published, caseType } = context;
  const id = at(question, ['id']);
  const oneBox =
    at(question, ['type']) === 'checkbox' ? ' With none, the question is one box to tick.' : '';
  return {
    kind: 'list',
    path: ['options'],
    label: 'Options',
    hint: `What the visitor chooses from. The stored value is what the form compares and keeps; it is proposed from the label, and fixed once the form is live.${oneBox}`,
    noun: 'option',
    // Three empty rows each time: four options take two saves, not three.
    newRows: 3,
    row: optionRow,
    item: optionItem(languages),
    name: (row) => {
      const words = textIn(at(row, ['label']), languages[0]).trim();
      return words ? `“${words}”` : '';
    },
    fields: (row): Field[] => {
      const fixed = published.option(caseType, id, optionValue(row));
      return [
        { kind: 'text', path: ['label'], label: 'Label', translated: true, required: true },
        {
          kind: 'id',
          path: ['value'],
          label: 'Stored value',
          fixed,
          ...(fixed
            ? { hint: fixedBecause(published, 'this value') }
            : { hint: 'Left empty, it is the label in the firm’s language.' }),
        },
      ];
    },
  };
}

/** The earlier questions this one may be shown after, with their options in words. */
function conditions(context: QuestionContext): Condition[] {
  return context.earlier
    .filter((q) => at(q, ['type']) !== 'hidden' && typeof at(q, ['id']) === 'string')
    .map((q) => ({
      id: shownAt(q, ['id']),
      label: labelOf(q, context.languages) || shownAt(q, ['id']),
      options: listAt(q, ['options']).map((option): Choice => {
        const row = optionRow(option);
        const value = shownAt(row, ['value']);
        return { value, label: textIn(at(row, ['label']), context.languages[0]) || value };
      }),
    }));
}

/** The fields of `question`'s page. */
export function questionFields(question: unknown, context: QuestionContext): Field[] {
  const type = shownAt(question, ['type']) || '';
  const has = (key: string) => at(question, [key]) !== undefined;
  const when = (applies: boolean, key: string) => applies || has(key);
  const hidden = type === 'hidden';
  const idFixed = context.published.question(context.caseType, at(question, ['id']));
  const fields: (Field | false)[] = [
    {
      kind: 'choice',
      path: ['type'],
      label: 'Type of answer',
      choices: QUESTION_TYPES.map((value) => ({ value, label: TYPE_WORDS[value] })),
    },
    { kind: 'text', path: ['label'], label: 'Question', translated: true, required: true },
    {
      kind: 'id',
      path: ['id'],
      label: 'Id',
      fixed: idFixed,
      hint: idFixed
        ? fixedBecause(context.published, 'this id')
        : 'What the platform files the answer under. Proposed from the question; you may change it until the form is live. Letters, digits, _ and -.',
    },
    when(!hidden, 'hint') && {
      kind: 'text',
      path: ['hint'],
      label: 'Hint',
      hint: 'Shown under the question. Optional.',
      translated: true,
      lines: 2,
    },
    when(!hidden, 'required') && {
      kind: 'flag',
      path: ['required'],
      label: 'The visitor must answer it',
    },
    when(CHOICES.has(type), 'options') && optionsField(question, context),
    when(!hidden && context.earlier.length > 0, 'showIf') && {
      kind: 'showIf',
      path: ['showIf'],
      label: 'When to show it',
      earlier: conditions(context),
    },
    when(hidden, 'from') && {
      kind: 'source',
      path: ['from'],
      label: 'Where its value comes from',
      hint: 'A hidden question takes its value from the page the form is on.',
    },
    // A visitor picks a time: the schema refuses a first answer from the page on an appointment.
    when(!hidden && type !== 'appointment', 'prefill') && {
      kind: 'source',
      path: ['prefill'],
      label: 'A first answer from the page',
      hint: 'Optional: the visitor may change it.',
    },
    when(WORDED.has(type), 'maxLength') && {
      kind: 'number',
      path: ['maxLength'],
      label: 'Longest answer',
      unit: 'characters',
      hint: 'Optional: tighter than the product’s own limit.',
    },
    when(type === 'number', 'min') && { kind: 'number', path: ['min'], label: 'Smallest number' },
    when(type === 'number', 'max') && { kind: 'number', path: ['max'], label: 'Largest number' },
  ];
  return fields.filter((field): field is Field => field !== false);
}

/**
 * The published id a save gave a question that had another (typed into its id box): the
 * question is then taken as that one with new words, whatever became of it in this draft (one id
 * is one question for the platform, `docs/configuration.md`). Undefined for any other save.
 */
export function joinedId(
  root: readonly (string | number)[],
  before: unknown,
  after: unknown,
  published: Published,
): string | undefined {
  if (root[0] !== 'caseTypes' || root[2] !== 'questions') return undefined;
  const [was, now] = [at(before, [...root, 'id']), at(after, [...root, 'id'])];
  if (typeof now !== 'string' || now === was) return undefined;
  return published.question(at(after, [...root.slice(0, 2), 'id']), now) ? now : undefined;
}
