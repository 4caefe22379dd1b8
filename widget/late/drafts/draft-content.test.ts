import { describe, expect, it } from 'vitest';
import { publicConfig, type PublicFormConfig, type Question } from '#contract';
import { lawFirm } from '../../../demo/forms/index.ts';
import { emptyValues, type Values } from '../../draft.ts';
import { formPrint } from '../asked.ts';
import { contentOf, restore, sinceTab } from './draft-content.ts';

const v1 = publicConfig(lawFirm);

/** Version 2, as the studio may publish it: lender retired, property_value's options others. */
function version2(): PublicFormConfig {
  const v2 = structuredClone(v1);
  const [conveyancing] = v2.caseTypes;
  if (!conveyancing) throw new Error('the law firm has conveyancing');
  conveyancing.questions = conveyancing.questions
    .filter((q) => q.id !== 'lender')
    .map((q) => (q.id === 'notes' ? { ...q, label: 'Is there anything else?' } : q))
    .map((q) => (q.id === 'property_value' ? { ...q, options: ['Up to £300,000'] } : q))
    .map((q) => (q.id === 'transaction' ? { ...q, type: 'select' as const } : q));
  return v2;
}

const typed = (): Values => ({
  ...emptyValues(),
  forename: 'Ada',
  case_type: 'conveyancing',
  answers: {
    transaction: 'Buying',
    property_value: 'Under £250,000',
    lender: 'Nationwide',
    notes: 'First home',
  },
});

describe("the tab's draft on a form published since it was kept", () => {
  it('keeps the answers whose question stands and names the rest by their labels now', () => {
    const judged = sinceTab(formPrint(v1), version2(), typed());
    expect(judged.answers).toEqual({ transaction: 'Buying', notes: 'First home' });
    expect(judged.giveAgain).toEqual(['Roughly what is the property worth?']);
    expect(judged.removed).toBe(true);
  });

  it('gives back a choice whose option was reworded under its label now', () => {
    const withValues = (labels: string[]) => {
      const config = structuredClone(v1);
      const question = config.caseTypes[0]?.questions[0] as Question & { optionValues?: string[] };
      Object.assign(question, { options: labels, optionValues: ['buying', 'selling', 'both'] });
      return config;
    };
    const before = formPrint(withValues(['Buying', 'Selling', 'Both']));
    const judged = sinceTab(before, withValues(['Buying a home', 'Selling', 'Both']), typed());
    expect(judged.answers.transaction).toBe('Buying a home');
    expect(judged.dropped).toEqual([]);
  });

  it('keeps a choice given in the language the form was switched to before the reload', () => {
    const inLanguage = (labels: string[]) => {
      const config = structuredClone(v1);
      const question = config.caseTypes[0]?.questions[0] as Question & { optionValues?: string[] };
      Object.assign(question, { options: labels, optionValues: ['buying', 'selling', 'both'] });
      return config;
    };
    const before = formPrint(inLanguage(['Buying', 'Selling', 'Both']));
    const welsh = { ...typed(), answers: { transaction: 'Prynu' } };
    const judged = sinceTab(before, inLanguage(['Prynu', 'Gwerthu', 'Y ddau']), welsh);
    expect(judged).toMatchObject({ answers: { transaction: 'Prynu' }, dropped: [] });
  });

  it('takes nothing back from a form that did not change', () => {
    const judged = sinceTab(formPrint(v1), v1, typed());
    expect(judged).toMatchObject({ answers: typed().answers, dropped: [], removed: false });
  });

  it('takes nothing back when what was kept beside it is not a print', () => {
    expect(sinceTab('{not json', version2(), typed()).answers).toEqual(typed().answers);
  });
});

describe('a saved enquiry opened on a form published since it was saved', () => {
  const saved = contentOf(v1, typed(), undefined, [], { write: 'w', email: 'ada@example.com' });
  const blank = emptyValues();

  it('puts back the answers whose question stands and says which to give again', () => {
    const restored = restore(JSON.parse(JSON.stringify(saved)), version2(), undefined, blank);
    expect(restored.values.answers).toEqual({ transaction: 'Buying', notes: 'First home' });
    expect(restored.giveAgain).toEqual(['Roughly what is the property worth?']);
    expect(restored.removed).toBe(true);
  });

  it('puts back every answer on the form it was saved from', () => {
    const restored = restore(JSON.parse(JSON.stringify(saved)), v1, undefined, blank);
    expect(restored.values.answers).toEqual(typed().answers);
    expect(restored).toMatchObject({ giveAgain: [], removed: false });
  });
});
