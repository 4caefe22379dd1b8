import { describe, expect, it } from 'vitest';
import { callback, lawFirm } from '../../demo/forms/index.ts';
import { parseFormConfig, type CaseType } from './schemas/form-config.ts';
import { validateEnquiry, visibleQuestions, type EnquiryFields } from './rules.ts';
import { isValidEmail, isValidPhone, textLength } from './text-rules.ts';

const conveyancing = lawFirm.caseTypes[0] as CaseType;

/** Question ids a plain object also answers to, through its prototype. */
const PROTOTYPE_NAMED_QUESTIONS = [
  { id: 'constructor', label: 'Who built it?', type: 'text' },
  { id: 'toString', label: 'Say it', type: 'text', required: true },
];
const wills = lawFirm.caseTypes[2] as CaseType;

const valid: EnquiryFields = {
  forename: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  telephone_mobile: '07700 900123',
  case_type: 'conveyancing',
  answers: { transaction: 'Buying', property_value: 'Under £250,000' },
};

const fieldsAndCodes = (enquiry: Partial<EnquiryFields>, config = lawFirm) =>
  validateEnquiry(config, { ...valid, ...enquiry }).map((i) => `${i.field}:${i.code}`);

describe('visibleQuestions', () => {
  const ids = (caseType: CaseType, answers: EnquiryFields['answers']) =>
    visibleQuestions(caseType, answers).map((q) => q.id);

  it('shows a showIf question only when its condition is met', () => {
    expect(ids(conveyancing, { transaction: 'Selling' })).not.toContain('lender');
    expect(ids(conveyancing, { transaction: 'Buying' })).toContain('lender');
    expect(ids(conveyancing, { transaction: 'Both' })).toContain('lender');
    expect(ids(conveyancing, {})).toEqual([
      'transaction',
      'property_value',
      'completion_date',
      'notes',
    ]);
  });

  it('matches one of the ticked options of a checkbox question', () => {
    expect(ids(wills, { services: ['Make or update a will'] })).not.toContain('deceased_name');
    expect(
      ids(wills, { services: ['Make or update a will', 'Probate (dealing with an estate)'] }),
    ).toContain('deceased_name');
  });

  it('hides a question whose condition names a hidden question', () => {
    const chain: CaseType = {
      id: 'c',
      label: 'C',
      questions: [
        { id: 'a', label: 'A', type: 'select', options: ['x', 'y'], required: false },
        {
          id: 'b',
          label: 'B',
          type: 'select',
          options: ['x'],
          required: false,
          showIf: { question: 'a', equals: 'x' },
        },
        {
          id: 'c',
          label: 'C',
          type: 'text',
          required: false,
          showIf: { question: 'b', equals: 'x' },
        },
      ],
    };
    expect(ids(chain, { a: 'y', b: 'x' })).toEqual(['a']);
    expect(ids(chain, { a: 'x', b: 'x' })).toEqual(['a', 'b', 'c']);
  });
});

