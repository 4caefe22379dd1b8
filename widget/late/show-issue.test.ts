import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import {
  checkFiles,
  describeIssue,
  OUTCOME_STRINGS,
  validateEnquiry,
  VISITOR_MESSAGES,
  type FieldIssue,
} from '#contract';
import { learnStrings, Translator } from '../i18n.ts';
import { after } from './numbers.ts';
import { controlOf, showIssue, showServerIssue } from './show-issue.ts';

// What the late bundle does as it attaches (index.ts): these issues are shown only after that.
learnStrings({ ...VISITOR_MESSAGES, ...OUTCOME_STRINGS });

const english = new Translator(undefined, 'en');
/** The proxy's answer for an enquiry, as it builds it: the shared rules, with English words. */
const proxyIssues = (
  answers: Record<string, string>,
  extra: Partial<Record<string, string>> = {},
) =>
  validateEnquiry(lawFirm, {
    forename: 'Ada',
    surname: 'x'.repeat(101),
    email: 'ada@example.com',
    case_type: 'conveyancing',
    answers,
    ...extra,
  }).map(describeIssue);
const shown = (issues: FieldIssue[], t = english) =>
  issues.map((issue) => showServerIssue(issue, t, lawFirm.files).text);

describe('showServerIssue', () => {
  it('says what the proxy found in the widget’s own strings, with its parameters', () => {
    expect(shown(proxyIssues({}))).toEqual([
      'Last name must be 100 characters or fewer',
      'Select your answer to “Are you buying or selling?”',
      'Select your answer to “Roughly what is the property worth?”',
    ]);
    const family = proxyIssues(
      { matter: 'Arrangements for children', children: '25' },
      { case_type: 'family', surname: 'Lovelace' },
    );
    expect(shown(family)).toEqual([
      'Enter a number of 20 or less for “How many children under 18 are involved?”',
    ]);
    const files = checkFiles(
      [
        ...Array.from({ length: 5 }, (_, i) => ({
          name: `${i}.pdf`,
          size: 1,
          kind: 'pdf' as const,
        })),
        { name: 'scan.pdf', size: 11 * 1024 * 1024, kind: 'pdf' },
      ],
      lawFirm.files,
      'PDF',
    ).map(describeIssue);
    expect(shown(files)).toEqual([
      'You can send up to 5 files. Remove a file before adding another',
      '“scan.pdf” is larger than 10 MB. Choose a smaller file',
    ]);
  });

  it('speaks the site owner’s translation, sizes in the visitor’s number format', () => {
    const welsh = new Translator(
      { 'surname.too_long': 'Rhaid i’r cyfenw fod yn {max} nod neu lai' },
      'de',
    );
    expect(shown(proxyIssues({}), welsh)[0]).toBe('Rhaid i’r cyfenw fod yn 100 nod neu lai');
    const big = describeIssue({
      field: 'files[0]',
      code: 'file_too_big',
      messageKey: 'file.file_too_big',
      params: { name: 'scan.pdf', max: '10 MB' },
    });
    expect(
      showServerIssue({ ...big }, welsh, { maxFiles: 5, maxFileBytes: 1.5 * 1024 * 1024 }).text,
    ).toBe('“scan.pdf” is larger than 1,5 MB. Choose a smaller file');
  });

  it('writes the limit of its own check, in bytes from the shared rules, in the visitor’s language', () => {
    const [big] = checkFiles(
      [{ name: 'relevé.pdf', size: lawFirm.files.maxFileBytes + 1, kind: 'pdf' }],
      lawFirm.files,
      'PDF',
    );
    if (!big) throw new Error('the rules took a file over the limit');
    const french = new Translator({ 'file.file_too_big': '« {name} » dépasse {max}' }, 'fr');
    // French puts a narrow no-break space between the number and its unit.
    expect(showIssue(big, french, lawFirm.files).text).toBe('« relevé.pdf » dépasse 10\u202fMo');
  });

  it('falls back to the proxy’s message for a key it does not know (a newer proxy)', () => {
    const issue = {
      field: 'website',
      code: 'too_long',
      messageKey: 'honeypot.too_long',
      params: {},
      message: 'the proxy’s words',
    } as unknown as FieldIssue;
    expect(showServerIssue(issue, english, lawFirm.files).text).toBe('the proxy’s words');
  });
});

describe('controlOf', () => {
  it('links what the visitor can change and nothing else', () => {
    expect(controlOf('answers.notes')).toBe('answers.notes');
    expect(controlOf('consent.consent_contact')).toBe('consent.consent_contact');
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
    expect(after(t, 90)).toBe('in 2 minutes');
    expect(after(t, 0.2)).toBe('in 1 second');
  });
});
