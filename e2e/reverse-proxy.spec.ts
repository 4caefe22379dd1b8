/**
 * The console behind the documented reverse proxy: nginx terminating TLS on loopback with a
 * self-signed certificate, configured by the shipped snippet (`deploy/nginx.conf`), and the
 * proxy started as `docs/production.md` says (`HOST=127.0.0.1 TRUSTED_PROXIES=127.0.0.1
 * PUBLIC_URL=https://…`). Chromium signs in over HTTPS, the certificate's warning ignored.
 */
import { expect, test } from '@playwright/test';
import { startEnquiryApi, type RunningEnquiryApi } from '../demo/enquiry-api/server.ts';
import { loadProxyEnv } from '../proxy/env.ts';
import { createMemoryLogger } from '../proxy/test/fixtures/memory-logger.ts';
import { startProxy, type RunningProxy } from '../proxy/server.ts';
import { freePort } from '../proxy/test/fixtures/local-servers.ts';
import { lacking } from '../proxy/test/fixtures/system-tools.ts';
import { proxyEnvFor, TEST_ADMIN_TOKEN } from '../proxy/test/fixtures/proxy-env.ts';
import { startNginxTls, type NginxTls } from './support/nginx-tls.ts';

const CREDENTIALS = { username: 'reverse-proxy', password: 'reverse proxy password' };

/** Why this machine cannot run the spec (nginx, or openssl for the certificate), or undefined. */
const noTools = lacking('the console behind nginx terminating TLS', 'nginx', 'openssl');

test.describe('the console behind nginx terminating TLS', () => {
  test.skip(noTools !== undefined, noTools);
  let api: RunningEnquiryApi | undefined;
  let proxy: RunningProxy | undefined;
  let nginx: NginxTls | undefined;

  test.beforeAll(async () => {
    api = await startEnquiryApi({ credentials: CREDENTIALS });
    const port = await freePort();
    const env = proxyEnvFor(api, CREDENTIALS, {
      HOST: '127.0.0.1',
      TRUSTED_PROXIES: '127.0.0.1',
      PUBLIC_URL: `https://127.0.0.1:${String(port)}`,
    });
    proxy = await startProxy(loadProxyEnv(env), createMemoryLogger('info').log);
    nginx = await startNginxTls(port, Number(new URL(proxy.url).port));
  });

  test.afterAll(async () => {
    await nginx?.close();
    await proxy?.close();
    await api?.close();
  });

  test('signs in with Chromium over HTTPS, and keeps the session in a Secure cookie', async ({
    browser,
  }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(`${nginx?.origin ?? ''}/admin/`);
    await expect(page.getByRole('heading', { name: 'Enquiry console' })).toBeVisible();
    await page.getByLabel('Admin token').fill(TEST_ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(nginx?.origin);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'console_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    await context.close();
  });
});
