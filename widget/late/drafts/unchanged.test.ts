import { describe, expect, it } from 'vitest';
import { publicConfig, type PublicFormConfig, type Question } from '#contract';
import { lawFirm } from '../../../demo/forms/index.ts';
import { askedFrom, judge, verdict } from './unchanged.ts';

const question = (type: string, options?: string[]) =>
  ({ id: 'q', label: 'Now', type, ...(options ? { options } : {}) }) as Question;

describe('an answer stands on a form published anew', () => {
  it('while its question keeps its type, whatever its label says now', () => {
    expect(verdict(question('text'), { type: 'text' }, 'Nationwide')).toBe('same');
  });

  it('not once its question is no longer asked', () => {
    expect(verdict(undefined, { type: 'text' }, 'Nationwide')).toBe('removed');
  });

  it('not once its question asks for another kind of answer', () => {
    expect(verdict(question('text'), { type: 'date' }, '2026-12-01')).toBe('changed');
    expect(verdict(question('text'), { type: 'radio', values: ['a'] }, 'a')).toBe('changed');
  });

  it('when one choice is drawn as a list instead of buttons, or a line gets a box', () => {
    expect(verdict(question('select', ['a', 'b']), { type: 'radio', values: ['a'] }, 'a')).toBe(
      'same',
    );
    expect(verdict(question('textarea'), { type: 'text' }, 'one line')).toBe('same');
    // A box's text may hold several lines, which a line would lose.
    expect(verdict(question('text'), { type: 'textarea' }, 'two\nlines')).toBe('changed');
  });

  it('while every option chosen is still offered, with others added beside it', () => {
    const now = question('checkbox', ['a', 'b', 'c']);
    expect(verdict(now, { type: 'checkbox', values: ['a', 'b'] }, ['a', 'b'])).toBe('same');
  });

  it('not once an option chosen is taken away', () => {
    const now = question('checkbox', ['a', 'c']);
    expect(verdict(now, { type: 'checkbox', values: ['a', 'b'] }, ['a', 'b'])).toBe('changed');
    expect(verdict(question('radio', ['c']), { type: 'radio', values: ['a'] }, 'a')).toBe(
      'changed',
    );
  });

  it('by the stored value, not the label, of a choice in another language', () => {
    const now = {
      ...question('radio', ['Prynu', 'Gwerthu']),
      optionValues: ['buying', 'selling'],
    } as Question;
    expect(verdict(now, { type: 'radio', values: ['buying', 'selling'] }, 'buying')).toBe('same');
  });
});

describe('the answers of a draft judged together', () => {
  const v2 = structuredClone<PublicFormConfig>(publicConfig(lawFirm));
  const [conveyancing] = v2.caseTypes;
  if (!conveyancing) throw new Error('the law firm has conveyancing');
  conveyancing.questions = conveyancing.questions
    .filter((q) => q.id !== 'lender')
    .map((q) => (q.id === 'notes' ? { ...q, label: 'Is there anything else?' } : q))
    .map((q) => (q.id === 'property_value' ? { ...q, options: ['Up to £300,000'] } : q));
  const asked = {
    transaction: { type: 'radio', values: ['Buying', 'Selling', 'Both'] },
    property_value: { type: 'select', values: ['Under £250,000'] },
    lender: { type: 'text' },
    notes: { type: 'textarea' },
  } as Record<string, { type: string; values?: string[] }>;
  const answers = {
    transaction: 'Buying',
    property_value: 'Under £250,000',
    lender: 'Nationwide',
    notes: 'First home',
    other_case_types: 'left alone',
  };
  const judged = judge(v2, 'conveyancing', answers, (id) => asked[id]);

  it('keeps those that stand, reworded questions too', () => {
    expect(judged.answers).toEqual({ transaction: 'Buying', notes: 'First home' });
  });

  it('names the questions to answer again by their labels now, and says once that some went', () => {
    expect(judged.giveAgain).toEqual(['Roughly what is the property worth?']);
    expect(judged.removed).toBe(true);
    expect(judged.dropped).toEqual(['property_value', 'lender']);
  });

  it('leaves alone an answer it knows nothing of', () => {
    expect(judged.dropped).not.toContain('other_case_types');
    expect(judged.answers).not.toHaveProperty('other_case_types');
  });

  it('says every question of a case type no longer offered is no longer asked', () => {
    const gone = judge(v2, 'probate', { notes: 'x' }, () => ({ type: 'textarea' }));
    expect(gone).toMatchObject({ answers: {}, giveAgain: [], removed: true });
  });
});

describe('a saved enquiry’s record of a question', () => {
  it('reads back as its type and stored values', () => {
    expect(askedFrom('["radio",["No","Yes"]]')).toEqual({ type: 'radio', values: ['No', 'Yes'] });
    expect(askedFrom('["text",[]]')).toEqual({ type: 'text', values: [] });
  });

  it('is nothing when it is not one (a draft is read back as anything from outside)', () => {
    for (const bad of [undefined, '', 'not json', '[1,[]]', '{}'])
      expect(askedFrom(bad)).toBeUndefined();
  });
});
