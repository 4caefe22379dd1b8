/**
 * What an unfinished enquiry keeps of what its page sent: the contact fields the form asks for,
 * its case type, and the answers to that case type's questions, each held to the form's law of
 * length, characters and options (an answer half typed is kept as it is: an address without its
 * domain yet, a date not yet whole). A chosen option is kept as its stored value, whatever the
 * language it was read in. Files are never kept. A record needs an email address or a telephone
 * number that the firm could use: the widget offers its box only once one is typed.
 */
import { checkAnswer } from '../../contract/answer-rules.ts';
import { type CONFIGURABLE_CONTACT_FIELDS } from '../../contract/fields.ts';
import type { IssueCode, RuleIssue } from '../../contract/issues.ts';
import { FIELD_MAX_LENGTH } from '../../contract/limits.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import {
  hasForbiddenCharacters,
  isValidEmail,
  isValidPhone,
  textLength,
} from '../../contract/text-rules.ts';
import type { UnfinishedValues } from '../../contract/unfinished.ts';
import { lastTen } from '../../outbox/machine/telephone.ts';
import type { UnfinishedFields } from '../../outbox/unfinished.ts';
import { answersAsValues } from '../option-values.ts';

/** Problems of an answer being typed: not yet whole, so kept as it is. */
const NOT_YET_WHOLE: ReadonlySet<IssueCode> = new Set([
  'invalid_email',
  'invalid_phone',
  'invalid_date',
  'not_a_number',
  'out_of_range',
]);

/** What is kept, and what the record is found by. */
export interface KeptValues {
  fields: UnfinishedFields;
  /** The address in lower case when it is one, else ''. */
  email: string;
  /** The number's last ten digits when it is one, else ''. */
  phoneKey: string;
}

/**
 * `values` as the record keeps them, checked against `form` (in the language the visitor read);
 * the problems a visitor could not have typed (too long, characters no field takes, an option
 * the form has not) refuse the keep with its issues.
 *
 * @example keptValues(form, { ...values, email: 'ada@example.com' }).email // 'ada@example.com'
 */
export function keptValues(
  form: FormConfig,
  values: UnfinishedValues,
): { kept: KeptValues; issues: RuleIssue[] } {
  const issues: RuleIssue[] = [];
  const add = (field: string, code: IssueCode, messageKey: RuleIssue['messageKey'], params = {}) =>
    issues.push({ field, code, messageKey, params });
  const text = (field: 'forename' | (typeof CONFIGURABLE_CONTACT_FIELDS)[number]) => {
    const value = values[field].trim();
    if (field !== 'forename' && form.contact[field] === 'hidden') return '';
    if (textLength(value) > FIELD_MAX_LENGTH[field])
      add(field, 'too_long', `${field}.too_long`, { max: FIELD_MAX_LENGTH[field] });
    else if (hasForbiddenCharacters(value))
      add(field, 'invalid_characters', 'question.invalid_characters');
    return value;
  };
  const contact = {
    forename: text('forename'),
    surname: text('surname'),
    email: text('email'),
    telephone_mobile: text('telephone_mobile'),
  };
  const caseType = form.caseTypes.find((c) => c.id === values.case_type);
  if (values.case_type !== '' && !caseType)
    add('case_type', 'unknown_case_type', 'case_type.unknown_case_type');
  const { answers } = answersAsValues(form, {
    case_type: values.case_type,
    answers: values.answers,
  });
  const kept: UnfinishedFields['answers'] = {};
  for (const [id, answer] of Object.entries(answers)) {
    const question = caseType?.questions.find((q) => q.id === id);
    if (!question) {
      add(`answers.${id}`, 'unknown_question', 'question.unknown_question', { name: id });
      continue;
    }
    checkAnswer({ ...question, required: false }, answer, (code, key, params) => {
      if (!NOT_YET_WHOLE.has(code))
        add(`answers.${id}`, code, key, { label: question.label, ...params });
    });
    kept[id] = Array.isArray(answer) ? answer : answer.trim();
  }
  const email = isValidEmail(contact.email) ? contact.email.toLowerCase() : '';
  const phoneKey = isValidPhone(contact.telephone_mobile) ? lastTen(contact.telephone_mobile) : '';
  if (!email && !phoneKey && issues.length === 0) add('email', 'required', 'email.required');
  return {
    kept: {
      fields: { ...contact, case_type: caseType ? caseType.id : '', answers: kept },
      email,
      phoneKey,
    },
    issues,
  };
}
