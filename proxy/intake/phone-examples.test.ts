/**
 * Every telephone number the product gives as an example, in its messages and in its docs (the
 * README's included), is one the telephone check takes (`phone-numbers.ts`, in the British plan
 * the examples are written in): an example a form with `"phone"` refused would teach a visitor a
 * number they cannot send.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STRINGS } from '../contract/strings.ts';
import { isPossibleNumber } from './phone-numbers.ts';

const GB = { defaultCountry: 'GB', upstreamFormat: 'as-typed' } as const;

/** A British number as people write it: `+44`, `+44 (0)` or `0`, then 9 or 10 more digits. */
const TELEPHONE =
  /(?<![\w.-])(?:\+44[ -]?(?:\(0\)[ -]?)?|\(?0)[1-9][\d ()-]{7,14}\d(?![\w-]|\.\d)/g;

/** The telephone numbers in `text`, a line wrapped inside one read as one number. */
const numbersIn = (text: string) =>
  [...text.replace(/\s*\n\s*/g, ' ').matchAll(TELEPHONE)].map(([number]) => number);

const DOCS = [
  'README.md',
  'proxy/README.md',
  'widget/README.md',
  'bundle/README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

describe('the telephone numbers given as examples', () => {
  it('finds a number however it is written (the check of this test)', () => {
    expect(
      numbersIn('call 020 7946 0018, +44 808 157 0192 or (07700) 900-982. Not 2027-03-27'),
    ).toEqual(['020 7946 0018', '+44 808 157 0192', '(07700) 900-982']);
    expect(numbersIn('a token-0123456789 and version 1.0123456789 are no numbers')).toEqual([]);
  });

  it('in the messages are numbers the telephone check takes', () => {
    const examples = Object.values(DEFAULT_STRINGS).flatMap(numbersIn);
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter((number) => !isPossibleNumber(GB, number))).toEqual([]);
  });

  it.each(DOCS)('in %s are numbers the telephone check takes', (path) => {
    const refused = numbersIn(readFileSync(path, 'utf8')).filter(
      (number) => !isPossibleNumber(GB, number),
    );
    expect(refused).toEqual([]);
  });
});
