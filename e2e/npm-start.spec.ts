/**
 * `npm start` as a new user meets it, in a process of its own on free ports (`SITE_PORT`, `PORT`,
 * `ENQUIRY_API_PORT`, as the README says to pass them): its banner leads to the console, and
 * signing in with the words it prints reaches the overview; the README's embed code on a page of
 * one's own shows the fallback until the page's origin is in `ALLOWED_ORIGINS`, and the proxy's
 * log says so, naming both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { manualBlock } from '../demo/readme/manual.ts';
import { freePort, stopGroup } from '../proxy/test/fixtures/local-servers.ts';
import { TEST_ADMIN_TOKEN } from '../proxy/test/fixtures/proxy-env.ts';

test.describe.configure({ timeout: 90_000 });

interface Started {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output: () => string;
  proxyUrl: string;
}

const started: ChildProcess[] = [];
const pages: Server[] = [];
test.afterEach(async () => {
  await Promise.all(started.splice(0).map((child) => stopGroup(child)));
  for (const server of pages.splice(0)) server.close();
});

/** `npm start` (its script: `tsx demo/start.ts`) with `env`, once its banner is out. */
async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const proxyPort = await freePort();
  const { ADMIN_TOKEN: _token, ADMIN_TOKEN_FILE: _file, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/start.ts'], {
    env: {
      ...inherited,
      SITE_PORT: String(await freePort()),
      PORT: String(proxyPort),
      ENQUIRY_API_PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'npm-start-')),
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await expect.poll(() => text, { timeout: 60_000 }).toContain('Ctrl-C stops everything.');
  return { child, output: () => text, proxyUrl: `http://127.0.0.1:${String(proxyPort)}` };
}

test('with no admin settings, the banner names the console and a way in that reaches the overview', async ({
  page,
}) => {
  const { output, proxyUrl } = await npmStart();
  const banner = output();
  const [, consoleUrl] = /^ {2}Console +(\S+)/m.exec(banner) ?? [];
  expect(consoleUrl).toBe(`${proxyUrl}/admin/`);
  const [, token] = /choose your own\):\n\s+(\S+)\n/.exec(banner) ?? [];
  // 32 random bytes in base64url, printed once.
  expect(token).toMatch(/^[\w-]{43}$/);
  expect(banner.split(token ?? '').length - 1).toBe(1);

  await page.goto(consoleUrl ?? '');
  await page.getByLabel('Admin token').fill(token ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('with ADMIN_TOKEN set, the banner names the console and prints no token', async () => {
  // An operator's own token, strong enough for the proxy to start with (`proxy/token-strength.ts`).
  const { output, proxyUrl } = await npmStart({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
  expect(output()).toContain(
    `Console             ${proxyUrl}/admin/   (sign in with your ADMIN_TOKEN)`,
  );
  expect(output()).not.toContain(TEST_ADMIN_TOKEN);
});

/** A page of one's own on a free port, holding the README's embed code pointed at `proxyUrl`. */
async function ownPage(): Promise<{ origin: string; show: (proxyUrl: string) => void }> {
  let body = '';
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  pages.push(server);
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    show: (proxyUrl) => {
      const embed = manualBlock('html embed').replaceAll('https://forms.example.com', proxyUrl);
      body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our page</title></head><body>${embed}</body></html>`;
    },
  };
}

test("the README's embed code on a page of one's own works once its origin is in ALLOWED_ORIGINS, and the log says why before", async ({
  page,
}) => {
  // The variables the README passes to npm start are the ones this spec passes.
  const named = [...manualBlock('sh npm-start').matchAll(/(\w+)=/g)].map(([, name]) => name);
  expect(named).toEqual(['ALLOWED_ORIGINS', 'SITE_PORT', 'PORT', 'ENQUIRY_API_PORT']);
  const own = await ownPage();
  const refused = await npmStart();
  own.show(refused.proxyUrl);
  await page.goto(own.origin);
  const form = page.locator('enquiry-form');
  await expect(form.getByRole('alert')).toHaveText('This form is not available on this page.');
  await expect(page.getByText('Cannot see or send the form?')).toBeVisible();
  await expect
    .poll(refused.output)
    .toContain(`refused a page on ${own.origin}: its origin is not in ALLOWED_ORIGINS`);
  await stopGroup(refused.child);

  const allowed = await npmStart({ ALLOWED_ORIGINS: own.origin });
  own.show(allowed.proxyUrl);
  await page.goto(own.origin);
  await expect(form.getByLabel('First name')).toBeVisible();
  expect(allowed.output()).not.toContain('refused a page on');
});
