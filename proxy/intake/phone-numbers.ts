/**
 * Telephone numbers against the country's numbering plan, when the configuration has a `phone`
 * block: the proxy's law, with libphonenumber-js's full metadata (server side only; the widget's
 * check stays the light shape test of `contract/rules.ts`). Only a number that cannot exist is
 * refused (too short or long for every kind of line, or in no allocated range): a lead with an
 * unusual number is still a lead, and strict rules drive visitors away.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { RuleIssue } from '../contract/issues.ts';
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { answerTo, visibleQuestions } from '../contract/rules.ts';
import { isBlank } from '../contract/text-rules.ts';

type PhoneSettings = NonNullable<FormConfig['phone']>;

const parse = (settings: PhoneSettings, value: string) =>
  parsePhoneNumberFromString(value, settings.defaultCountry);

/**
 * True when the number can exist: a number with `+` in any country, else in `defaultCountry`.
 *
 * @example isPossibleNumber({ defaultCountry: 'GB', upstreamFormat: 'as-typed' }, '07700 90098') // false
 */
export const isPossibleNumber = (settings: PhoneSettings, value: string): boolean =>
  parse(settings, value)?.isValid() === true;

/**
 * The telephone numbers of an enquiry (the contact field and each visible `tel` question) that
 * cannot exist, as the issues the shared rules would have raised, for fields `skip` does not
 * already name (their first problem is the one to tell).
 */
export function impossibleNumbers(
  config: FormConfig,
  part: EnquiryPart,
  skip: ReadonlySet<string>,
): RuleIssue[] {
  const settings = config.phone;
  if (!settings) return [];
  const issues: RuleIssue[] = [];
  const check = (field: string, value: string | undefined, refusal: () => RuleIssue) => {
    if (!skip.has(field) && value && !isBlank(value) && !isPossibleNumber(settings, value.trim()))
      issues.push(refusal());
  };
  if (config.contact.telephone_mobile !== 'hidden')
    check('telephone_mobile', part.telephone_mobile, () => ({
      field: 'telephone_mobile',
      code: 'invalid_phone',
      messageKey: 'telephone_mobile.invalid_phone',
      params: {},
    }));
  const caseType = config.caseTypes.find((c) => c.id === part.case_type);
  for (const question of caseType ? visibleQuestions(caseType, part.answers) : []) {
    const answer = answerTo(part.answers, question.id);
    const field = `answers.${question.id}`;
    if (question.type === 'tel' && typeof answer === 'string')
      check(field, answer, () => ({
        field,
        code: 'invalid_phone',
        messageKey: 'question.invalid_phone',
        params: { label: question.label },
      }));
  }
  return issues;
}

/**
 * A checked number as the platform is sent it: as the visitor typed it (trimmed), or in E.164
 * when the configuration asks (`"upstreamFormat": "e164"`).
 *
 * @example upstreamNumber({ defaultCountry: 'GB', upstreamFormat: 'e164' }, '07400 123456') // '+447400123456'
 */
export function upstreamNumber(settings: PhoneSettings | undefined, typed: string): string {
  const value = typed.trim();
  if (settings?.upstreamFormat !== 'e164' || isBlank(value)) return value;
  return parse(settings, value)?.number ?? value;
}
