import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FORM_TOKEN_MAX_AGE_MS, tokenForRedraw } from './bot-check.ts';
import { createFormTokens } from './form-token.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('form tokens', () => {
  it('carry the moment they were issued and verify with the same secret', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    const token = tokens.issue();
    expect(token).toMatch(/^v3\.1800000000000\.[\w-]{12}\.0\.[\w-]{43}$/);
    expect(tokens.verify(token)).toEqual({ valid: true, issuedAt: 1_800_000_000_000 });
  });

  it('carry the version of the form they were issued for, which cannot be changed', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    const token = tokens.issue(7);
    expect(tokens.verify(token)).toEqual({
      valid: true,
      issuedAt: 1_800_000_000_000,
      formVersion: 7,
    });
    const [version, time, nonce, , signature] = token.split('.');
    expect(tokens.verify(`${version}.${time}.${nonce}.3.${signature}`)).toEqual({ valid: false });
  });

  it('still verify when issued before the form had versions, naming none', () => {
    const sign = (payload: string) =>
      createHmac('sha256', SECRET).update(payload).digest('base64url');
    const payload = 'v2.1799999000000.AAAAAAAAAAAA';
    expect(
      createFormTokens(SECRET, () => 1_800_000_000_000).verify(`${payload}.${sign(payload)}`),
    ).toEqual({
      valid: true,
      issuedAt: 1_799_999_000_000,
    });
  });

  it('are each their own, even when issued in the same millisecond', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    expect(new Set(Array.from({ length: 20 }, () => tokens.issue())).size).toBe(20);
  });

  it('cannot be back-dated, signed with another secret, or damaged', () => {
    const tokens = createFormTokens(SECRET, () => 1_800_000_000_000);
    const [version, , nonce, form, signature] = tokens.issue().split('.');
    expect(tokens.verify(`${version}.1700000000000.${nonce}.${form}.${signature}`)).toEqual({
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
      `v3.1800000000000.AAAAAAAAAAAA.1.${'A'.repeat(43)}`,
      `v3.1800000000000.AAAAAAAAAAAA.${'A'.repeat(43)}`,
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

  it('for a form drawn again, keep the first drawing’s moment with a nonce of their own; a token not ours or out of date gives a fresh one', () => {
    const clock = { now: 1_800_000_000_000 };
    const tokens = createFormTokens(SECRET, () => clock.now);
    const first = tokens.issue();
    clock.now += 90_000;
    const again = tokenForRedraw({ tokens, now: () => clock.now }, first, 0);
    expect(again).not.toBe(first);
    expect(tokens.verify(again)).toEqual({ valid: true, issuedAt: 1_800_000_000_000 });
    for (const sent of [
      undefined,
      'v2.1.x.y',
      createFormTokens('another-secret-of-thirty-two-characters').issue(),
    ])
      expect(tokens.verify(tokenForRedraw({ tokens, now: () => clock.now }, sent, 0))).toEqual({
        valid: true,
        issuedAt: clock.now,
      });
    clock.now = 1_800_000_000_000 + FORM_TOKEN_MAX_AGE_MS + 1;
    expect(tokens.verify(tokenForRedraw({ tokens, now: () => clock.now }, first, 0))).toEqual({
      valid: true,
      issuedAt: clock.now,
    });
  });
});
