import { describe, expect, it } from 'vitest';
import { outlineOf } from './form-outline.ts';
import { platformChanges } from './platform-changes.ts';

const v1 = {
  caseTypes: [
    {
      id: 'conveyancing',
      label: 'Buying or selling a property',
      questions: [
        {
          id: 'transaction',
          label: 'Are you buying or selling?',
          type: 'radio',
          options: ['Buying', 'Selling', 'Both'],
        },
        { id: 'lender', label: 'Which lender?', type: 'text' },
        { id: 'notes', label: 'Anything else?', type: 'textarea' },
      ],
    },
    { id: 'wills', label: 'Making a will', questions: [] },
  ],
};

const v2 = {
  thankYouUrl: 'https://firm.example/thanks',
  caseTypes: [
    {
      id: 'conveyancing',
      label: 'Property',
      questions: [
        {
          id: 'transaction',
          label: 'Are you buying or selling?',
          type: 'radio',
          options: [{ value: 'Buying', label: 'Purchasing' }, 'Selling', 'Remortgaging'],
          required: true,
        },
        { id: 'notes', label: 'Anything else we should know?', type: 'textarea' },
        { id: 'budget', label: 'Your budget', type: 'number' },
      ],
    },
    {
      id: 'divorce',
      label: 'Divorce',
      questions: [{ id: 'children', label: 'Children?', type: 'text' }],
    },
  ],
};

describe('what a publish changes for the platform', () => {
  it('says each change in words, case type by case type, the form’s own last', () => {
    const changes = platformChanges(outlineOf(v1), outlineOf(v2));
    expect(changes.map((c) => [c.kind, c.caseType, c.question])).toEqual([
      ['case type renamed', 'conveyancing', undefined],
      ['option label changed', 'conveyancing', 'transaction'],
      ['option added', 'conveyancing', 'transaction'],
      ['option retired', 'conveyancing', 'transaction'],
      ['other', 'conveyancing', 'transaction'],
      ['label changed', 'conveyancing', 'notes'],
      ['question added', 'conveyancing', 'budget'],
      ['question retired', 'conveyancing', 'lender'],
      ['case type added', 'divorce', undefined],
      ['case type retired', 'wills', undefined],
      ['other', '', undefined],
    ]);
    expect(changes.map((c) => c.words)).toEqual([
      'The case type "Buying or selling a property" (conveyancing) is now called "Property": its enquiries go to the platform as conveyancing, as before.',
      'The option "Buying" of "Are you buying or selling?" (transaction) in "Property" now reads "Purchasing" (its stored value stays "Buying").',
      '"Are you buying or selling?" (transaction) in "Property" offers a new option, "Remortgaging".',
      '"Are you buying or selling?" (transaction) in "Property" no longer offers "Both".',
      '"Are you buying or selling?" (transaction) in "Property" changes its required.',
      '"Anything else?" (notes) in "Property" is now asked as "Anything else we should know?": its answers go to the platform under notes, as before.',
      'New question "Your budget" (budget) in "Property".',
      '"Which lender?" (lender) in "Property" is retired: the platform keeps its answers, and lender is never given to another question.',
      'New case type "Divorce" (divorce), with 1 question.',
      'The case type "Making a will" (wills) is retired: visitors can no longer choose it, and wills is never given to another case type.',
      'The form changes its thankYouUrl.',
    ]);
  });

  it('finds nothing between a version and itself, and says a reordering', () => {
    expect(platformChanges(outlineOf(v1), outlineOf(v1))).toEqual([]);
    const reordered = structuredClone(v1);
    reordered.caseTypes[0]?.questions.reverse();
    expect(platformChanges(outlineOf(v1), outlineOf(reordered))).toMatchObject([
      { kind: 'other', words: '"Buying or selling a property" changes its order of questions.' },
    ]);
  });
});
