import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { lawFirmWithConsent } from '../../test/fixtures/consent-config.ts';
import { FormConfigError, parseFormConfig } from './form-config.ts';

const problemsOf = (input: unknown): string[] => {
  try {
    parseFormConfig(input);
  } catch (error) {
    if (error instanceof FormConfigError) return error.problems;
    throw error;
  }
  return [];
};

const withCaseTypes = (...caseTypes: unknown[]) => ({ caseTypes });

describe('parseFormConfig', () => {
  it('accepts the law firm example and fills in defaults', () => {
    const config = parseFormConfig(withCaseTypes({ id: 'general', label: 'General enquiry' }));
    expect(config.contact).toEqual({
      surname: 'required',
      email: 'required',
      telephone_mobile: 'optional',
    });
    expect(config.files).toEqual({ maxFiles: 5, maxFileBytes: 10 * 1024 * 1024 });
    expect(config.caseTypes[0]?.questions).toEqual([]);
    expect(lawFirm.caseTypes.map((c) => c.id)).toEqual(['conveyancing', 'family', 'wills-probate']);
  });

  it('names the JSON path of a radio question without options', () => {
    const problems = problemsOf(
      withCaseTypes(
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B', questions: [{ id: 'q', label: 'Q?', type: 'radio' }] },
      ),
    );
    expect(problems).toEqual(['caseTypes[1].questions[0].options: required for type radio']);
  });

  it('rejects duplicate case type and question ids', () => {
    const question = { id: 'q', label: 'Q?', type: 'text' };
    const problems = problemsOf(
      withCaseTypes(
        { id: 'a', label: 'A', questions: [question, question] },
        { id: 'a', label: 'A again' },
      ),
    );
    expect(problems).toContain('caseTypes[0].questions[1].id: duplicate question id "q"');
    expect(problems).toContain('caseTypes[1].id: duplicate case type id "a"');
  });

  it('rejects ids a reader and the platform take for one, whatever their case', () => {
    const problems = problemsOf(
      withCaseTypes({
        id: 'a',
        label: 'A',
        questions: [
          { id: 'transaction', label: 'Buying or selling?', type: 'text' },
          { id: 'Transaction', label: 'When?', type: 'text' },
        ],
      }),
    );
    expect(problems).toEqual([
      'caseTypes[0].questions[1].id: duplicate question id "Transaction": the same as "transaction" to the platform, which reads ids whatever their case',
    ]);
  });

  it('rejects showIf naming an unknown or later question', () => {
    const problems = problemsOf(
      withCaseTypes({
        id: 'a',
        label: 'A',
        questions: [
          {
            id: 'first',
            label: 'First?',
            type: 'text',
            showIf: { question: 'second', equals: 'x' },
          },
          {
            id: 'second',
            label: 'Second?',
            type: 'text',
            showIf: { question: 'nowhere', equals: 'x' },
          },
        ],
      }),
    );
    expect(problems).toEqual([
      'caseTypes[0].questions[0].showIf.question: "second" is not an earlier question of this case type',
      'caseTypes[0].questions[1].showIf.question: "nowhere" is not an earlier question of this case type',
    ]);
  });

  it('rejects showIf values that are not options of the question they name', () => {
    const problems = problemsOf(
      withCaseTypes({
        id: 'a',
        label: 'A',
        questions: [
          { id: 'pick', label: 'Pick', type: 'select', options: ['Yes', 'No'] },
          {
            id: 'more',
            label: 'More',
            type: 'text',
            showIf: { question: 'pick', equals: ['Yes', 'Maybe'] },
          },
        ],
      }),
    );
    expect(problems).toEqual([
      'caseTypes[0].questions[1].showIf.equals: "Maybe" is not an option of "pick"',
    ]);
  });

  it('rejects unknown keys, bad types and limits past the ceiling', () => {
    const problems = problemsOf({
      contact: { email: 'sometimes' },
      files: { maxFiles: 100 },
      caseTypes: [{ id: '1bad', label: '', colour: 'red' }],
    });
    expect(problems).toHaveLength(5);
    expect(problems.some((p) => p.startsWith('contact.email:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('files.maxFiles:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('caseTypes[0].id:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('caseTypes[0].label:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('caseTypes[0]:') && p.includes('colour'))).toBe(true);
  });

  it('says where the problem is when the configuration is not an object at all', () => {
    expect(problemsOf('nope')[0]).toMatch(/^\(root\): /);
    expect(problemsOf({ caseTypes: [] })).toEqual([
      'caseTypes: Too small: expected array to have >=1 items',
    ]);
  });
});

describe('parseFormConfig: consent, hidden and prefilled questions, firm, thank-you page', () => {
  const general = (questions: unknown[] = []) => ({ id: 'general', label: 'General', questions });

  it('accepts the law firm example with consent, hidden and prefilled fields', () => {
    expect(lawFirmWithConsent.consent?.statements.map((s) => [s.id, s.required])).toEqual([
      ['consent_contact', true],
      ['consent_marketing', false],
    ]);
    expect(lawFirmWithConsent.firm?.name).toBe('Lovelace & Byron LLP');
  });

  it('names each consent problem: two links, a repeated id, an id a question has', () => {
    const problems = problemsOf({
      caseTypes: [
        general([
          { id: 'notes', label: 'Notes', type: 'textarea' },
          { id: 'Budget', label: 'Budget', type: 'text' },
        ]),
      ],
      consent: {
        statements: [
          { id: 'a', label: 'See [one](https://a.example) and [two](https://b.example).' },
          { id: 'a', label: 'Again' },
          { id: 'notes', label: 'Clashes' },
          { id: 'budget', label: 'Clashes whatever its case' },
        ],
      },
    });
    expect(problems).toEqual([
      'consent.statements[0].label: may hold one link at most',
      'consent.statements[1].id: duplicate statement id "a"',
      'consent.statements[2].id: "notes" is also a question\'s id',
      'consent.statements[3].id: "budget" is also a question\'s id',
    ]);
  });

  it('requires a source for a hidden question and keeps it out of the visitor’s hands', () => {
    const problems = problemsOf({
      caseTypes: [
        general([
          { id: 'partner', label: 'Partner', type: 'hidden' },
          { id: 'code', label: 'Code', type: 'hidden', from: { param: 'c' }, required: true },
          { id: 'name', label: 'Name', type: 'text', from: { param: 'n' } },
          { id: 'tag', label: 'Tag', type: 'text', prefill: { attribute: 'case-type' } },
        ]),
      ],
    });
    expect(problems).toEqual([
      'caseTypes[0].questions[0].from: required for type hidden: a param or a data- attribute',
      'caseTypes[0].questions[1].required: a hidden question cannot be required: visitors cannot fill it in',
      'caseTypes[0].questions[2].from: only for type hidden; a text question may have prefill',
      'caseTypes[0].questions[3].prefill.attribute: must be a data- attribute, like data-partner',
    ]);
  });

  it('wants a firm email that is an address and a thank-you page on the web', () => {
    const problems = problemsOf({
      caseTypes: [general()],
      firm: { name: 'Firm', email: 'not an address' },
      thankYouUrl: 'javascript:alert(1)',
    });
    expect(problems).toEqual([
      'firm.email: must be an email address',
      'thankYouUrl: must be an http: or https: address',
    ]);
  });
});

const QUESTIONS = [
  { id: 'transaction', label: 'Buying or selling?', type: 'radio', options: ['Buying', 'Selling'] },
  {
    id: 'lender',
    label: 'Lender',
    type: 'text',
    showIf: { question: 'transaction', equals: 'Buying' },
  },
  { id: 'notes', label: 'Notes', type: 'textarea' },
  { id: 'partner', label: 'Partner', type: 'hidden', from: { param: 'partner' } },
];

const caseType = (steps: unknown) => ({
  id: 'property',
  label: 'Property',
  questions: QUESTIONS,
  steps,
});

describe('"steps" in the form configuration', () => {
  it('accepts true on the form and a list of titled steps on a case type', () => {
    const config = parseFormConfig({
      steps: true,
      caseTypes: [
        caseType([
          { title: 'The property', questions: ['transaction', 'lender'] },
          { title: 'Anything else', questions: ['notes'] },
        ]),
      ],
    });
    expect(config.steps).toBe(true);
    expect(config.caseTypes[0]?.steps).toEqual([
      { title: 'The property', questions: ['transaction', 'lender'] },
      { title: 'Anything else', questions: ['notes'] },
    ]);
  });

  it('names a question the case type does not have, and one the form’s list finds nowhere', () => {
    expect(
      problemsOf({
        steps: [{ title: 'About', questions: ['notes', 'colour'] }],
        caseTypes: [caseType([{ title: 'The property', questions: ['transaction', 'lendr'] }])],
      }),
    ).toEqual([
      'caseTypes[0].steps[0].questions[1]: "lendr" is not a question of this case type',
      'steps[0].questions[1]: "colour" is not a question of any case type',
    ]);
  });

  it('refuses a question named twice in one step or placed in two steps', () => {
    expect(
      problemsOf({
        caseTypes: [
          caseType([
            { title: 'One', questions: ['transaction', 'transaction'] },
            { title: 'Two', questions: ['notes', 'transaction'] },
          ]),
        ],
      }),
    ).toEqual([
      'caseTypes[0].steps[0].questions[1]: "transaction" is named twice in this step',
      'caseTypes[0].steps[1].questions[1]: "transaction" is already in step 1 ("One")',
    ]);
  });

  it('refuses a hidden question, which no step shows, and a conditional question before its condition', () => {
    expect(
      problemsOf({
        caseTypes: [
          caseType([
            { title: 'First', questions: ['lender', 'partner'] },
            { title: 'Then', questions: ['transaction'] },
          ]),
        ],
      }),
    ).toEqual([
      'caseTypes[0].steps[0].questions[1]: "partner" is hidden: no step shows it',
      'caseTypes[0].steps[0].questions[0]: "lender" depends on "transaction", which comes in a later step',
    ]);
  });

  it('refuses false, an empty list and a step without a title', () => {
    const problems = problemsOf({
      steps: false,
      caseTypes: [caseType([]), { ...caseType([{ questions: ['notes'] }]), id: 'other' }],
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'caseTypes[0].steps',
      'caseTypes[1].steps[0].title',
      'steps',
    ]);
  });
});
