import { describe, expect, it } from 'vitest';
import { createFormTokens } from './form-token.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('form tokens', () => {
  it('carry the moment they were issued and verify with the same secret', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    const token = tokens.issue();
    expect(token).toMatch(/^v2\.1800000000000\.[\w-]{12}\.[\w-]{43}$/);
    expect(tokens.verify(token)).toEqual({ valid: true, issuedAt: 1_800_000_000_000 });
  });

  it('are each their own, even when issued in the same millisecond', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    expect(new Set(Array.from({ length: 20 }, () => tokens.issue())).size).toBe(20);
  });

  it('cannot be back-dated, signed with another secret, or damaged', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    const [version, , nonce, signature] = tokens.issue().split('.');
    expect(tokens.verify(`${version}.1700000000000.${nonce}.${signature}`)).toEqual({
      valid: false,
    });
    expect(
      tokens.verify(createFormTokens('another-secret-of-thirty-two-characters').issue()),
    ).toEqual({ valid: false });
    for (const broken of [
      '',
      'v2',
      'v2...',
      'v2.1.x.y',
      'v2.abc.def.ghi',
      `v2.1800000000000.AAAAAAAAAAAA.${'A'.repeat(43)}`,
      `v1.1800000000000.${'A'.repeat(43)}`,
    ]) {
      expect(tokens.verify(broken)).toEqual({ valid: false });
    }
  });

  it('refuses a token from the future', () => {
    const later = createFormTokens(SECRET, () => 1_800_000_600_000).issue();
    expect(createFormTokens(SECRET, () => 1_800_000_000_000).verify(later)).toEqual({
      valid: false,
    });
  });
});
