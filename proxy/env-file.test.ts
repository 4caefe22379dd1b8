import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError } from './env.ts';
import { withEnvFile } from './env-file.ts';

const dirWith = (name: string, text: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'env-file-'));
  writeFileSync(join(dir, name), text);
  return dir;
};

const FILE = `# the platform
ENQUIRY_API_URL=https://crm.example.com/wp-json/acme/v1
ENQUIRY_API_USERNAME="web form"
ENQUIRY_API_PASSWORD=abcd efgh ijkl mnop qrst uvwx
FORM_TOKEN_SECRET='a secret with # and "quotes" in it, long enough'
export ALLOWED_ORIGINS=https://www.example.com # the landing pages
PORT=8080
`;

describe('withEnvFile', () => {
  it('reads .env in the working directory: spaces, #, quotes and export all work', () => {
    const { env, file } = withEnvFile({}, dirWith('.env', FILE));
    expect(file).toMatch(/\.env$/);
    expect(env).toMatchObject({
      ENQUIRY_API_USERNAME: 'web form',
      ENQUIRY_API_PASSWORD: 'abcd efgh ijkl mnop qrst uvwx',
      FORM_TOKEN_SECRET: 'a secret with # and "quotes" in it, long enough',
      ALLOWED_ORIGINS: 'https://www.example.com',
    });
  });

  it('lets the real environment win, but not an empty variable', () => {
    const { env } = withEnvFile({ PORT: '9090', ENQUIRY_API_USERNAME: '' }, dirWith('.env', FILE));
    expect(env.PORT).toBe('9090');
    expect(env.ENQUIRY_API_USERNAME).toBe('web form');
  });

  it('reads the file ENV_FILE names instead, relative to the working directory', () => {
    const dir = dirWith('production.env', 'PORT=7070\n');
    writeFileSync(join(dir, '.env'), 'PORT=1111\n');
    expect(withEnvFile({ ENV_FILE: 'production.env' }, dir).env.PORT).toBe('7070');
  });

  it('is quiet without a .env, and names ENV_FILE when the file it names is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-file-'));
    expect(withEnvFile({ PORT: '1' }, dir)).toEqual({ env: { PORT: '1' } });
    expect(() => withEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(EnvError);
    expect(() => withEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(/ENV_FILE: cannot read/);
  });
});
