/**
 * The widget as a package, proven in real apps (issue #35): a React 19 app and a Vue 3 app,
 * each built with Vite from the packed tarball, render `<enquiry-form>` with attributes and
 * hear `enquiry-submitted`; a visitor fills each form in Chromium and the stand-in receives the
 * enquiry with the app's attribution. A server-rendered page imports the package without
 * throwing. (`npm test` builds the widget and its manifest before the browser suites.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { packWidget } from '../bundle/widget-package.ts';
import { fetchInbox, type InboxEnquiry } from '../demo/enquiry-api/inbox.ts';
import { exampleConfigPath } from '../demo/forms/index.ts';
import { startDemo, type RunningDemo } from '../demo/stack.ts';
import { createLogger } from '../proxy/logger.ts';
import {
  buildApp,
  installApp,
  renderOnServer,
  serveApps,
  typecheckApp,
} from './support/packaged-apps.ts';

test.describe.configure({ mode: 'serial' });

let demo: RunningDemo;
let apps: Awaited<ReturnType<typeof serveApps>>;
let ssrDir = '';

test.beforeAll(async () => {
  // Packing, three installs, two type-checks and two Vite builds.
  test.setTimeout(240_000);
  const tarball = await packWidget();
  const built: Record<string, string> = {};
  for (const name of ['react-app', 'vue-app']) {
    const dir = await installApp(name, tarball);
    await typecheckApp(dir);
    built[name] = await buildApp(name, dir);
  }
  ssrDir = await installApp('ssr', tarball);
  apps = await serveApps(built);
  demo = await startDemo({
    log: createLogger({ level: 'error' }),
    env: { FORM_CONFIG: exampleConfigPath('law-firm'), ALLOWED_ORIGINS: apps.origin },
    sitePort: 0,
    proxyPort: 0,
    apiPort: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'e2e-packaged-')),
    proxyEnv: { MIN_FILL_SECONDS: '0' },
  });
});

test.afterAll(async () => {
  await demo.close();
  await apps.close();
});

async function inbox(): Promise<InboxEnquiry[]> {
  const api = demo.api;
  if (!api) throw new Error('the stack must use the stand-in');
  return fetchInbox(api.origin);
}

/** Fills the app's conveyancing form as a visitor, sends it, and waits for the app to hear. */
async function sendFrom(page: Page, app: string): Promise<string> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${apps.origin}/${app}/?proxy=${encodeURIComponent(demo.proxyUrl)}`);
  const form = page.locator('enquiry-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  const heard = page.getByRole('status').filter({ hasText: 'The app heard' });
  await expect(heard).toContainText(/EQ-[0-9A-Z]{4}-[0-9A-Z]{4}/, { timeout: 15_000 });
  expect(errors).toEqual([]);
  return ((await heard.textContent()) ?? '').replace('The app heard: ', '');
}

for (const [app, campaign] of [
  ['react-app', 'react-app'],
  ['vue-app', 'vue-app'],
] as const) {
  test(`a ${app} built from the tarball sends an enquiry the platform receives`, async ({
    page,
  }) => {
    const before = (await inbox()).length;
    const reference = await sendFrom(page, app);
    await expect.poll(async () => (await inbox()).length).toBe(before + 1);
    const [enquiry] = (await inbox()).slice(before);
    expect(enquiry).toMatchObject({
      forename: 'Ada',
      surname: 'Lovelace',
      case_type: 'conveyancing',
      marketing_campaign: campaign,
      marketing_lead_referer: 'fixture',
    });
    expect(reference).toMatch(/^EQ-/);
  });
}

test('a server-rendered page imports the package and renders the element with its attributes', async () => {
  const { html, element } = await renderOnServer(ssrDir);
  expect(element).toBe('function');
  expect(html).toContain(
    '<enquiry-form endpoint="https://forms.example.com" case-type="conveyancing" campaign="ssr-page"></enquiry-form>',
  );
});
