import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDecimal } from './messages.ts';

describe('formatBytes', () => {
  it('writes sizes as people read them', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1000)).toBe('1,000 bytes');
    expect(formatBytes(1023.96 * 1024)).toBe('1,024 KB');
    expect(formatBytes(2.5 * 1024 * 1024, 'de')).toBe('2,5 MB');
  });

  it('writes English exactly as Intl.NumberFormat does, without asking it', () => {
    const values = fc.oneof(
      fc.integer({ min: 0, max: 1023 }),
      fc.double({ min: 0, max: 1024, noNaN: true, maxExcluded: true }),
      // Halves at the rounding digit, where rounding rules differ first.
      fc.integer({ min: 0, max: 20_000 }).map((n) => (n + 0.5) / 10),
    );
    fc.assert(
      fc.property(
        values,
        fc.constantFrom(0 as const, 1 as const),
        fc.constantFrom('en', 'en-GB', 'EN-us'),
        (value, digits, locale) => {
          const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
          expect(formatDecimal(value, digits, locale)).toBe(intl.format(value));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
