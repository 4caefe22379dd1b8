import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from './messages.ts';

/** What `formatBytes` wrote before it learnt English without `Intl`. */
function withIntl(bytes: number, locale: string): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

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
    const sizes = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.double({ min: 0, max: 2 ** 40, noNaN: true }),
      // Halves at the rounding digit, where rounding rules differ first.
      fc.integer({ min: 0, max: 20_000 }).map((n) => ((n + 0.5) / 10) * 1024),
    );
    fc.assert(
      fc.property(sizes, fc.constantFrom('en', 'en-GB', 'EN-us'), (bytes, locale) => {
        expect(formatBytes(bytes, locale)).toBe(withIntl(bytes, locale));
      }),
      { numRuns: 20_000 },
    );
  });
});
