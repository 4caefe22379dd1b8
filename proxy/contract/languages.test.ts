import { describe, expect, it } from 'vitest';
import { matchLanguage } from './languages.ts';

describe('matchLanguage', () => {
  it('reads a regional tag as its language, and a language as its regional tag', () => {
    expect(matchLanguage(['cy-GB'], ['en', 'cy'])).toBe('cy');
    expect(matchLanguage(['en'], ['cy', 'en-GB'])).toBe('en-GB');
  });

  it('takes the first language asked for that the form offers, case aside', () => {
    expect(matchLanguage(['fr-BE', 'CY', 'en'], ['en', 'cy'])).toBe('cy');
  });

  it('falls back to the form’s first language', () => {
    expect(matchLanguage(['pl'], ['en', 'cy'])).toBe('en');
    expect(matchLanguage([], ['cy', 'en'])).toBe('cy');
  });
});
