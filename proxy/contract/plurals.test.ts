import { describe, expect, it } from 'vitest';
import { placeholders } from './schemas/strings-file.ts';
import { formatIn } from './plurals.ts';
import { WELSH } from './strings/cy.ts';

describe('formatIn', () => {
  it('chooses each of Welsh’s six plural forms by the count', () => {
    const said = [0, 1, 2, 3, 4, 6, 11].map((count) =>
      formatIn('cy', WELSH['refusal.problems'], { count }),
    );
    expect(said).toEqual([
      'Nid oes problem gyda’r ymholiad.',
      'Mae 1 broblem gyda’r ymholiad.',
      'Mae 2 broblem gyda’r ymholiad.',
      'Mae 3 problem gyda’r ymholiad.',
      'Mae 4 o broblemau gyda’r ymholiad.',
      'Mae 6 phroblem gyda’r ymholiad.',
      'Mae 11 o broblemau gyda’r ymholiad.',
    ]);
  });

  it('takes the other form when a language has none of its own for the count', () => {
    const template = '{n, plural, one {# file} other {# files}} of {max}';
    expect(formatIn('en', template, { n: 1, max: 5 })).toBe('1 file of 5');
    expect(formatIn('cy', template, { n: 2, max: 5 })).toBe('2 files of 5');
  });

  it('fills a string without plural forms as formatMessage does', () => {
    expect(formatIn('cy', 'Cam {number} o {count}', { number: 2, count: 4 })).toBe('Cam 2 o 4');
    expect(formatIn('cy', '{n, plural, one {# ffeil}}', {})).toBe('{n, plural, one {# ffeil}}');
  });
});

describe('placeholders', () => {
  it('names a plural block’s count and the placeholders inside its forms, not the forms', () => {
    expect(placeholders('{n, plural, one {ffeil} other {{n} o {kind}}} at {max}')).toEqual([
      'kind',
      'max',
      'n',
    ]);
  });
});
