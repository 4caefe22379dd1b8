/**
 * `npm start` as a new user meets it, in a process of its own on free ports (`SITE_PORT`, `PORT`,
 * `ENQUIRY_API_PORT`, as the README says to pass them): its banner leads to the console, and
 * signing in with the words it prints reaches the overview; the README's embed code on a page of
 * one's own shows the fallback until the page's origin is in `ALLOWED_ORIGINS`, and the proxy's
 * log says so, naming both.
 */
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { manualBlock } from '../demo/readme/manual.ts';
import { freePort, stopGroup } from '../proxy/test/fixtures/local-servers.ts';
import { npmStart, stopStarted } from './support/npm-start.ts';
import { TEST_ADMIN_TOKEN } from '../proxy/test/fixtures/proxy-env.ts';

test.describe.configure({ timeout: 90_000 });

const pages: Server[] = [];
test.afterEach(async () => {
  await stopStarted();
  for (const server of pages.splice(0)) server.close();
});

test('with no admin settings, the banner names the console and a way in that reaches the overview', async ({
  page,
}) => {
  const { output, proxyUrl, named } = await npmStart();
  const banner = output();
  const consoleUrl = named('Console');
  // The proxy's own port, by the name passkeys take (localhost, not 127.0.0.1).
  expect(consoleUrl).toBe(`${proxyUrl.replace('127.0.0.1', 'localhost')}/admin/`);
  const [, token] = /choose your own\):\n\s+(\S+)\n/.exec(banner) ?? [];
  // 32 random bytes in base64url, printed once.
  expect(token).toMatch(/^[\w-]{43}$/);
  expect(banner.split(token ?? '').length - 1).toBe(1);

  await page.goto(consoleUrl);
  await page.getByLabel('Admin token').fill(token ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('with ADMIN_TOKEN set, the banner names the console and prints no token', async () => {
  // An operator's own token, strong enough for the proxy to start with (`proxy/token-strength.ts`).
  const { output, proxyUrl } = await npmStart({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
  expect(output()).toContain(
    `Console             ${proxyUrl.replace('127.0.0.1', 'localhost')}/admin/   (sign in with your ADMIN_TOKEN)`,
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
