import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { basic, ENQUIRY } from './test-fixtures.ts';

const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const PASSWORD = 'never-print-me-7731';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run enquiry-api`'s entry with only `env` (plus PATH) set. */
function run(env: Record<string, string>) {
  const child = spawn(TSX, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env } });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const output = () => ({ stdout, stderr });
  const printed = async (pattern: RegExp) => {
    while (!pattern.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`exited early: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return pattern.exec(stdout) as RegExpExecArray;
  };
  return { child, exited, output, printed };
}

describe('npm run enquiry-api', () => {
  it('stops with exit code 1 and one line naming a missing password', async () => {
    const { exited, output } = run({ ENQUIRY_API_USERNAME: 'u' });
    expect(await exited).toBe(1);
    expect(output().stderr).toBe(
      'enquiry-api: ENQUIRY_API_PASSWORD is required: set it to the password the proxy will send.\n',
    );
    expect(output().stdout).toBe('');
  });

  it('stops with one line naming a bad FAULT_ variable', async () => {
    const { exited, output } = run({
      ENQUIRY_API_USERNAME: 'u',
      ENQUIRY_API_PASSWORD: 'p',
      FAULT_FAIL_RATE: 'often',
    });
    expect(await exited).toBe(1);
    expect(output().stderr).toBe('enquiry-api: FAULT_FAIL_RATE: expected a number, got "often"\n');
  });

  it('serves, prints where, never prints the password, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'enquiry-api-main-'));
    dirs.push(dataDir);
    const { child, exited, output, printed } = run({
      ENQUIRY_API_USERNAME: 'integration',
      ENQUIRY_API_PASSWORD: PASSWORD,
      PORT: '0',
      DATA_DIR: dataDir,
    });
    const [, url] = await printed(/service root: (http:\/\/\S+)/);
    await printed(/inbox: +http:\/\/\S+\/inbox\n/);
    const res = await fetch(`${url}/enquiries/create`, {
      method: 'POST',
      headers: {
        authorization: basic('integration', PASSWORD),
        'content-type': 'application/json',
      },
      body: JSON.stringify(ENQUIRY),
    });
    expect(res.status).toBe(201);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'enquiry-api.sqlite'))).toBe(true);
    expect(`${output().stdout}${output().stderr}`).not.toContain(PASSWORD);
  });
});
