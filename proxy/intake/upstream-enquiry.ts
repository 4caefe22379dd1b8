/**
 * Builds the enquiry API's create body (spec section 2.1) from a checked enquiry part. The ids
 * and labels of `meta` come from the configuration, never from the browser.
 */
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import {
  VISITOR_LANGUAGE_ID,
  type FormConfig,
  type Question,
} from '../contract/schemas/form-config.ts';
import { consentRecord, consentText } from '../contract/consent.ts';
import { answerInWords } from '../contract/controls.ts';
import { isAnswered } from '../contract/answer-rules.ts';
import { answerTo, visibleQuestions } from '../contract/rules.ts';
import { isBlank } from '../contract/text-rules.ts';
import type { MetaEntry, UpstreamEnquiry } from '../client/schemas.ts';
import type { FormInLanguage } from '../http/form-language.ts';
import { isSlotStart } from '../contract/booking.ts';
import { ENGLISH, type Strings } from '../contract/strings/english.ts';
import { preferredValue } from '../booking/call-words.ts';
import { upstreamNumber } from './phone-numbers.ts';

/**
 * The create body, with what it says in the firm's `words`. `meta` holds one entry per answered
 * question (hidden ones included), then
 * one per consent statement recording the words shown, agreed or declined, at `receivedAt`;
 * for a form in several languages, then the visitor's language (`VISITOR_LANGUAGE_ID`). Labels
 * and options are the firm's (`config`, the first language); the consent records keep the
 * words the visitor was shown (`visitor.form`), naming their language.
 *
 * @example buildUpstreamEnquiry(config, part, Date.now()).meta
 *   // [{ id: 'transaction', label: 'Are you buying or selling?', value: 'Buying' }, ...]
 */
export function buildUpstreamEnquiry(
  config: FormConfig,
  part: EnquiryPart,
  receivedAt: number,
  visitor: FormInLanguage = { lang: undefined, form: config },
  words: Strings = ENGLISH,
): UpstreamEnquiry {
  const contact = (field: keyof FormConfig['contact']) => {
    const value = (part[field] ?? '').trim();
    return config.contact[field] === 'hidden' || isBlank(value) ? '' : value;
  };
  const caseType = config.caseTypes.find((c) => c.id === part.case_type);
  if (!caseType)
    throw new Error(`unknown case type "${part.case_type}": check the enquiry before building it`);

  const answers: MetaEntry[] = visibleQuestions(caseType, part.answers).flatMap((question) => {
    const answer = answerTo(part.answers, question.id);
    return isAnswered(answer)
      ? [
          {
            id: question.id,
            label: question.label,
            value: answerText(config, question, answer, words),
          },
        ]
      : [];
  });
  const at = new Date(receivedAt);
  const shown = new Map(visitor.form.consent?.statements.map((s) => [s.id, s.label]));
  const consent: MetaEntry[] = (config.consent?.statements ?? []).map((statement) => ({
    id: statement.id,
    label: consentText(statement.label),
    value: consentRecord(
      shown.get(statement.id) ?? statement.label,
      Object.hasOwn(part.consent, statement.id) && part.consent[statement.id] === true,
      at,
      visitor.lang,
    ),
  }));
  const language: MetaEntry[] = visitor.lang
    ? [{ id: VISITOR_LANGUAGE_ID, label: 'Visitor’s language', value: visitor.lang }]
    : [];
  const meta = [...answers, ...consent, ...language];

  return {
    forename: part.forename.trim(),
    surname: contact('surname'),
    telephone_mobile: upstreamNumber(config.phone, contact('telephone_mobile')),
    email: contact('email'),
    case_type: caseType.id,
    meta,
    marketing_lead_referer: part.marketing.lead_referer?.trim() ?? '',
    marketing_campaign: part.marketing.campaign?.trim() ?? '',
    marketing_keywords: part.marketing.keywords?.trim() ?? '',
    marketing_detail: part.marketing.detail?.trim() ?? '',
  };
}

/**
 * Every value goes upstream as a string: options chosen by their labels in the firm's language
 * (`config` is the form in its first language), ticked ones in configuration order, telephone
 * numbers in the configuration's `upstreamFormat`, and an appointment's preferred times said as
 * such in `words` (a slot's start stays as it is: its booking writes the call in words, with
 * its host, in the enquiry's transaction).
 */
function answerText(
  config: FormConfig,
  question: Question,
  answer: string | string[],
  words: Strings,
): string {
  if (question.options) return answerInWords(question, answer);
  if (Array.isArray(answer)) return answer.join(', ');
  if (question.type === 'appointment' && !isSlotStart(answer)) return preferredValue(answer, words);
  return question.type === 'tel' ? upstreamNumber(config.phone, answer) : answer.trim();
}
