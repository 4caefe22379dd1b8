/**
 * Every place `ADMIN_TOKEN` is checked (the console's sign-in, `/admin/status`, `/admin/funnel`,
 * `/metrics`) shares one limit of five tries a minute per address and one audit log: a guesser
 * is as slow on `/metrics` as at the sign-in form, and the firm sees every wrong token.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const TOKEN = randomBytes(32).toString('base64url');
const HOST = 'http://localhost';
const GUESSER = '203.0.113.66';

const bearer = (h: ProxyHarness, path: string, token: string, ip = GUESSER) =>
  h.app.request(`${HOST}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-test-ip': ip },
  });

/** The console's sign-in form, filled in with `token` as a browser would. */
async function signIn(h: ProxyHarness, token: string, ip = GUESSER) {
  const form = await h.app.request(`${HOST}/admin/sign-in`, { headers: { 'x-test-ip': ip } });
  const nonce = form.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  return h.app.request(`${HOST}/admin/sign-in`, {
    method: 'POST',
    headers: { cookie: nonce, origin: HOST, 'sec-fetch-site': 'same-origin', 'x-test-ip': ip },
    body: new URLSearchParams({ csrf, token }),
  });
}

describe('the admin token, wherever it is checked', () => {
  it('allows five tries a minute from one address in all, the sign-in form and the bearer routes together', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    for (const path of ['/admin/status', '/admin/funnel', '/metrics'])
      expect((await bearer(h, path, `guess-${path}`)).status).toBe(401);
    expect((await signIn(h, 'guess-at-the-form')).status).toBe(401);
    expect((await bearer(h, '/metrics', 'one-more-guess')).status).toBe(401);
    // The sixth try is not even looked at: the right token waits like any guess.
    for (const path of ['/admin/status', '/admin/funnel', '/metrics']) {
      const limited = await bearer(h, path, TOKEN);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await signIn(h, TOKEN)).status).toBe(429);
    // Another address is not held up; the guesser's tries come back with time.
    expect((await bearer(h, '/admin/status', TOKEN, '198.51.100.2')).status).toBe(200);
    h.clock.now += 60_000;
    expect((await bearer(h, '/admin/status', TOKEN)).status).toBe(200);
  });

  it('writes every wrong token to the audit log, with where it was tried and from which address', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await bearer(h, '/metrics', 'guess-1');
    await bearer(h, '/admin/funnel', 'guess-2');
    await signIn(h, 'guess-3');
    const entries = await h.store.listAudit({ limit: 10 });
    expect(entries.map(({ action, client, detail }) => ({ action, client, detail }))).toEqual([
      { action: 'sign-in refused', client: GUESSER, detail: '' },
      { action: 'token refused', client: GUESSER, detail: 'GET /admin/funnel' },
      { action: 'token refused', client: GUESSER, detail: 'GET /metrics' },
    ]);
    expect(JSON.stringify(entries)).not.toContain('guess-');
  });

  it('never limits the right token: a monitor asking every second is always answered', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    for (let n = 0; n < 30; n += 1) {
      expect((await bearer(h, '/admin/status', TOKEN)).status).toBe(200);
      h.clock.now += 1000;
    }
    expect(await h.store.listAudit({ limit: 1 })).toEqual([]);
  });

  it('spends no try on a request that carries no token at all', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    for (let n = 0; n < 10; n += 1)
      expect(
        (await h.app.request(`${HOST}/admin/status`, { headers: { 'x-test-ip': GUESSER } })).status,
      ).toBe(401);
    expect((await bearer(h, '/admin/status', TOKEN)).status).toBe(200);
  });
});
