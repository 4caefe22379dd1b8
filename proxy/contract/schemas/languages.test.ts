import { describe, expect, it } from 'vitest';
import { FormConfigError, parseFormConfig, parseFormConfigs } from './form-config.ts';

const problemsOf = (input: unknown): string[] => {
  try {
    parseFormConfigs(input);
  } catch (error) {
    if (error instanceof FormConfigError) return error.problems;
    throw error;
  }
  return [];
};

/** A Welsh and English form: a case type with a choice, a hint, consent and a step. */
const bilingual = () => ({
  languages: ['en', 'cy'],
  caseTypes: [
    {
      id: 'renting',
      label: { en: 'Renting', cy: 'Rhentu' },
      questions: [
        {
          id: 'role',
          label: { en: 'Are you a landlord or a tenant?', cy: 'Ai landlord neu denant ydych chi?' },
          type: 'radio',
          required: true,
          options: [
            { value: 'landlord', label: { en: 'Landlord', cy: 'Landlord' } },
            { value: 'tenant', label: { en: 'Tenant', cy: 'Tenant' } },
          ],
        },
        {
          id: 'deposit',
          label: { en: 'Deposit held?', cy: 'A yw’r blaendal yn cael ei ddal?' },
          type: 'text',
          hint: { en: 'In pounds', cy: 'Mewn punnoedd' },
          showIf: { question: 'role', equals: 'tenant' },
        },
      ],
    },
  ],
  consent: {
    privacyNotice: {
      text: { en: 'How we use your details', cy: 'Sut rydym yn defnyddio eich manylion' },
      url: 'https://firm.example/privacy',
    },
    statements: [
      {
        id: 'contact',
        label: { en: 'You may contact me', cy: 'Cewch gysylltu â mi' },
        required: true,
      },
    ],
  },
});

describe('a configuration in several languages', () => {
  it('gives the form in each language, with the same ids and option values', () => {
    const forms = parseFormConfigs(bilingual());
    expect(forms.languages).toEqual(['en', 'cy']);
    const welsh = forms.inLanguage('cy').caseTypes[0];
    const english = forms.first.caseTypes[0];
    expect(welsh?.label).toBe('Rhentu');
    expect(english?.label).toBe('Renting');
    expect(welsh?.questions.map((q) => q.id)).toEqual(english?.questions.map((q) => q.id));
    expect(welsh?.questions[0]?.options).toEqual(['landlord', 'tenant']);
    expect(english?.questions[0]?.options).toEqual(['landlord', 'tenant']);
    expect(welsh?.questions[1]?.hint).toBe('Mewn punnoedd');
    expect(english?.questions[0]?.optionLabels).toEqual(['Landlord', 'Tenant']);
    expect(forms.inLanguage('cy').consent?.statements[0]?.label).toBe('Cewch gysylltu â mi');
  });

  it('answers the first language for a language it does not list', () => {
    const forms = parseFormConfigs(bilingual());
    expect(forms.inLanguage('fr')).toBe(forms.first);
  });

  it('refuses a text missing one of its languages, naming its JSON path', () => {
    const config = bilingual();
    config.caseTypes[0]!.questions[1]!.label = { en: 'Deposit held?' } as never;
    expect(problemsOf(config)).toEqual(['caseTypes[0].questions[1].label: no "cy"']);
  });

  it('names every missing translation, in options and consent too', () => {
    const config = bilingual();
    config.caseTypes[0]!.questions[0]!.options![1]!.label = { cy: 'Tenant' } as never;
    config.consent.statements[0]!.label = { en: 'You may contact me' } as never;
    expect(problemsOf(config)).toEqual([
      'caseTypes[0].questions[0].options[1].label: no "en"',
      'consent.statements[0].label: no "cy"',
    ]);
  });

  it('refuses a language the configuration does not list, and a text without languages', () => {
    const config = bilingual();
    config.caseTypes[0]!.label = { en: 'Renting', cy: 'Rhentu', fr: 'Location' } as never;
    expect(problemsOf(config)).toEqual(['caseTypes[0].label: "fr" is not in "languages" (en, cy)']);
    const { languages: _, ...withoutLanguages } = bilingual();
    expect(problemsOf(withoutLanguages)[0]).toBe(
      'caseTypes[0].label: a text in several languages needs "languages" at the top',
    );
  });

  it('checks each language against the same rules (an empty Welsh label)', () => {
    const config = bilingual();
    config.caseTypes[0]!.label = { en: 'Renting', cy: ' ' };
    expect(problemsOf(config)).toEqual(['caseTypes[0].label: must not be empty']);
  });

  it('refuses malformed languages and an option that is not {value, label}', () => {
    expect(problemsOf({ ...bilingual(), languages: ['en', 'en'] })).toContain(
      'languages: must not repeat a language',
    );
    expect(problemsOf({ ...bilingual(), languages: ['english'] })[0]).toMatch(/^languages\[0\]:/);
    const config = bilingual();
    config.caseTypes[0]!.questions[0]!.options![0] = { value: 'landlord' } as never;
    expect(problemsOf(config)).toEqual([
      'caseTypes[0].questions[0].options[0]: an option is a text or {"value", "label"}',
    ]);
  });

  it('keeps a one-language configuration exactly as it was, an option object included', () => {
    const plain = {
      caseTypes: [
        {
          id: 'a',
          label: 'A',
          questions: [
            { id: 'q', label: 'Q?', type: 'radio', options: ['Yes', { value: 'n', label: 'No' }] },
          ],
        },
      ],
    };
    const config = parseFormConfig(plain);
    expect(config).not.toHaveProperty('languages');
    expect(config.caseTypes[0]?.questions[0]?.options).toEqual(['Yes', 'n']);
    expect(config.caseTypes[0]?.questions[0]?.optionLabels).toEqual(['Yes', 'No']);
    const strings = parseFormConfig({ caseTypes: [{ id: 'a', label: 'A' }] });
    expect(Object.keys(strings)).not.toContain('languages');
  });

  it('keeps visitor_language for the meta entry naming the visitor’s language', () => {
    const config = bilingual();
    config.caseTypes[0]!.questions[1]!.id = 'visitor_language';
    config.caseTypes[0]!.questions[1]!.showIf = undefined;
    expect(problemsOf(config)).toEqual([
      'caseTypes[0].questions[1].id: "visitor_language" is the visitor\'s language upstream in a form with "languages"',
    ]);
  });

  it('refuses optionLabels written by hand', () => {
    const config = {
      caseTypes: [
        {
          id: 'a',
          label: 'A',
          questions: [
            { id: 'q', label: 'Q?', type: 'radio', options: ['y'], optionLabels: ['Yes'] },
          ],
        },
      ],
    };
    expect(problemsOf(config)).toEqual([
      'caseTypes[0].questions[0].optionLabels: not a field: write each option as {"value", "label"}',
    ]);
  });
});
