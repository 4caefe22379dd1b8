import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from './messages.ts';

describe('formatBytes', () => {
  it('writes sizes as people read them', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1000)).toBe('1,000 bytes');
    expect(formatBytes(1023.96 * 1024)).toBe('1,024 KB');
    expect(formatBytes(2.5 * 1024 * 1024, 'de')).toBe('2,5 MB');
  });

  it('writes sizes in a language other than English with its own units, not English ones', () => {
    expect(formatBytes(44, 'cy')).toBe('44 beit');
    expect(formatBytes(2, 'cy')).toBe('2 feit');
    expect(formatBytes(1536, 'cy')).toBe('1.5 kB');
    // French puts a narrow no-break space between the number and its unit.
    expect(formatBytes(44, 'fr')).toBe('44\u202fo');
    expect(formatBytes(10 * 1024 * 1024, 'fr')).toBe('10\u202fMo');
    expect(formatBytes(3 * 1024 ** 3, 'pl')).toBe('3 GB');
  });

  it('writes English exactly as Intl.NumberFormat does, without asking it', () => {
    const bytes = fc.oneof(
      fc.integer({ min: 0, max: 1023 }),
      fc.double({ min: 1024, max: 1024 * 1024, noNaN: true, maxExcluded: true }),
      // Halves at the rounding digit, where rounding rules differ first.
      fc.integer({ min: 10, max: 10_234 }).map((n) => ((n + 0.5) / 10) * 1024),
    );
    fc.assert(
      fc.property(bytes, fc.constantFrom('en', 'en-GB', 'EN-us'), (size, locale) => {
        const [digits, value, unit] = size < 1024 ? [0, size, 'bytes'] : [1, size / 1024, 'KB'];
        const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
        expect(formatBytes(size, locale)).toBe(`${intl.format(value)} ${unit}`);
      }),
      { numRuns: 20_000 },
    );
  });
});
