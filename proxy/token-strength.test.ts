import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_MIN_BITS, tokenStrength, weakAdminToken } from './token-strength.ts';

describe('the strength of an admin token', () => {
  it('passes every random 32-byte token, in base64url, base64 or hex', () => {
    for (let n = 0; n < 2000; n += 1) {
      const token = randomBytes(32).toString('base64url');
      expect(weakAdminToken(token), token).toBeUndefined();
    }
    for (let n = 0; n < 200; n += 1) {
      expect(weakAdminToken(randomBytes(32).toString('base64'))).toBeUndefined();
      expect(weakAdminToken(randomBytes(32).toString('hex'))).toBeUndefined();
    }
  });

  it.each([
    ['test-admin-token-0123456789', 'a common word'],
    ['e2e-console-token-0123456789', 'a sequence'],
    ['correct horse battery staple', 'letters that read as a word'],
    ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'a repeated character'],
    ['abcdefghijklmnopqrstuvwxyz0123456789', 'a sequence'],
    ['qwertyuiopasdfghjklzxcvbnm1234567890', 'a keyboard row'],
    ['P4ssw0rd!P4ssw0rd!P4ssw0rd!P4ssw0rd!', 'a common word'],
    ['x7Kq9vLm2x7Kq9vLm2x7Kq9vLm2x7Kq9vLm2', 'a repeated chunk'],
    ['Summer2027Summer2027Summer2027!!', 'a common word'],
  ])('refuses %j, long as it is, naming %s', (token, pattern) => {
    const problem = weakAdminToken(token);
    expect(problem).toMatch(/^too easy to guess: about \d+ bits/);
    expect(problem).toContain(pattern);
    expect(tokenStrength(token).bits).toBeLessThan(ADMIN_TOKEN_MIN_BITS);
  });

  it('never repeats the token’s own text in what it says', () => {
    const token = 'swordfish-admin-0123456789-qwerty';
    const problem = weakAdminToken(token) ?? '';
    for (const part of ['swordfish', 'admin', '0123456789', 'qwerty'])
      expect(problem).not.toContain(part);
  });

  it('says the rule, and how to make a token that keeps it', () => {
    expect(weakAdminToken('admin-token-0123456789abcdef')).toContain(
      "at least 128 bits by the proxy's estimate",
    );
    expect(weakAdminToken('admin-token-0123456789abcdef')).toContain('openssl rand -base64 32');
  });
});
