import { describe, expect, it } from 'vitest';
import { loadProxyEnv } from '../proxy/env.ts';
import { consoleAccess } from './console-access.ts';

describe("npm start's way into the console", () => {
  it('makes a token of 32 random bytes when no admin token is set, a new one each time', () => {
    const first = consoleAccess({ PORT: '8080' });
    const second = consoleAccess({});
    expect(Buffer.from(first.madeToken ?? '', 'base64url')).toHaveLength(32);
    expect(first.env).toEqual({ PORT: '8080', ADMIN_TOKEN: first.madeToken });
    expect(second.madeToken).not.toBe(first.madeToken);
    // The proxy takes it as its admin token.
    expect(
      loadProxyEnv({
        ...first.env,
        ENQUIRY_API_URL: 'http://127.0.0.1:1/api',
        ENQUIRY_API_USERNAME: 'u',
        ENQUIRY_API_PASSWORD: 'p',
        ALLOWED_ORIGINS: 'https://www.example.com',
        FORM_CONFIG: 'demo/forms/law-firm.json',
      }).ADMIN_TOKEN,
    ).toBe(first.madeToken);
  });

  it('keeps the operator’s own, from the variable or its file, or counts an empty one as unset', () => {
    expect(consoleAccess({ ADMIN_TOKEN: 'chosen-token-0123456789' })).toEqual({
      env: { ADMIN_TOKEN: 'chosen-token-0123456789' },
    });
    expect(consoleAccess({ ADMIN_TOKEN_FILE: '/run/secrets/admin' }).madeToken).toBeUndefined();
    expect(consoleAccess({ ADMIN_TOKEN: '' }).madeToken).toMatch(/^[\w-]{43}$/);
  });
});
