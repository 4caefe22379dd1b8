import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposeId } from './propose-id.ts';

const ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

describe('an id proposed from a label', () => {
  it('is the label’s words in lower case joined by _, accents dropped', () => {
    expect(proposeId('Which lender?', new Set())).toBe('which_lender');
    expect(proposeId('  Ŵyr neu wyres? ', new Set())).toBe('wyr_neu_wyres');
    expect(
      proposeId('Roughly what is the property worth, in pounds, before any deposit?', new Set()),
    ).toBe('roughly_what_is_the_property_worth_in');
  });

  it('is numbered when taken, so a retired id is never proposed again', () => {
    expect(proposeId('Which lender?', new Set(['which_lender', 'which_lender_2']))).toBe(
      'which_lender_3',
    );
  });

  it('starts with a letter whatever the label', () => {
    expect(proposeId('2nd home?', new Set())).toBe('question_2nd_home');
    expect(proposeId('ما هي ميزانيتك؟', new Set(['question']))).toBe('question_2');
    expect(proposeId('!!!', new Set(), 'case_type')).toBe('case_type');
  });

  it('always passes the schema’s rule for ids and is never one taken', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.uniqueArray(fc.string({ maxLength: 12 }), { maxLength: 20 }),
        (label, taken) => {
          const id = proposeId(label, new Set(taken));
          expect(id).toMatch(ID);
          expect(taken).not.toContain(id);
          // Taken too, the next proposal differs.
          expect(proposeId(label, new Set([...taken, id]))).not.toBe(id);
        },
      ),
    );
  });
});
