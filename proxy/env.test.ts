import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadProxyEnv } from './env.ts';

const valid = {
  ENQUIRY_API_URL: 'https://crm.example.com/wp-json/acme/v1/',
  ENQUIRY_API_USERNAME: 'integration',
  ENQUIRY_API_PASSWORD: 'abcd efgh ijkl mnop qrst uvwx',
  ALLOWED_ORIGINS: 'https://www.example.com, https://example.com',
  FORM_CONFIG: './form.json',
};

const problemsWith = (env: Record<string, string | undefined>): string[] => {
  try {
    loadProxyEnv(env);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
};

describe('loadProxyEnv', () => {
  it('reads a complete environment and fills in the defaults', () => {
    const env = loadProxyEnv(valid);
    expect(env.ENQUIRY_API_URL).toBe('https://crm.example.com/wp-json/acme/v1');
    expect(env.ALLOWED_ORIGINS).toEqual(['https://www.example.com', 'https://example.com']);
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      DELIVERY_DEADLINE_MS: 8000,
      MIN_FILL_SECONDS: 3,
    });
  });

  it('retries a lead for two weeks by default, and takes a window from a day to 31 days only', () => {
    expect(loadProxyEnv(valid).RETRY_GIVE_UP_AFTER_MS).toBe(14 * 86_400_000);
    expect(
      loadProxyEnv({ ...valid, RETRY_GIVE_UP_AFTER_MS: '86400000' }).RETRY_GIVE_UP_AFTER_MS,
    ).toBe(86_400_000);
    for (const wrong of ['3600000', '2764800000', 'a fortnight'])
      expect(problemsWith({ ...valid, RETRY_GIVE_UP_AFTER_MS: wrong })).toEqual([
        wrong === 'a fortnight'
          ? 'RETRY_GIVE_UP_AFTER_MS: must be a number of milliseconds'
          : 'RETRY_GIVE_UP_AFTER_MS: must be from a day (86400000) to 31 days (2678400000)',
      ]);
  });

  it('takes a PostgreSQL outbox only with a form-token secret every instance shares', () => {
    const database = { ...valid, DATABASE_URL: 'postgres://enquiry:secret@db:5432/enquiry' };
    expect(problemsWith(database)).toEqual([
      'FORM_TOKEN_SECRET: required when DATABASE_URL is set: every proxy sharing the database must sign form tokens with the same key (make one with `openssl rand -base64 32` and give each proxy the same)',
    ]);
    const secret = 'x'.repeat(32);
    expect(loadProxyEnv({ ...database, FORM_TOKEN_SECRET: secret }).DATABASE_URL).toBe(
      'postgres://enquiry:secret@db:5432/enquiry',
    );
    expect(
      problemsWith({ ...database, DATABASE_URL: 'mysql://db/enquiry', FORM_TOKEN_SECRET: secret }),
    ).toEqual(['DATABASE_URL: must be a postgres:// URL']);
  });

  it('refuses a guessable ADMIN_TOKEN at start, long as it may be, and says the rule', () => {
    for (const weak of [
      'test-admin-token-0123456789',
      'correct horse battery staple',
      'x'.repeat(64),
    ]) {
      const [problem, ...more] = problemsWith({ ...valid, ADMIN_TOKEN: weak });
      expect(more).toEqual([]);
      expect(problem).toMatch(/^ADMIN_TOKEN: too easy to guess: about \d+ bits/);
      expect(problem).toContain("at least 128 bits by the proxy's estimate");
      expect(problem).toContain('openssl rand -base64 32');
    }
    const random = randomBytes(32).toString('base64url');
    expect(loadProxyEnv({ ...valid, ADMIN_TOKEN: random }).ADMIN_TOKEN).toBe(random);
  });

  it('names each missing variable on its own line', () => {
    expect(problemsWith({ ...valid, ENQUIRY_API_PASSWORD: undefined, FORM_CONFIG: '' })).toEqual([
      'ENQUIRY_API_PASSWORD: is required',
      'FORM_CONFIG: is required',
    ]);
  });

  it('refuses plain http except on loopback, and credentials in the URL', () => {
    expect(
      problemsWith({ ...valid, ENQUIRY_API_URL: 'http://crm.example.com/wp-json/acme/v1' }),
    ).toEqual([
      'ENQUIRY_API_URL: must use https: (the Basic credentials travel with every request); plain http: only for localhost',
    ]);
    expect(
      problemsWith({ ...valid, ENQUIRY_API_URL: 'http://127.0.0.1:8090/wp-json/acme/v1' }),
    ).toEqual([]);
    expect(problemsWith({ ...valid, ENQUIRY_API_URL: 'http://localhost:8090/x' })).toEqual([]);
    expect(problemsWith({ ...valid, ENQUIRY_API_URL: 'https://u:p@crm.example.com/v1' })).toEqual([
      'ENQUIRY_API_URL: must not contain credentials; use ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD',
    ]);
    expect(problemsWith({ ...valid, ENQUIRY_API_URL: 'crm.example.com' })[0]).toMatch(
      /^ENQUIRY_API_URL: must be a URL/,
    );
  });

  it('takes a plain-permalinks address, ?rest_route= and nothing else in its query', () => {
    const plain = loadProxyEnv({
      ...valid,
      ENQUIRY_API_URL: 'https://crm.example.com/?rest_route=/acme/v1/',
    });
    expect(plain.ENQUIRY_API_URL).toBe('https://crm.example.com/?rest_route=/acme/v1');
    const encoded = loadProxyEnv({
      ...valid,
      ENQUIRY_API_URL: 'https://crm.example.com/index.php?rest_route=%2Facme%2Fv1',
    });
    expect(encoded.ENQUIRY_API_URL).toBe('https://crm.example.com/index.php?rest_route=/acme/v1');
    for (const wrong of [
      'https://crm.example.com/wp-json/acme/v1?debug=1',
      'https://crm.example.com/?rest_route=/acme/v1&x=1',
      'https://crm.example.com/?rest_route=acme',
      'https://crm.example.com/wp-json/acme/v1#top',
    ]) {
      expect(problemsWith({ ...valid, ENQUIRY_API_URL: wrong })[0]).toMatch(/^ENQUIRY_API_URL: /);
    }
  });

  it('takes the public address behind a reverse proxy as an origin, and nothing more', () => {
    expect(loadProxyEnv({ ...valid, PUBLIC_URL: 'https://forms.example.com/' }).PUBLIC_URL).toBe(
      'https://forms.example.com',
    );
    expect(loadProxyEnv(valid).PUBLIC_URL).toBeUndefined();
    for (const wrong of [
      'https://forms.example.com/admin/',
      'forms.example.com',
      'ftp://forms.example.com',
      'https://user:pass@forms.example.com',
    ])
      expect(problemsWith({ ...valid, PUBLIC_URL: wrong })).toEqual([
        `PUBLIC_URL: "${wrong}" is not an origin like https://www.example.com`,
      ]);
  });

  it('refuses an allowed origin that has a path or is not http(s)', () => {
    expect(problemsWith({ ...valid, ALLOWED_ORIGINS: 'https://www.example.com/contact' })).toEqual([
      'ALLOWED_ORIGINS: "https://www.example.com/contact" is not an origin like https://www.example.com',
    ]);
    expect(problemsWith({ ...valid, ALLOWED_ORIGINS: ' , ' })).toEqual([
      'ALLOWED_ORIGINS: must name at least one origin',
    ]);
  });

  it('reads secrets from *_FILE paths, and refuses both forms at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-'));
    writeFileSync(join(dir, 'password'), 's3cret with spaces\n');
    const env = loadProxyEnv({
      ...valid,
      ENQUIRY_API_PASSWORD: undefined,
      ENQUIRY_API_PASSWORD_FILE: join(dir, 'password'),
    });
    expect(env.ENQUIRY_API_PASSWORD).toBe('s3cret with spaces');
    expect(problemsWith({ ...valid, ENQUIRY_API_PASSWORD_FILE: join(dir, 'password') })).toEqual([
      'ENQUIRY_API_PASSWORD_FILE: set either ENQUIRY_API_PASSWORD or ENQUIRY_API_PASSWORD_FILE, not both',
    ]);
    expect(
      problemsWith({
        ...valid,
        ENQUIRY_API_PASSWORD: undefined,
        ENQUIRY_API_PASSWORD_FILE: join(dir, 'nope'),
      }),
    ).toEqual([`ENQUIRY_API_PASSWORD_FILE: cannot read the file "${join(dir, 'nope')}"`]);
  });

  it('takes notifications only whole: a mail server with its recipients or a confirmation sender, a webhook with its secret', () => {
    const problems = (extra: Record<string, string>) => {
      try {
        loadProxyEnv({ ...valid, ...extra });
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    expect(problems({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual([
      'NOTIFY_EMAIL: required when SMTP_URL is set (who gets the emails), unless it only sends confirmations (CONFIRMATION_FROM)',
    ]);
    expect(
      problems({ SMTP_URL: 'smtp://127.0.0.1:2525', CONFIRMATION_FROM: 'Firm <hi@firm.example>' }),
    ).toEqual([]);
    expect(problems({ CONFIRMATION_FROM: 'Firm <hi@firm.example>' })).toEqual([
      'SMTP_URL: required when CONFIRMATION_FROM is set (how confirmations are sent)',
    ]);
    expect(problems({ SMTP_URL: 'smtp://h', CONFIRMATION_FROM: 'nobody' })[0]).toMatch(
      /^CONFIRMATION_FROM: must be an address/,
    );
    expect(problems({ NOTIFY_WEBHOOK_URL: 'https://hooks.example.com/x' })).toEqual([
      'NOTIFY_WEBHOOK_SECRET: required when NOTIFY_WEBHOOK_URL is set (to sign it)',
    ]);
    expect(
      problems({ SMTP_URL: 'https://mail.example.com', NOTIFY_EMAIL: 'a@example.com' })[0],
    ).toMatch(/^SMTP_URL: must be a URL like smtps:/);
    expect(
      problems({ SMTP_URL: 'smtp://h', NOTIFY_EMAIL: 'leads@example.com, not-an-address' })[0],
    ).toMatch(/^NOTIFY_EMAIL: /);
    const env = loadProxyEnv({
      ...valid,
      SMTP_URL: 'smtps://u:p@smtp.example.com',
      NOTIFY_EMAIL: 'a@example.com, b@example.com',
    });
    expect(env.NOTIFY_EMAIL).toEqual(['a@example.com', 'b@example.com']);
    expect(env.ALERT_QUEUED_AFTER_MS).toBe(3_600_000);
  });

  it('checks numbers and requires the Turnstile site key with its secret', () => {
    expect(problemsWith({ ...valid, PORT: 'eighty' })[0]).toMatch(/^PORT: /);
    expect(problemsWith({ ...valid, TURNSTILE_SECRET_KEY: 'x' })).toEqual([
      'TURNSTILE_SITE_KEY: required when TURNSTILE_SECRET_KEY is set',
    ]);
  });
});
