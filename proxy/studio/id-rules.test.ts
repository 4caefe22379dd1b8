/**
 * The id rules against every version published, for ids and labels: a retired id given to a new
 * question or case type is refused, a rollback and another case type are not; ids and labels
 * read as the platform and a reader do (case, invisible characters, the firm's language); and,
 * by property, the studio's own proposals are never refused. A question's kind of answer and
 * its options' values are `id-rules-answers.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PublishedOutline } from './id-rules.ts';
import { outlineOf } from './form-outline.ts';
import { proposeId } from './propose-id.ts';
import {
  check,
  form,
  history,
  LENDER,
  TRANSACTION,
  type Question,
} from '../test/fixtures/id-rules.ts';

describe('the id rules against every version published', () => {
  it('refuses nothing of a first version, nor a label changed under its id', () => {
    expect(check([], form([TRANSACTION, LENDER]))).toEqual([]);
    const v1 = history(form([TRANSACTION, LENDER]));
    expect(check(v1, form([TRANSACTION, { ...LENDER, label: 'Who is lending?' }]))).toEqual([]);
  });

  it('refuses a retired id given to a new question of its case type, naming both and another id', () => {
    const published = history(form([TRANSACTION, LENDER]), form([TRANSACTION]));
    expect(
      check(published, form([TRANSACTION, { id: 'lender', label: 'Your budget', type: 'text' }])),
    ).toEqual([
      {
        path: ['caseTypes', 0, 'questions', 1, 'id'],
        rule: 'ids',
        message:
          '"Your budget" in "Buying or selling a property" cannot have the id "lender": that was the question "Which lender?" until version 1, and a retired id is never given to another question, so the platform never mixes their answers. Give it a new id, such as "your_budget".',
      },
    ]);
  });

  it('lets a retired question come back under a label it was published with, as a rollback brings it', () => {
    const published = history(
      form([TRANSACTION, LENDER]),
      form([TRANSACTION, { ...LENDER, label: 'Who is lending?' }]),
      form([TRANSACTION]),
    );
    expect(check(published, form([TRANSACTION, LENDER]))).toEqual([]);
    expect(check(published, form([TRANSACTION, { ...LENDER, label: 'Who is lending?' }]))).toEqual(
      [],
    );
  });

  it('lets another case type use an id retired in one, as the platform reads ids by case type', () => {
    const published = history(form([TRANSACTION, LENDER]), form([TRANSACTION]));
    const next = {
      caseTypes: [
        ...form([TRANSACTION]).caseTypes,
        {
          id: 'wills',
          label: 'Making a will',
          questions: [{ id: 'lender', label: 'Any debts?', type: 'text' }],
        },
      ],
    };
    expect(check(published, next)).toEqual([]);
  });

  it('refuses a retired case type’s id given to a new case type, and lets it come back as it was', () => {
    const wills = { id: 'wills', label: 'Making a will', questions: [LENDER] };
    const published = history(
      { caseTypes: [...form([TRANSACTION]).caseTypes, wills] },
      form([TRANSACTION]),
    );
    const issues = check(published, {
      caseTypes: [...form([TRANSACTION]).caseTypes, { ...wills, label: 'Probate' }],
    });
    expect(issues).toMatchObject([{ path: ['caseTypes', 1, 'id'], rule: 'ids' }]);
    expect(issues[0]?.message).toContain('that was the case type "Making a will" until version 1');
    expect(issues[0]?.message).toContain('such as "probate"');
    expect(check(published, { caseTypes: [...form([TRANSACTION]).caseTypes, wills] })).toEqual([]);
  });

  it('takes an id differing only in case for the retired one, as the platform and a reader do', () => {
    const published = history(form([TRANSACTION, LENDER]), form([LENDER]));
    const another = {
      ...TRANSACTION,
      id: 'Transaction',
      label: 'When do you move?',
      options: ['Soon'],
    };
    const issues = check(published, form([LENDER, another]));
    expect(issues.map((i) => i.path)).toEqual([
      ['caseTypes', 0, 'questions', 1, 'id'],
      ['caseTypes', 0, 'questions', 1, 'id'],
    ]);
    expect(issues[0]?.message).toBe(
      '"When do you move?" (Transaction) in "Buying or selling a property" has the id "Transaction", which the platform and a reader take for "transaction", published until version 1: write it "transaction", as it was published, so its answers are filed under one id.',
    );
    expect(issues[1]?.message).toContain('that was the question "Are you buying or selling?"');
    // The id proposed instead is none a reader takes for a retired one.
    expect(issues[1]?.message).toContain('such as "when_do_you_move"');
    const cased = { id: 'Conveyancing', label: 'Buying or selling a property' };
    expect(check(published, form([LENDER], cased))).toMatchObject([
      { path: ['caseTypes', 0, 'id'] },
    ]);
  });

  it('takes a label differing by an invisible or a compatibility character for the same label', () => {
    const published = history(form([TRANSACTION]), form([]));
    for (const label of ['Buying\u200b', 'Ｂuying', 'buying ', 'Buy\u00adi\u2060ng']) {
      const back = { ...TRANSACTION, options: [{ value: 'buy', label }, 'Selling'] };
      expect(check(published, form([back])), label).toMatchObject([
        { path: ['caseTypes', 0, 'questions', 0, 'options', 0], rule: 'ids' },
      ]);
    }
    // A retired question comes back under a label it had, however it is spelt.
    const respelt = { ...TRANSACTION, label: 'Are you buying or selling?\u200b' };
    expect(check(published, form([respelt]))).toEqual([]);
  });

  it('refuses a stored value that reads as a published one but is not it', () => {
    const published = history(form([TRANSACTION]));
    const lookalike = {
      ...TRANSACTION,
      options: [{ value: 'Buying\u200b', label: 'Purchasing' }, 'Selling'],
    };
    expect(check(published, form([lookalike]))).toEqual([
      {
        path: ['caseTypes', 0, 'questions', 0, 'options', 0],
        rule: 'ids',
        message:
          'The option "Purchasing" of "Are you buying or selling?" (transaction) in "Buying or selling a property" stores "Buying\u200b", which reads as "Buying", a value enquiries already hold: write it "Buying", so the platform never files one answer under two values.',
        studio:
          'The option "Purchasing" of "Are you buying or selling?" (transaction) in "Buying or selling a property" stores "Buying\u200b", which reads as "Buying", a value enquiries already hold: type Buying as its stored value, so the platform never files one answer under two values.',
      },
    ]);
  });

  it('reads labels in the firm’s language, the first of "languages"', () => {
    const bilingual = (label: unknown) => ({
      languages: ['en', 'cy'],
      caseTypes: [
        {
          id: 'conveyancing',
          label: { en: 'Property', cy: 'Eiddo' },
          questions: [{ id: 'lender', label, type: 'text' }],
        },
      ],
    });
    const published = history(bilingual({ en: 'Which lender?', cy: 'Pa fenthyciwr?' }), {
      caseTypes: [{ id: 'conveyancing', label: 'Property', questions: [] }],
    });
    expect(
      check(published, bilingual({ en: 'Which lender?', cy: 'Pwy sy’n rhoi benthyg?' })),
    ).toEqual([]);
    expect(check(published, bilingual({ en: 'Your budget', cy: 'Eich cyllideb' }))).toHaveLength(1);
  });

  it('never refuses what the studio does, and always refuses a retired id given to a new label', () => {
    // The studio's edits: add a question with a proposed id, relabel one, remove one.
    const edit = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        label: fc.string({ minLength: 1, maxLength: 12 }),
      }),
      fc.record({
        kind: fc.constant('relabel' as const),
        at: fc.nat(),
        label: fc.string({ minLength: 1, maxLength: 12 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(edit, { maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        (rounds) => {
          const published: PublishedOutline[] = [];
          let questions: Question[] = [];
          const everSeen = new Set<string>();
          for (const round of rounds) {
            for (const step of round) {
              if (step.kind === 'add') {
                const id = proposeId(
                  step.label,
                  new Set([...everSeen, ...questions.map((q) => q.id)]),
                );
                questions = [...questions, { id, label: step.label.trim() || 'x', type: 'text' }];
              } else if (questions.length > 0) {
                const at = step.at % questions.length;
                questions =
                  step.kind === 'remove'
                    ? questions.filter((_, i) => i !== at)
                    : questions.map((q, i) =>
                        i === at ? { ...q, label: step.label.trim() || 'x' } : q,
                      );
              }
            }
            expect(check(published, form(questions))).toEqual([]);
            published.push({ version: published.length + 1, outline: outlineOf(form(questions)) });
            for (const q of questions) everSeen.add(q.id);
          }
          const retired = [...everSeen].find((id) => !questions.some((q) => q.id === id));
          if (retired === undefined) return;
          const issues = check(
            published,
            form([...questions, { id: retired, label: 'A label never published §', type: 'text' }]),
          );
          expect(issues).toMatchObject([
            { path: ['caseTypes', 0, 'questions', questions.length, 'id'] },
          ]);
        },
      ),
    );
  });
});
