/**
 * The field rules of an enquiry, checked against the form configuration. One implementation for
 * both sides: the widget runs it for the visitor's comfort, the proxy runs it as the law.
 * Pure functions, no dependencies, so it costs the widget bundle little.
 */
import { consentText } from './consent.ts';
import { CONFIGURABLE_CONTACT_FIELDS, MARKETING_FIELDS, type ContactField } from './fields.ts';
import { checkAnswer } from './answer-rules.ts';
import { FIELD_MAX_LENGTH } from './limits.ts';
import type { MessageKey, MessageParams } from './messages.ts';
import type { Answer, Marketing } from './schemas/enquiry-part.ts';
import type { CaseType, FormConfig, Question } from './schemas/form-config.ts';
import type { IssueCode, RuleIssue } from './issues.ts';
import {
  hasForbiddenCharacters,
  isBlank,
  isValidEmail,
  isValidPhone,
  textLength,
} from './text-rules.ts';

/** The parts of an enquiry the rules look at (the widget's state has the same shape). */
export interface EnquiryFields {
  forename: string;
  surname?: string | undefined;
  email?: string | undefined;
  telephone_mobile?: string | undefined;
  case_type: string;
  answers: Readonly<Record<string, Answer>>;
  marketing?: Marketing | undefined;
  /** Consent statement id → ticked. */
  consent?: Readonly<Record<string, boolean>> | undefined;
}

/**
 * The answer given to a question. Own keys only: a question whose id is "constructor" or
 * "toString" must not find the function Object.prototype holds under that name.
 */
export const answerTo = (
  answers: Readonly<Record<string, Answer>>,
  id: string,
): Answer | undefined => (Object.hasOwn(answers, id) ? answers[id] : undefined);

/**
 * The questions a visitor sees, in configuration order: a question with `showIf` is visible when
 * the question it names is visible and answered with (one of) the given value(s).
 */
export function visibleQuestions(
  caseType: CaseType,
  answers: Readonly<Record<string, Answer>>,
): Question[] {
  const visible = new Set<string>();
  return caseType.questions.filter((question) => {
    const rule = question.showIf;
    const shown =
      !rule ||
      (visible.has(rule.question) &&
        [answerTo(answers, rule.question) ?? []]
          .flat()
          .some((given) => [rule.equals].flat().includes(given)));
    if (shown) visible.add(question.id);
    return shown;
  });
}

/** Every rule the enquiry breaks, in the order the fields appear on the form. */
export function validateEnquiry(config: FormConfig, enquiry: EnquiryFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (
    field: string,
    code: IssueCode,
    messageKey: MessageKey,
    params: MessageParams = {},
  ) => issues.push({ field, code, messageKey, params });

  checkContact('forename', enquiry.forename, true, add);
  for (const field of CONFIGURABLE_CONTACT_FIELDS) {
    const requirement = config.contact[field];
    if (requirement !== 'hidden')
      checkContact(field, enquiry[field], requirement === 'required', add);
  }

  const caseType = config.caseTypes.find((c) => c.id === enquiry.case_type);
  if (isBlank(enquiry.case_type)) add('case_type', 'required', 'case_type.required');
  else if (!caseType) add('case_type', 'unknown_case_type', 'case_type.unknown_case_type');

  if (caseType) {
    const known = new Set(caseType.questions.map((q) => q.id));
    for (const id of Object.keys(enquiry.answers)) {
      if (!known.has(id))
        add(`answers.${id}`, 'unknown_question', 'question.unknown_question', { name: id });
    }
    for (const question of visibleQuestions(caseType, enquiry.answers)) {
      checkAnswer(question, answerTo(enquiry.answers, question.id), (code, key, params = {}) =>
        add(`answers.${question.id}`, code, key, { label: question.label, ...params }),
      );
    }
  }

  checkConsent(config, enquiry.consent ?? {}, add);

  for (const field of MARKETING_FIELDS) {
    const value = enquiry.marketing?.[field] ?? '';
    if (textLength(value) > FIELD_MAX_LENGTH[field]) {
      add(`marketing.${field}`, 'too_long', 'marketing.too_long', {
        name: field,
        max: FIELD_MAX_LENGTH[field],
      });
    } else if (hasForbiddenCharacters(value)) {
      add(`marketing.${field}`, 'invalid_characters', 'marketing.invalid_characters', {
        name: field,
      });
    }
  }
  return issues;
}

type AddContactIssue = (
  field: string,
  code: IssueCode,
  key: MessageKey,
  params?: MessageParams,
) => void;

function checkContact(
  field: 'forename' | ContactField,
  raw: string | undefined,
  required: boolean,
  add: AddContactIssue,
): void {
  const value = (raw ?? '').trim();
  const max = FIELD_MAX_LENGTH[field];
  if (isBlank(value)) {
    if (required) add(field, 'required', `${field}.required`);
  } else if (textLength(value) > max) {
    add(field, 'too_long', `${field}.too_long`, { max });
  } else if (field === 'email' && !isValidEmail(value)) {
    add(field, 'invalid_email', 'email.invalid_email');
  } else if (field === 'telephone_mobile' && !isValidPhone(value)) {
    add(field, 'invalid_phone', 'telephone_mobile.invalid_phone');
  } else if ((field === 'forename' || field === 'surname') && hasForbiddenCharacters(value)) {
    add(field, 'invalid_characters', `${field}.invalid_characters`);
  }
}

/** Every required statement agreed to, and no statement the configuration does not make. */
function checkConsent(
  config: FormConfig,
  consent: Readonly<Record<string, boolean>>,
  add: AddContactIssue,
): void {
  const statements = config.consent?.statements ?? [];
  const known = new Set(statements.map((statement) => statement.id));
  for (const id of Object.keys(consent)) {
    const field = `consent.${id}`;
    if (!known.has(id)) add(field, 'unrecognized_key', 'enquiry.unrecognized_key', { field });
  }
  for (const statement of statements) {
    const agreed = Object.hasOwn(consent, statement.id) && consent[statement.id] === true;
    if (statement.required && !agreed)
      add(`consent.${statement.id}`, 'required', 'consent.required', {
        label: consentText(statement.label),
      });
  }
}
