/**
 * The id rules against every version published, for answers: a published question keeps its
 * kind of answer, an option keeps its value under its label (its label may change by its
 * value), and an option retired and brought back holds the value it last had.
 */
import { describe, expect, it } from 'vitest';
import { check, form, history, LENDER, TRANSACTION } from '../test/fixtures/id-rules.ts';

describe('the id rules against every version published', () => {
  it('keeps a published question’s kind of answer: short text to long, list to radios, nothing else', () => {
    const published = history(form([TRANSACTION, LENDER]));
    expect(
      check(
        published,
        form([
          { ...TRANSACTION, type: 'select' },
          { ...LENDER, type: 'textarea' },
        ]),
      ),
    ).toEqual([]);
    const issues = check(
      published,
      form([
        { ...TRANSACTION, type: 'checkbox' },
        { ...LENDER, type: 'number' },
      ]),
    );
    expect(issues.map((i) => i.path)).toEqual([
      ['caseTypes', 0, 'questions', 0, 'type'],
      ['caseTypes', 0, 'questions', 1, 'type'],
    ]);
    expect(issues[0]?.message).toBe(
      '"Are you buying or selling?" (transaction) in "Buying or selling a property" was published as a choice of one: a published question keeps its kind of answer, so the platform never files another kind under its id. Make it a choice from a list or a choice of one again, or retire it and add a new question.',
    );
  });

  it('refuses a published option’s value changed under its label, naming the value to keep', () => {
    const published = history(form([TRANSACTION]));
    const changed = { ...TRANSACTION, options: [{ value: 'buy', label: 'Buying' }, 'Selling'] };
    expect(check(published, form([changed]))).toEqual([
      {
        path: ['caseTypes', 0, 'questions', 0, 'options', 0],
        rule: 'ids',
        message:
          'The option "Buying" of "Are you buying or selling?" (transaction) in "Buying or selling a property" was published with the stored value "Buying", which it keeps: enquiries already hold it. Only its label may change: write it as {"value": "Buying", "label": "Buying"}.',
        // The studio shows a new option's stored value in a box of its own.
        studio:
          'The option "Buying" of "Are you buying or selling?" (transaction) in "Buying or selling a property" was published with the stored value "Buying", which it keeps: enquiries already hold it. Type Buying as its stored value: only its label may change.',
      },
    ]);
    // Two labels swapped: each option keeps its value, so only labels change (publishing says so).
    const swapped = {
      ...TRANSACTION,
      options: [
        { value: 'Selling', label: 'Buying' },
        { value: 'Buying', label: 'Selling' },
      ],
    };
    expect(check(published, form([swapped]))).toEqual([]);
  });

  it('lets an option’s label change by its value, and an option retire while a new one comes', () => {
    const published = history(form([TRANSACTION]));
    const relabelled = {
      ...TRANSACTION,
      options: [{ value: 'Buying', label: 'Purchasing' }, 'Selling'],
    };
    expect(check(published, form([relabelled]))).toEqual([]);
    expect(
      check(published, form([{ ...TRANSACTION, options: ['Purchasing', 'Selling'] }])),
    ).toEqual([]);
  });

  it('refuses a retired question brought back under its old id and label with a changed option value', () => {
    // The red team's two publishes: retire property_value, then bring it back with a new value.
    const VALUE = {
      id: 'property_value',
      label: 'Roughly what is the property worth?',
      type: 'select',
      options: ['Under £250,000', '£250,000 to £500,000'],
    };
    const published = history(form([TRANSACTION, VALUE]), form([TRANSACTION]));
    const back = {
      ...VALUE,
      options: [{ value: 'under_250k', label: 'Under £250,000' }, '£250,000 to £500,000'],
    };
    expect(check(published, form([TRANSACTION, back]))).toEqual([
      {
        path: ['caseTypes', 0, 'questions', 1, 'options', 0],
        rule: 'ids',
        message:
          'The option "Under £250,000" of "Roughly what is the property worth?" (property_value) in "Buying or selling a property" was published with the stored value "Under £250,000", which it keeps: enquiries already hold it. Only its label may change: write it as {"value": "Under £250,000", "label": "Under £250,000"}.',
        studio:
          'The option "Under £250,000" of "Roughly what is the property worth?" (property_value) in "Buying or selling a property" was published with the stored value "Under £250,000", which it keeps: enquiries already hold it. Type Under £250,000 as its stored value: only its label may change.',
      },
    ]);
    expect(check(published, form([TRANSACTION, VALUE]))).toEqual([]);
  });

  it('holds an option retired and brought back to the value it last had, the question live all along', () => {
    const published = history(
      form([TRANSACTION]),
      form([{ ...TRANSACTION, options: ['Selling'] }]),
    );
    const back = { ...TRANSACTION, options: [{ value: 'buy', label: 'Buying' }, 'Selling'] };
    expect(check(published, form([back]))).toMatchObject([
      { path: ['caseTypes', 0, 'questions', 0, 'options', 0], rule: 'ids' },
    ]);
  });
});
