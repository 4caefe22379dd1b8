import { describe, expect, it } from 'vitest';
import { fingerprint } from './transport.ts';

describe('fingerprint', () => {
  it('is stable for the same text and differs for a change of one character', () => {
    expect(fingerprint('{"forename":"Ada"}')).toBe(fingerprint('{"forename":"Ada"}'));
    expect(fingerprint('{"forename":"Ada"}')).not.toBe(fingerprint('{"forename":"Adb"}'));
    expect(fingerprint('')).toMatch(/^[0-9a-f]{8}$/);
  });
});
