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
    expect(withEnvFile({ PORT: '1' }, dir)).toEqual({ env: { PORT: '1' }, warnings: [] });
    expect(() => withEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(EnvError);
    expect(() => withEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(/ENV_FILE: cannot read/);
  });

  it('warns of each name of the file the proxy does not read, by line, with the name it is close to', () => {
    const text =
      'PORT=8080\n# a comment\nDELIVERY_DEADLINE=3000\nALOWED_ORIGINS=https://a.example\nMY_OWN_NOTE=x\n';
    const { env, warnings } = withEnvFile({ SOME_SHELL_VARIABLE: 'x' }, dirWith('.env', text));
    expect(env.PORT).toBe('8080');
    expect(warnings).toEqual([
      expect.stringMatching(/line 3: DELIVERY_DEADLINE .*did you mean DELIVERY_DEADLINE_MS\?/),
      expect.stringMatching(/line 4: ALOWED_ORIGINS .*did you mean ALLOWED_ORIGINS\?/),
      expect.stringMatching(/line 5: MY_OWN_NOTE is not a variable the proxy reads/),
    ]);
    expect(warnings[2]).not.toMatch(/did you mean/);
  });

  it('stops at a line without "=", naming the line but not repeating what it holds', () => {
    const text =
      'PORT=8080\nENQUIRY_API_PASSWORD abcd efgh ijkl\nALLOWED_ORIGINS=https://a.example\n';
    const dir = dirWith('.env', text);
    expect(() => withEnvFile({}, dir)).toThrow(EnvError);
    expect(() => withEnvFile({}, dir)).toThrow(/\.env line 2: .*NAME=value/);
    expect(() => withEnvFile({}, dir)).not.toThrow(/abcd/);
  });

  it('stops at a name given twice, naming both lines', () => {
    const dir = dirWith('.env', 'PORT=8080\nLOG_LEVEL=info\nexport PORT=9090\n');
    expect(() => withEnvFile({}, dir)).toThrow(
      /\.env line 3: PORT is given again \(first on line 1\)/,
    );
  });

  it('takes a quoted value over several lines as one value, not as lines of names', () => {
    const text = 'FORM_TOKEN_SECRET="first line\nsecond = line\nthird"\nPORT=8080\n';
    const { env, warnings } = withEnvFile({}, dirWith('.env', text));
    expect(env.FORM_TOKEN_SECRET).toBe('first line\nsecond = line\nthird');
    expect(env.PORT).toBe('8080');
    expect(warnings).toEqual([]);
  });
});
