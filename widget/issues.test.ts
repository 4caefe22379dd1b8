import { describe, expect, it } from 'vitest';
import { lawFirm } from '../demo/forms/index.ts';
import type { FieldIssue } from '../proxy/contract/enquiry.ts';
import { Translator } from './i18n.ts';
import { controlOf, showServerIssue, type IssueContext } from './issues.ts';

const conveyancing = lawFirm.caseTypes[0]?.questions ?? [];
const family = lawFirm.caseTypes[1]?.questions ?? [];
const context: IssueContext = {
  config: lawFirm,
  questions: [...conveyancing, ...family],
  answers: { children: '25' },
  files: [new File(['x'], 'scan.pdf')],
};
const text = (issue: Omit<FieldIssue, 'message'>, t = new Translator(undefined, 'en')) =>
  showServerIssue({ ...issue, message: 'the proxy’s words' }, t, context).text;

describe('showServerIssue', () => {
  it('uses the widget’s string for a known field and code, with its parameters', () => {
    expect(text({ field: 'surname', code: 'too_long' })).toBe(
      'Last name must be 100 characters or fewer',
    );
    expect(text({ field: 'answers.transaction', code: 'required' })).toBe(
      'Select your answer to “Are you buying or selling?”',
    );
    expect(text({ field: 'answers.children', code: 'out_of_range' })).toBe(
      'Enter a number of 20 or less for “How many children under 18 are involved?”',
    );
    expect(text({ field: 'files[0]', code: 'file_too_big' })).toBe(
      '“scan.pdf” is larger than 10 MB. Choose a smaller file',
    );
    expect(text({ field: 'files', code: 'too_many_files' })).toBe(
      'You can send up to 5 files. Remove a file before adding another',
    );
    expect(text({ field: 'turnstile_token', code: 'required' })).toBe(
      'Complete the security check',
    );
  });

  it('speaks the site owner’s translation when there is one', () => {
    const welsh = new Translator({ 'email.invalid_email': 'Rhowch gyfeiriad e-bost' }, 'cy');
    expect(text({ field: 'email', code: 'invalid_email' }, welsh)).toBe('Rhowch gyfeiriad e-bost');
  });

  it('falls back to the proxy’s message for what it has no string for', () => {
    expect(text({ field: 'form_token', code: 'invalid_type' })).toBe('the proxy’s words');
    expect(text({ field: 'website', code: 'too_long' })).toBe('the proxy’s words');
  });
});

describe('controlOf', () => {
  it('links what the visitor can change and nothing else', () => {
    expect(controlOf('answers.notes')).toBe('answers.notes');
    expect(controlOf('files[3]')).toBe('files');
    expect(controlOf('marketing.campaign')).toBeUndefined();
    expect(controlOf('form_token')).toBeUndefined();
  });
});

describe('Translator', () => {
  it('takes only string overrides', () => {
    const t = new Translator({ forename: undefined, surname: 'Cyfenw' }, 'cy');
    expect([t.text('forename'), t.text('surname')]).toEqual(['First name', 'Cyfenw']);
  });

  it('survives a malformed locale and writes waits in whole minutes', () => {
    const t = new Translator(undefined, 'en_GB!');
    expect(t.locale).toBe('en');
    expect(t.after(90)).toBe('in 2 minutes');
    expect(t.after(0.2)).toBe('in 1 second');
  });
});
