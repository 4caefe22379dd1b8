/**
 * Turns what the visitor typed into exactly what the proxy expects: the `enquiry` part of the
 * multipart body (its schema is `proxy/contract/schemas/enquiry-part.ts`) and the files beside it. Late: only a press of
 * "Send" needs it.
 */
import {
  type Answer,
  answerTo,
  type CaseType,
  CONFIGURABLE_CONTACT_FIELDS,
  type EnquiryPartInput,
  type FormConfig,
  FIELD_MAX_LENGTH,
  isAnswered,
  type PublicFormConfig,
  visibleQuestions,
} from '#contract';
import type { Attribution } from '../attribution.ts';
import type { Values } from '../draft.ts';
import type { FormLanguage } from '../language.ts';

/** The answers of a case type's hidden questions, read from the page (`page-values.ts`). */
export type HiddenAnswers = (caseType: CaseType) => Record<string, Answer>;

/** The part without its per-attempt tokens, which are added when it is sent. */
export type EnquiryDraftPart = Omit<
  EnquiryPartInput,
  'form_token' | 'turnstile_token' | 'website'
> & {
  answers: Record<string, Answer>;
};

const tidy = (answer: Answer): Answer => (Array.isArray(answer) ? answer : answer.trim());

/**
 * The attribution within the proxy's length limits. The limit counts UTF-16 units: a cut through
 * an emoji leaves its first half at the end, which goes too (the proxy would refuse it).
 */
function withinLimits(marketing: Attribution): Attribution {
  const cut = { ...marketing };
  for (const field of Object.keys(cut) as (keyof Attribution)[])
    cut[field] = cut[field].slice(0, FIELD_MAX_LENGTH[field]).replace(/[\ud800-\udbff]$/, '');
  return cut;
}

/**
 * Hidden contact fields and blank optional ones are left out; answers are those of the
 * questions the visitor can see (an answer given before a `showIf` hid its question is not sent)
 * and of hidden questions, read from the page; every consent statement, ticked or not.
 */
export function buildEnquiryPart(
  config: FormConfig,
  values: Values,
  marketing: Attribution,
  hidden: HiddenAnswers = () => ({}),
): EnquiryDraftPart {
  const part: EnquiryDraftPart = {
    forename: values.forename.trim(),
    case_type: values.case_type,
    answers: {},
    marketing: withinLimits(marketing),
  };
  for (const field of CONFIGURABLE_CONTACT_FIELDS) {
    const value = values[field].trim();
    if (config.contact[field] !== 'hidden' && value !== '') part[field] = value;
  }
  const caseType = config.caseTypes.find((c) => c.id === values.case_type);
  const fromPage = caseType ? hidden(caseType) : {};
  for (const question of caseType ? visibleQuestions(caseType, values.answers) : []) {
    const answer =
      question.type === 'hidden' ? fromPage[question.id] : answerTo(values.answers, question.id);
    if (isAnswered(answer)) part.answers[question.id] = tidy(answer);
  }
  // Every statement, ticked or not: an unticked one is recorded as declined.
  const statements = config.consent?.statements ?? [];
  if (statements.length > 0)
    part.consent = Object.fromEntries(statements.map((s) => [s.id, values.consent[s.id] === true]));
  if (config.confirmation?.optIn && values.sendCopy === true) part.send_copy = true;
  // The language read, for the proxy to answer in it (a form in one language names none), and
  // the version of the form drawn, which the proxy checks the enquiry against.
  const { language, version } = config as FormLanguage & Pick<PublicFormConfig, 'version'>;
  if (language) part.lang = language;
  if (version) part.form_version = version;
  return part;
}
