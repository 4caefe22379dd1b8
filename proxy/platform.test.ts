/**
 * `npm run proxy -- --check`: one line per finding, what to change when a line fails, exit 1
 * when delivery cannot work, and nothing created on the platform.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchInbox } from '../demo/enquiry-api/inbox.ts';
import { startEnquiryApi, type RunningEnquiryApi } from '../demo/enquiry-api/server.ts';
import type { Quirk } from '../demo/enquiry-api/quirks.ts';
import { loadProxyEnv } from './env.ts';
import { runCheckCommand } from './platform.ts';
import { proxyEnvFor } from './test/fixtures/proxy-env.ts';
import { IMPOSTORS, startImpostor } from './test/platform/impostors.ts';

const CREDENTIALS = { username: 'check-user', password: 'abcd efgh ijkl mnop' };
let api: RunningEnquiryApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function check(quirk: Quirk, overrides: Record<string, string> = {}) {
  api = await startEnquiryApi({ credentials: CREDENTIALS, faults: { quirk } });
  const lines: string[] = [];
  const env = loadProxyEnv(proxyEnvFor(api, CREDENTIALS, overrides));
  const code = await runCheckCommand(env, (line) => lines.push(line));
  return { code, lines, text: lines.join('\n'), created: api.store.stats.createRequests };
}

describe('the platform check', () => {
  it('passes a healthy platform line by line, creating nothing', async () => {
    const { code, lines, text } = await check('none');
    expect(code).toBe(0);
    for (const name of ['reachable', 'TLS', 'route found', 'credentials accepted', 'JSON clean'])
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ok\\s+${name}: `)));
    expect(text).toContain('nothing was created');
    expect(text).not.toContain('FAIL');
    expect(await fetchInbox(api?.origin ?? '')).toEqual([]);
  });

  it.each([
    ['incorrect_password', 'credentials accepted', /application password/],
    ['invalid_username', 'credentials accepted', /ENQUIRY_API_USERNAME/],
    ['no-route', 'route found', /plugin is active/],
    ['plain-permalinks', 'route found', /\?rest_route=/],
    ['waf-403', 'credentials accepted', /firewall/],
  ] as const)('%s: fails "%s" with what to change, exit 1', async (quirk, line, fix) => {
    const { code, lines, text } = await check(quirk);
    expect(code).toBe(1);
    const at = lines.findIndex((each) => each.startsWith(`FAIL  ${line}: `));
    expect(at).toBeGreaterThan(-1);
    expect(lines[at + 1]).toMatch(fix);
    expect(text).toContain('Delivery cannot work');
    expect(text).not.toContain(CREDENTIALS.password);
  });

  it('passes with PHP warnings, but says to turn display_errors off', async () => {
    const { code, lines } = await check('php-warnings');
    expect(code).toBe(0);
    const at = lines.findIndex((each) => each.startsWith('FAIL  JSON clean: '));
    expect(lines[at]).toMatch(/Warning, Deprecated/);
    expect(lines[at + 1]).toMatch(/display_errors/);
  });

  it('passes through ?rest_route= on a site with plain permalinks', async () => {
    api = await startEnquiryApi({
      credentials: CREDENTIALS,
      faults: { quirk: 'plain-permalinks' },
    });
    const url = `${api.origin}/?rest_route=/enquiries/v1`;
    const env = loadProxyEnv(proxyEnvFor(api, CREDENTIALS, { ENQUIRY_API_URL: url }));
    expect(await runCheckCommand(env, () => undefined)).toBe(0);
  });

  it('says the address is unreachable when nothing listens there', async () => {
    const { code, lines } = await check('none', {
      ENQUIRY_API_URL: 'http://127.0.0.1:9/wp-json/enquiries/v1',
    });
    expect(code).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}reachable: /));
  });

  it('runs as `npm run proxy -- --check`: no server, the env file’s doubts, exit code 1 on a wrong password', async () => {
    api = await startEnquiryApi({ credentials: CREDENTIALS });
    const dir = mkdtempSync(join(tmpdir(), 'check-env-'));
    writeFileSync(join(dir, 'proxy.env'), 'PORT=8080\nDELIVERY_DEADLINE=3000\n');
    const env = {
      ...proxyEnvFor(api, { ...CREDENTIALS, password: 'wrong wrong wrong' }),
      ENV_FILE: join(dir, 'proxy.env'),
    };
    // Asynchronously: the stand-in answers from this very process.
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'proxy/main.ts', '--check'],
      { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 20_000 },
    ).then(
      ({ stdout }) => ({ status: 0, stdout }),
      (error: unknown) => {
        const { code, stdout } = error as { code: number; stdout: string };
        return { status: code, stdout };
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^Warning: .*line 2: DELIVERY_DEADLINE .*DELIVERY_DEADLINE_MS\?$/m);
    expect(run.stdout).toMatch(/^FAIL {2}credentials accepted: /m);
    expect(run.stdout).not.toContain('proxy listening');
    expect(run.stdout).not.toContain('wrong wrong wrong');
  });

  /** The check's lines against `url`, with the stand-in (elsewhere) for the rest of the env. */
  async function checkAt(url: (origin: string) => string) {
    api = await startEnquiryApi({ credentials: CREDENTIALS });
    const lines: string[] = [];
    const overrides = { ENQUIRY_API_URL: url(api.origin) };
    const env = loadProxyEnv(proxyEnvFor(api, CREDENTIALS, overrides));
    const code = await runCheckCommand(env, (line) => lines.push(line));
    return { code, lines, text: lines.join('\n') };
  }

  /** Exit 1, one failing line whose fix names ENQUIRY_API_URL, and no "can work". */
  function expectNotTheApi({ code, lines, text }: Awaited<ReturnType<typeof checkAt>>) {
    expect(code).toBe(1);
    const at = lines.findIndex((each) => each.startsWith('FAIL  '));
    expect(lines[at + 1]).toMatch(/ENQUIRY_API_URL/);
    expect(text).toContain('Delivery cannot work');
    expect(text).not.toContain('Delivery can work');
  }

  it('fails the stand-in under a mistyped namespace, naming ENQUIRY_API_URL', async () => {
    const found = await checkAt((origin) => `${origin}/wp-json/enquiry/v1`);
    expectNotTheApi(found);
    expect(found.text).toMatch(/^FAIL {2}route found: .*404/m);
  });

  it.each(IMPOSTORS.map((impostor) => [impostor.name, impostor] as const))(
    'fails %s, naming ENQUIRY_API_URL',
    async (_name, impostor) => {
      const running = await startImpostor(impostor);
      try {
        expectNotTheApi(await checkAt(() => running.url));
      } finally {
        await running.close();
      }
    },
  );

  it('does not say delivery can work while the platform answers 503', async () => {
    api = await startEnquiryApi({
      credentials: CREDENTIALS,
      faults: { failRate: 1, failStatus: 503 },
    });
    const lines: string[] = [];
    const env = loadProxyEnv(proxyEnvFor(api, CREDENTIALS));
    expect(await runCheckCommand(env, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toMatch(/^FAIL {2}spec answer: .*503/m);
    expect(lines.join('\n')).toMatch(/again in a few minutes/);
  });
});
