import { describe, expect, it } from 'vitest';
import { createEnquiryApi, DEFAULT_ROOT } from './app.ts';
import { checkCredentials, credentialsMatch, CredentialsError } from './auth.ts';
import { AUTH, basic, CREDENTIALS, ENQUIRY, serviceClient } from './test-fixtures.ts';

const UNAUTHORIZED = {
  code: 401,
  message: 'User authentication is required to access the REST API.',
  data: { status: 'rest_cannot_access' },
};

describe('credentialsMatch', () => {
  const { username, password, applicationPassword = '' } = CREDENTIALS;

  it('accepts the username with its ordinary password', () => {
    expect(credentialsMatch(CREDENTIALS, username, password)).toBe(true);
  });

  it('accepts the application password with its spaces', () => {
    expect(credentialsMatch(CREDENTIALS, username, applicationPassword)).toBe(true);
  });

  it('accepts the application password without its spaces', () => {
    expect(credentialsMatch(CREDENTIALS, username, 'abcdEFGH1234ijklMNOP5678')).toBe(true);
  });

  it('compares the ordinary password exactly, spaces included', () => {
    expect(credentialsMatch(CREDENTIALS, username, password.replaceAll(' ', ''))).toBe(false);
  });

  it('compares the application password case-sensitively', () => {
    expect(credentialsMatch(CREDENTIALS, username, applicationPassword.toLowerCase())).toBe(false);
  });

  it('refuses a right password with the wrong username', () => {
    expect(credentialsMatch(CREDENTIALS, 'admin', password)).toBe(false);
  });

  it('refuses an application password when none is configured', () => {
    const plain = { username, password };
    expect(credentialsMatch(plain, username, applicationPassword)).toBe(false);
  });
});

describe('checkCredentials', () => {
  it.each([
    ['an empty username', { username: '', password: 'p' }],
    ['a colon in the username', { username: 'a:b', password: 'p' }],
    ['an empty password', { username: 'u', password: '' }],
  ])('refuses %s with a named error', (_case, credentials) => {
    expect(() => {
      checkCredentials(credentials);
    }).toThrow(CredentialsError);
  });
});

describe('authentication on the service routes', () => {
  const app = createEnquiryApi({ credentials: CREDENTIALS });
  const api = serviceClient(app);

  it.each([
    ['no Authorization header', undefined],
    ['a wrong password', basic(CREDENTIALS.username, 'guess')],
    ['an unknown username', basic('admin', CREDENTIALS.password)],
    ['a Bearer token', 'Bearer abc'],
    ['a malformed Basic header', 'Basic !!!'],
  ])('answers the spec 401 body and a Basic challenge for %s', async (_case, header) => {
    const res = await api.create(ENQUIRY, { authorization: header });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Enquiry API"');
    expect(await res.json()).toEqual(UNAUTHORIZED);
  });

  it('accepts the application password sent with or without its spaces', async () => {
    for (const password of ['abcd EFGH 1234 ijkl MNOP 5678', 'abcdEFGH1234ijklMNOP5678']) {
      const res = await api.create(ENQUIRY, {
        authorization: basic(CREDENTIALS.username, password),
      });
      expect(res.status).toBe(201);
    }
  });

  it('checks the login before the body, so a bad body without one is still a 401', async () => {
    const res = await api.create('{not json', { authorization: undefined });
    expect(res.status).toBe(401);
  });

  it('checks the login before the method and the route', async () => {
    const get = await app.request(`${DEFAULT_ROOT}/enquiries/create`);
    const nowhere = await app.request(`${DEFAULT_ROOT}/enquiries/delete`, { method: 'POST' });
    expect([get.status, nowhere.status]).toEqual([401, 401]);
  });

  it('lets a good login through to the checks', async () => {
    const res = await api.create({}, { authorization: AUTH });
    expect(res.status).toBe(400);
  });
});
