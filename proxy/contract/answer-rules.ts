/**
 * The rules of one answer to one question: what the form takes from a visitor (an option, a
 * ticked box, a number within its range, a real date, text within its length), and in which
 * words it says what it does not. One implementation for the widget, the proxy's law
 * (`rules.ts`) and the configuration's own checks (a routing rule's value, `schemas/routing.ts`),
 * apart from the form's shape so that the configuration's schema can read it. No dependency.
 */
import { FIELD_MAX_LENGTH, PREFERRED_TIMES_MAX } from './limits.ts';
import type { IssueCode } from './issues.ts';
import type { MessageKey, MessageParams } from './messages.ts';
import type { Answer } from './schemas/enquiry-part.ts';
import {
  hasForbiddenCharacters,
  isBlank,
  isValidEmail,
  isValidPhone,
  textLength,
} from './text-rules.ts';

/** What an answer is checked against: the question's type and its limits. */
export interface AnswerRules {
  type: string;
  required: boolean;
  options?: readonly string[] | undefined;
  maxLength?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
}

const NUMBER = /^-?\d{1,15}(?:\.\d{1,10})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when an answer holds something: a non-blank string or a non-empty selection. */
export const isAnswered = (answer: Answer | undefined): answer is Answer =>
  Array.isArray(answer) ? answer.length > 0 : !isBlank(answer ?? '');

/** Where a problem with an answer is told: its code, its words' key and their values. */
export type AddAnswerIssue = (code: IssueCode, key: MessageKey, params?: MessageParams) => void;

/**
 * Tells `add` the first problem with `answer` to `question` (none when the form takes it): a
 * required question left blank, an option it does not have, a number out of range, and so on.
 *
 * @example checkAnswer(children, '21', add) // add('out_of_range', 'question.above_max', { max: 20 })
 */
export function checkAnswer(
  question: AnswerRules,
  answer: Answer | undefined,
  add: AddAnswerIssue,
): void {
  if (!isAnswered(answer)) {
    if (question.required) add('required', requiredKey(question));
    return;
  }
  const { type, options } = question;
  if (type === 'checkbox' && options) {
    const chosen = [answer].flat();
    if (
      chosen.some((value) => !options.includes(value)) ||
      new Set(chosen).size !== chosen.length
    ) {
      add('not_an_option', 'question.not_an_option');
    }
    return;
  }
  if (Array.isArray(answer)) {
    add('invalid_type', 'question.invalid_type');
    return;
  }
  if (type === 'checkbox') {
    if (answer !== 'Yes') add('not_an_option', 'question.not_an_option');
    return;
  }
  if (options) {
    if (!options.includes(answer)) add('not_an_option', 'question.not_an_option');
    return;
  }
  const value = answer.trim();
  // An appointment's answer is a slot's start, or the visitor's preferred times in words: which
  // one, and whether the slot is still free, only the proxy can say (`booking/`).
  const max =
    question.maxLength ??
    (type === 'appointment'
      ? PREFERRED_TIMES_MAX
      : type === 'textarea'
        ? FIELD_MAX_LENGTH.longAnswer
        : FIELD_MAX_LENGTH.shortAnswer);
  if (textLength(value) > max) {
    add('too_long', 'question.too_long', { max });
    return;
  }
  if (hasForbiddenCharacters(value, type === 'textarea' || type === 'appointment')) {
    add('invalid_characters', 'question.invalid_characters');
    return;
  }
  if (type === 'email' && !isValidEmail(value)) add('invalid_email', 'question.invalid_email');
  if (type === 'tel' && !isValidPhone(value)) add('invalid_phone', 'question.invalid_phone');
  if (type === 'date' && !isRealDate(value)) add('invalid_date', 'question.invalid_date');
  if (type === 'number') checkNumber(question, value, add);
}

/**
 * What the form refuses in `answer` to `question` (its first problem's code), or undefined when
 * the form takes it: a routing rule's value is checked by the same law as a visitor's answer.
 *
 * @example answerRefusal(children, '21') // 'out_of_range' (its max is 20)
 */
export function answerRefusal(question: AnswerRules, answer: Answer): IssueCode | undefined {
  let first: IssueCode | undefined;
  checkAnswer(question, answer, (code) => {
    first ??= code;
  });
  return first;
}

function requiredKey(question: AnswerRules): MessageKey {
  if (question.type === 'checkbox' && !question.options) return 'question.required_checkbox';
  return question.options ? 'question.required_choice' : 'question.required';
}

function checkNumber(question: AnswerRules, value: string, add: AddAnswerIssue): void {
  if (!NUMBER.test(value)) {
    add('not_a_number', 'question.not_a_number');
    return;
  }
  const number = Number(value);
  if (question.min !== undefined && number < question.min) {
    add('out_of_range', 'question.below_min', { min: question.min });
  } else if (question.max !== undefined && number > question.max) {
    add('out_of_range', 'question.above_max', { max: question.max });
  }
}

function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // Not Date.UTC: it reads the years 0 to 99 as 1900 to 1999. Year 0 is no valid date for
  // HTML's date input either.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year > 0 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
