import { describe, expect, it } from 'vitest';
import { createFormTokens } from './form-token.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('form tokens', () => {
  it('carry the moment they were issued and verify with the same secret', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    const token = tokens.issue();
    expect(token).toMatch(/^v1\.1800000000000\.[\w-]{43}$/);
    expect(tokens.verify(token)).toEqual({ valid: true, issuedAt: 1_800_000_000_000 });
  });

  it('cannot be back-dated, signed with another secret, or damaged', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    const [version, , signature] = tokens.issue().split('.');
    expect(tokens.verify(`${version}.1700000000000.${signature}`)).toEqual({ valid: false });
    expect(
      tokens.verify(createFormTokens('another-secret-of-thirty-two-characters').issue()),
    ).toEqual({ valid: false });
    for (const broken of [
      '',
      'v1',
      'v1..',
      'v2.1.x',
      'v1.abc.def',
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