describe('validateEnquiry', () => {
  it('finds nothing wrong with a complete enquiry', () => {
    expect(validateEnquiry(lawFirm, valid)).toEqual([]);
  });

  it('requires the forename and the contact fields the configuration requires', () => {
    expect(fieldsAndCodes({ forename: '  ', surname: '', email: undefined })).toEqual([
      'forename:required',
      'surname:required',
      'email:required',
    ]);
    expect(fieldsAndCodes({ telephone_mobile: '' })).toEqual([]);
  });

  it('ignores a hidden contact field and requires a required one', () => {
    const enquiry = { case_type: 'callback', answers: { topic: 'A new matter', consent: 'Yes' } };
    expect(
      fieldsAndCodes({ ...enquiry, email: 'not an email', telephone_mobile: '' }, callback),
    ).toEqual(['telephone_mobile:required']);
  });

  it('does not take invisible characters alone for an answer', () => {
    expect(fieldsAndCodes({ forename: '\u200b\u202e ', surname: '\ufeff' })).toEqual([
      'forename:required',
      'surname:required',
    ]);
    expect(
      fieldsAndCodes({ answers: { transaction: 'Buying', property_value: '\u2060' } }),
    ).toEqual(['answers.property_value:required']);
  });

  it('checks email syntax, phone characters and lengths', () => {
    expect(fieldsAndCodes({ email: 'ada@localhost', telephone_mobile: '0770 abc' })).toEqual([
      'email:invalid_email',
      'telephone_mobile:invalid_phone',
    ]);
    expect(fieldsAndCodes({ forename: 'A'.repeat(101) })).toEqual(['forename:too_long']);
    expect(fieldsAndCodes({ surname: 'Love\u0000lace' })).toEqual(['surname:invalid_characters']);
  });

  it('counts characters as people do: an emoji family or a flag is one', () => {
    const family = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}';
    expect(textLength(family)).toBe(1);
    expect(textLength('\u{1F1EC}\u{1F1E7}e\u0301')).toBe(2);
    // 100 families are 800 UTF-16 units, and still within a 100-character first name.
    expect(fieldsAndCodes({ forename: family.repeat(100) })).toEqual([]);
    expect(fieldsAndCodes({ forename: family.repeat(101) })).toEqual(['forename:too_long']);
  });

  it('refuses an unknown case type and unknown question ids', () => {
    expect(fieldsAndCodes({ case_type: 'piracy' })).toEqual(['case_type:unknown_case_type']);
    expect(fieldsAndCodes({ case_type: '' })).toEqual(['case_type:required']);
    expect(fieldsAndCodes({ answers: { ...valid.answers, shoe_size: '9' } })).toEqual([
      'answers.shoe_size:unknown_question',
    ]);
  });

  it('requires visible required answers and refuses answers outside the options', () => {
    expect(fieldsAndCodes({ answers: {} })).toEqual([
      'answers.transaction:required',
      'answers.property_value:required',
    ]);
    expect(
      fieldsAndCodes({ answers: { transaction: 'Renting', property_value: 'Under £250,000' } }),
    ).toEqual(['answers.transaction:not_an_option']);
  });

  it('does not check the answer of a question the visitor cannot see', () => {
    const answers = {
      transaction: 'Selling',
      property_value: 'Under £250,000',
      lender: 'x'.repeat(9999),
    };
    expect(fieldsAndCodes({ answers })).toEqual([]);
  });

  it('checks numbers against min and max and dates for being real', () => {
    const family = (answers: Record<string, string>) =>
      fieldsAndCodes({
        case_type: 'family',
        answers: { matter: 'Arrangements for children', ...answers },
      });
    expect(family({ children: '2' })).toEqual([]);
    expect(family({ children: 'two' })).toEqual(['answers.children:not_a_number']);
    expect(family({ children: '21' })).toEqual(['answers.children:out_of_range']);
    expect(family({ children: '-1' })).toEqual(['answers.children:out_of_range']);
    expect(
      fieldsAndCodes({
        case_type: 'family',
        answers: { matter: 'Divorce or dissolution', marriage_date: '2023-02-29' },
      }),
    ).toEqual(['answers.marriage_date:invalid_date']);
  });

  it('takes a date in the years 1 to 99 as written, and refuses year 0', () => {
    const completion = (date: string) =>
      fieldsAndCodes({ answers: { ...valid.answers, completion_date: date } });
    expect(completion('0099-12-31')).toEqual([]);
    expect(completion('0001-01-01')).toEqual([]);
    expect(completion('0004-02-29')).toEqual([]);
    expect(completion('0100-02-29')).toEqual(['answers.completion_date:invalid_date']);
    expect(completion('0000-01-01')).toEqual(['answers.completion_date:invalid_date']);
  });

  it('takes several ticked options for a checkbox question and Yes for a single box', () => {
    const services = ['Make or update a will', 'Lasting power of attorney'];
    expect(fieldsAndCodes({ case_type: 'wills-probate', answers: { services } })).toEqual([]);
    expect(
      fieldsAndCodes({
        case_type: 'wills-probate',
        answers: { services: ['Make or update a will', 'Tarot'] },
      }),
    ).toEqual(['answers.services:not_an_option']);
    expect(
      fieldsAndCodes({ case_type: 'family', answers: { matter: 'Separation', urgent: 'true' } }),
    ).toEqual(['answers.urgent:not_an_option']);
    expect(fieldsAndCodes({ case_type: 'family', answers: { matter: ['Separation'] } })).toEqual([
      'answers.matter:invalid_type',
    ]);
  });

  it('bounds text answers by the question or the default, and marketing fields', () => {
    const notes = 'n'.repeat(2001);
    expect(fieldsAndCodes({ answers: { ...valid.answers, notes } })).toEqual([
      'answers.notes:too_long',
    ]);
    expect(fieldsAndCodes({ marketing: { campaign: 'c'.repeat(201) } })).toEqual([
      'marketing.campaign:too_long',
    ]);
  });

  it('refuses half a surrogate pair in free text, and takes whole ones', () => {
    expect(fieldsAndCodes({ forename: 'Ada\ud800' })).toEqual(['forename:invalid_characters']);
    expect(fieldsAndCodes({ surname: '\udc00Lovelace' })).toEqual(['surname:invalid_characters']);
    expect(fieldsAndCodes({ marketing: { campaign: 'spring\ud83d' } })).toEqual([
      'marketing.campaign:invalid_characters',
    ]);
    expect(fieldsAndCodes({ answers: { ...valid.answers, lender: 'Nation\udfffwide' } })).toEqual([
      'answers.lender:invalid_characters',
    ]);
    expect(
      fieldsAndCodes({ forename: 'Ada 😀', answers: { ...valid.answers, notes: '🏠\n' } }),
    ).toEqual([]);
  });

  it('finds no answer on Object.prototype for a question named constructor or toString', () => {
    const config = parseFormConfig({
      caseTypes: [{ id: 'general', label: 'General', questions: PROTOTYPE_NAMED_QUESTIONS }],
    });
    const codes = (answers: EnquiryFields['answers']) =>
      validateEnquiry(config, { ...valid, case_type: 'general', answers }).map(
        (i) => `${i.field}:${i.code}`,
      );
    expect(codes({})).toEqual(['answers.toString:required']);
    expect(codes({ toString: 'x' })).toEqual([]);
  });

  it('fills message parameters with the question label', () => {
    const [issue] = validateEnquiry(lawFirm, {
      ...valid,
      answers: { property_value: 'Under £250,000' },
    });
    expect(issue).toMatchObject({
      messageKey: 'question.required_choice',
      params: { label: 'Are you buying or selling?' },
    });
  });
});

describe('syntax checks', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.ie"])(
    'accepts the email %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@-x.com'])(
    'refuses the email %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
  it.each(['07700 900123', '+44 (0)20 7946 0958', '020-7946-0958'])(
    'accepts the phone %s',
    (phone) => {
      expect(isValidPhone(phone)).toBe(true);
    },
  );
  it.each(['123', 'call me', '0770090012345678901234', '07700 900123 ext 4'])(
    'refuses the phone %s',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );
});
