import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { parseFormConfig, type FormConfig } from '../contract/schemas/form-config.ts';
import { lawFirmWithConsent } from '../test/fixtures/consent-config.ts';
import { validEnquiry } from '../test/fixtures/proxy-harness.ts';
import { checkSubmission } from './check-submission.ts';
import type { ReceivedSubmission } from './read-multipart.ts';
import { Refusal } from '../http/refusal.ts';

/** The error `checkSubmission` throws for what was received, or undefined. */
const refusalFor = (received: ReceivedSubmission, config: FormConfig) => {
  try {
    checkSubmission(received, { config }, 0);
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.body;
    throw error;
  }
};

/** The error for this enquiry part (the widget's JSON), or undefined. */
const refusalOf = (enquiryText: string) => refusalFor({ enquiryText, files: [] }, lawFirm);

describe('checkSubmission', () => {
  it('takes a valid enquiry part', () => {
    expect(refusalOf(JSON.stringify(validEnquiry()))).toBeUndefined();
  });

  it('refuses an answer under the key __proto__ like any unknown question', () => {
    // Written into the text: JSON.stringify would not write a __proto__ key.
    const text = JSON.stringify(validEnquiry()).replace(
      '"answers":{',
      '"answers":{"__proto__":"x",',
    );
    expect(refusalOf(text)).toEqual({
      error: 'validation',
      message: 'This form does not ask a question with the id “__proto__”',
      issues: [
        {
          field: 'answers.__proto__',
          code: 'unknown_question',
          messageKey: 'question.unknown_question',
          params: { name: '__proto__' },
          message: 'This form does not ask a question with the id “__proto__”',
        },
      ],
    });
  });

  it('refuses __proto__ and constructor keys elsewhere as unknown keys', () => {
    const text = JSON.stringify(validEnquiry());
    const top = text.replace('{', '{"__proto__":{"polluted":1},');
    const marketing = text.replace('"marketing":{', '"marketing":{"constructor":{},');
    expect(refusalOf(top)).toMatchObject({
      issues: [{ field: '__proto__', code: 'unrecognized_key' }],
    });
    expect(refusalOf(marketing)).toMatchObject({
      issues: [{ field: 'marketing.constructor', code: 'unrecognized_key' }],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sends no meta entry for a question named constructor that was not answered', () => {
    const config = parseFormConfig({
      caseTypes: [
        {
          id: 'general',
          label: 'General',
          questions: [
            { id: 'constructor', label: 'Who built it?', type: 'text' },
            { id: 'valueOf', label: 'Worth?', type: 'text' },
          ],
        },
      ],
    });
    const enquiryText = JSON.stringify({
      forename: 'Ada',
      surname: 'L',
      email: 'a@b.co',
      case_type: 'general',
      answers: { valueOf: '3' },
    });
    expect(checkSubmission({ enquiryText, files: [] }, { config }, 0).upstream.meta).toEqual([
      { id: 'valueOf', label: 'Worth?', value: '3' },
    ]);
  });
});

describe('checkSubmission of a plain post (the form without JavaScript)', () => {
  /** The error for these fields on top of a complete plain post, or undefined. */
  const plainRefusalOf = (overrides: Record<string, string>) => {
    const fields = {
      case_type: 'conveyancing',
      forename: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.com',
      'answers.transaction': 'Buying',
      'answers.property_value': 'Under £250,000',
      ...overrides,
    };
    const plain = new Map(Object.entries(fields).map(([name, value]) => [name, [value]]));
    return refusalFor({ plain, files: [] }, lawFirmWithConsent);
  };

  it('counts a consent as given only for the value a ticked checkbox sends', () => {
    expect(plainRefusalOf({ 'consent.consent_contact': 'on' })).toBeUndefined();
    for (const value of ['off', 'false', '0', ''])
      expect(plainRefusalOf({ 'consent.consent_contact': value })).toMatchObject({
        issues: [{ field: 'consent.consent_contact', code: 'required' }],
      });
  });

  it('refuses an answer named __proto__ as the JSON path does', () => {
    const refusal = plainRefusalOf({ 'consent.consent_contact': 'on', 'answers.__proto__': 'x' });
    expect(refusal).toMatchObject({
      issues: [{ field: 'answers.__proto__', code: 'unknown_question' }],
    });
  });
});
