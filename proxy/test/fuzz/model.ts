/**
 * Valid enquiries drawn from a form configuration, each with the create body the platform must
 * receive. The expectation is written down while the enquiry is generated (this answer was
 * given to a visible question, so this entry goes into `meta`), not computed by the proxy's
 * code, so a mapping bug shows up as a difference.
 */
import fc from 'fast-check';
import type { UpstreamEnquiry } from '../../client/schemas.ts';
import type { EnquiryPartInput } from '../../contract/schemas/enquiry-part.ts';
import type {
  CaseType,
  ContactRequirement,
  FormConfig,
  Question,
} from '../../contract/schemas/form-config.ts';
import { FIELD_MAX_LENGTH } from '../../contract/limits.ts';
import { edgeTextArb, showsNothing } from './arbitraries.ts';

export interface ValidCase {
  enquiry: Omit<EnquiryPartInput, 'form_token'>;
  expected: UpstreamEnquiry;
}

type Answer = string | string[];

/** Spaces around a value, which the proxy trims before sending. */
const padded = (arb: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  '), arb, fc.constantFrom('', ' ', '\u00a0'))
    .map((p) => p.join(''));

/** Free text that is not blank, fits `max` once trimmed and holds no control characters. */
const textArb = (max: number, multiline = false) =>
  padded(edgeTextArb(multiline ? ['harmless', 'lineBreaks'] : ['harmless'])).filter((value) => {
    const trimmed = value.trim();
    return !showsNothing(trimmed) && trimmed.length <= max;
  });

const label = fc.stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,10}[a-zA-Z0-9])?$/);
/** WHATWG's valid e-mail address, with a dot in the domain. */
const emailArb = fc
  .tuple(
    fc.stringMatching(/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,30}$/),
    fc.array(label, { minLength: 2, maxLength: 4 }),
  )
  .map(([local, labels]) => `${local}@${labels.join('.')}`);

/** 7 to 20 digits with the usual separators, maybe an international `+`. */
const phoneArb = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.tuple(
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom('', '', ' ', '-', '.', '/', '(', ')'),
      ),
      {
        minLength: 7,
        maxLength: 20,
      },
    ),
  )
  .map(([plus, digits]) =>
    `${plus ? '+' : ''}${digits.map(([d, sep]) => `${d}${sep}`).join('')}`.trim(),
  )
  .filter((phone) => phone.length <= FIELD_MAX_LENGTH.telephone_mobile);

const dateArb = fc
  .date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

function numberArb(question: Question): fc.Arbitrary<string> {
  const min = question.min ?? -1e9;
  const max = question.max ?? 1e9;
  return fc
    .tuple(fc.integer({ min, max }), fc.option(fc.stringMatching(/^[0-9]{1,4}$/)))
    .map(([whole, fraction]) =>
      fraction === null || whole >= max ? `${whole}` : `${whole}.${fraction}`,
    );
}

/** An answer `question` must accept, with the value the platform must receive for it. */
function answerArb(question: Question): fc.Arbitrary<{ given: Answer; sent: string }> {
  const plain = (arb: fc.Arbitrary<string>) => arb.map((given) => ({ given, sent: given.trim() }));
  const { options } = question;
  if (question.type === 'checkbox' && options) {
    // Ticked in any order, listed in configuration order.
    return fc.shuffledSubarray(options, { minLength: 1 }).map((given) => ({
      given,
      sent: options.filter((option) => given.includes(option)).join(', '),
    }));
  }
  if (question.type === 'checkbox') return plain(fc.constant('Yes'));
  if (options) return plain(fc.constantFrom(...options));
  const max =
    question.maxLength ??
    (question.type === 'textarea' ? FIELD_MAX_LENGTH.longAnswer : FIELD_MAX_LENGTH.shortAnswer);
  const byType: Record<string, fc.Arbitrary<string>> = {
    email: emailArb,
    tel: phoneArb,
    date: dateArb,
    number: numberArb(question),
    textarea: textArb(max, true),
  };
  return plain(padded(byType[question.type] ?? textArb(max)));
}

/** An answer left empty: absent, blank, or an empty selection. */
const blankArb = fc.constantFrom<Answer | undefined>(undefined, '', '   ', []);
/** Anything at all, for a question the visitor cannot see: it must be ignored, not checked. */
const strayArb: fc.Arbitrary<Answer> = fc.oneof(
  fc.string(),
  edgeTextArb(['harmless', 'controls', 'lineBreaks', 'loneSurrogates']),
  fc.array(fc.string(), { maxLength: 3 }),
);

function answersArb(caseType: CaseType) {
  const plans = caseType.questions.map((question) =>
    fc.record({
      answer: answerArb(question),
      answered: fc.boolean(),
      blank: blankArb,
      stray: fc.option(strayArb),
      // Where the answer goes in the JSON: the configuration's order must win over it.
      place: fc.double({ noNaN: true }),
    }),
  );
  return fc.tuple(...plans).map((chosen) => {
    const given = new Map<string, Answer>();
    const places = new Map<string, number>();
    const meta: UpstreamEnquiry['meta'] = [];
    const visible = new Set<string>();
    caseType.questions.forEach((question, i) => {
      const plan = chosen[i];
      if (!plan) return;
      places.set(question.id, plan.place);
      const rule = question.showIf;
      const shown =
        !rule ||
        (visible.has(rule.question) &&
          [given.get(rule.question) ?? []].flat().some((v) => [rule.equals].flat().includes(v)));
      if (shown) visible.add(question.id);
      if (shown && (question.required || plan.answered)) {
        given.set(question.id, plan.answer.given);
        meta.push({ id: question.id, label: question.label, value: plan.answer.sent });
      } else if (shown && plan.blank !== undefined) {
        given.set(question.id, plan.blank);
      } else if (!shown && plan.stray !== null) {
        given.set(question.id, plan.stray);
      }
    });
    const place = (id: string) => places.get(id) ?? 0;
    const answers = Object.fromEntries([...given].sort(([a], [b]) => place(a) - place(b)));
    return { answers, meta };
  });
}

/** A contact field: given when required, maybe when optional, anything when hidden (never sent). */
function contactArb(requirement: ContactRequirement, valid: fc.Arbitrary<string>) {
  const blank = fc.constantFrom(undefined, '', '  ');
  const given =
    requirement === 'required'
      ? padded(valid)
      : requirement === 'optional'
        ? fc.oneof(padded(valid), blank)
        : fc.oneof(fc.string(), edgeTextArb(['harmless', 'controls', 'loneSurrogates']), blank);
  return given.map((value) => ({
    given: value,
    sent: requirement === 'hidden' ? '' : (value ?? '').trim(),
  }));
}

const MARKETING_KEYS = ['lead_referer', 'campaign', 'keywords', 'detail'] as const;

/** Valid enquiries for `config`, each with the create body the platform must receive. */
export function validEnquiryArb(config: FormConfig): fc.Arbitrary<ValidCase> {
  const name = textArb(FIELD_MAX_LENGTH.forename);
  // Marketing fields are checked as sent (their length too), and trimmed on the way out.
  const marketing = fc.record(
    Object.fromEntries(
      MARKETING_KEYS.map((key) => [
        key,
        padded(edgeTextArb(['harmless'])).filter((value) => value.length <= FIELD_MAX_LENGTH[key]),
      ]),
    ) as Record<(typeof MARKETING_KEYS)[number], fc.Arbitrary<string>>,
    { requiredKeys: [] },
  );
  // One arbitrary per case type, built once: building them inside `chain` costs more than
  // the requests they make.
  const perCaseType = config.caseTypes.map((caseType) =>
    fc
      .record({
        forename: name,
        surname: contactArb(config.contact.surname, name),
        email: contactArb(
          config.contact.email,
          emailArb.filter((e) => e.length <= FIELD_MAX_LENGTH.email),
        ),
        telephone_mobile: contactArb(config.contact.telephone_mobile, phoneArb),
        answers: answersArb(caseType),
        marketing,
        website: fc.constantFrom(undefined, '', '   '),
      })
      .map(({ forename, surname, email, telephone_mobile, answers, marketing, website }) => ({
        // Fields left undefined are left out of the JSON.
        enquiry: {
          forename,
          surname: surname.given,
          email: email.given,
          telephone_mobile: telephone_mobile.given,
          case_type: caseType.id,
          answers: answers.answers,
          marketing,
          website,
        },
        expected: {
          forename: forename.trim(),
          surname: surname.sent,
          telephone_mobile: telephone_mobile.sent,
          email: email.sent,
          case_type: caseType.id,
          meta: answers.meta,
          marketing_lead_referer: marketing.lead_referer?.trim() ?? '',
          marketing_campaign: marketing.campaign?.trim() ?? '',
          marketing_keywords: marketing.keywords?.trim() ?? '',
          marketing_detail: marketing.detail?.trim() ?? '',
        },
      })),
  );
  return fc.oneof(...perCaseType);
}
