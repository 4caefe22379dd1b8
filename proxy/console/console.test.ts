/**
 * The firm's console, its gate: there only with an admin token, signing in with it (the cookie,
 * HTTPS, a reverse proxy), refusing and slowing a wrong one, and refusing a POST without its
 * CSRF token or from another site. A lead's page and erasing one are `console-lead-page.test.ts`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import { consoleSignIn, cookieOf, csrfIn } from '../test/fixtures/console-sign-in.ts';
import { deadLead } from '../test/fixtures/outbox.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();
const HOST = 'http://localhost';
const { signIn, session } = consoleSignIn(TOKEN);

const retry = (h: ProxyHarness, headers: Record<string, string>, fields: Record<string, string>) =>
  h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001/retry`, {
    method: 'POST',
    headers: { origin: HOST, 'sec-fetch-site': 'same-origin', ...headers },
    body: new URLSearchParams(fields),
  });

describe('the firm’s console', () => {
  it('is not there at all without an admin token', async () => {
    const h = setUp();
    expect((await h.app.request(`${HOST}/admin/`)).status).toBe(404);
    expect((await h.app.request(`${HOST}/admin/sign-in`)).status).toBe(404);
  });

  it('signs in with the token typed into its form, giving a strict cookie of 12 hours at most', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    expect((await h.app.request(`${HOST}/admin/`)).headers.get('location')).toBe('/admin/sign-in');
    const response = await signIn(h);
    expect(response.status).toBe(303);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('console_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie ?? '')?.[1])).toBeLessThanOrEqual(12 * 3600);
    const page = await h.app.request(`${HOST}/admin/`, {
      headers: { cookie: cookie?.split(';')[0] ?? '' },
    });
    expect(await page.text()).toContain('<h1>Overview</h1>');
    expect(page.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect((await h.store.listAudit({ limit: 5 })).map((e) => e.action)).toEqual(['sign-in']);
  });

  it('marks the cookie Secure when the request came over HTTPS, through a trusted proxy too', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const viaProxy = {
      'x-test-ip': '10.0.0.1',
      'x-forwarded-proto': 'https',
      origin: 'https://localhost',
    };
    const secure = (r: Response) =>
      r.headers.getSetCookie().find((c) => c.startsWith('console_session='));
    expect(secure(await signIn(h, TOKEN, viaProxy))).toMatch(/Secure/);
    const untrusted = { 'x-forwarded-proto': 'https' };
    expect(secure(await signIn(h, TOKEN, untrusted))).not.toMatch(/Secure/);
  });

  it('takes a sign-in through a reverse proxy on a port of its own when PUBLIC_URL names it', async () => {
    const publicUrl = 'https://forms.example.com:8443';
    // nginx passes `Host $host` (no port) and the browser's Origin has the public port.
    const viaNginx = { host: 'forms.example.com', origin: publicUrl, 'x-test-ip': '10.0.0.1' };
    const unnamed = setUp({ deps: { adminToken: TOKEN } });
    expect((await signIn(unnamed, TOKEN, viaNginx)).status).toBe(403);
    const h = setUp({ deps: { adminToken: TOKEN, publicUrl } });
    const response = await signIn(h, TOKEN, viaNginx);
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie().find((c) => c.startsWith('console_session='))).toMatch(
      /Secure/,
    );
    // Another origin is still another site, whatever its Host says.
    const elsewhere = { ...viaNginx, origin: 'https://forms.example.com' };
    expect((await signIn(h, TOKEN, elsewhere)).status).toBe(403);
  });

  it('refuses a wrong token, and says so in the audit log', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const response = await signIn(h, 'not-the-token-at-all');
    expect(response.status).toBe(401);
    expect(cookieOf(response, 'console_session')).toBeUndefined();
    expect(await response.text()).toContain('That is not the admin token.');
    expect((await h.store.listAudit({ limit: 5 }))[0]).toMatchObject({
      action: 'sign-in refused',
      client: '203.0.113.1',
    });
  });

  it('gives nothing on its sign-in form that lets a guess at the token be checked offline', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const form = await h.app.request(`${HOST}/admin/sign-in`);
    const nonce = cookieOf(form, 'console_sign_in')?.split('=')[1] ?? '';
    const csrf = csrfIn(await form.text());
    // What a guesser holding the form would compute for a guess, had the key come from the
    // token alone: with the right token it would match, and confirm the guess.
    const key = createHmac('sha256', TOKEN).update('enquiry-form console session').digest();
    const fromToken = createHmac('sha256', key).update(`csrf.sign-in.${nonce}`).digest('base64url');
    expect(csrf).not.toBe('');
    expect(csrf).not.toBe(fromToken);
  });

  it('slows down a client guessing the token', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    for (let n = 0; n < 5; n += 1) expect((await signIn(h, 'guess-0000000000')).status).toBe(401);
    const sixth = await signIn(h, TOKEN);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).not.toBeNull();
  });

  it('refuses a POST without its CSRF token, and does nothing', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie, csrf } = await session(h);
    expect((await retry(h, { cookie }, {})).status).toBe(403);
    expect((await retry(h, { cookie }, { csrf: `${csrf}x` })).status).toBe(403);
    expect((await h.store.get('EQ-DEAD-0001'))?.state).toBe('dead');
    expect((await retry(h, { cookie }, { csrf })).status).toBe(303);
    expect((await h.store.get('EQ-DEAD-0001'))?.state).toBe('delivered');
  });

  it('refuses a POST sent from another site, even with a valid session and token', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie, csrf } = await session(h);
    const crossSite = { cookie, 'sec-fetch-site': 'cross-site' };
    expect((await retry(h, crossSite, { csrf })).status).toBe(403);
    const otherOrigin = { cookie, 'sec-fetch-site': '', origin: 'https://evil.example' };
    expect((await retry(h, otherOrigin, { csrf })).status).toBe(403);
    expect((await h.store.get('EQ-DEAD-0001'))?.state).toBe('dead');
  });

  it('sends an expired session, a signed-out one and one of an old token back to sign in', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const overview = (cookie: string) => h.app.request(`${HOST}/admin/`, { headers: { cookie } });
    const expiring = await session(h);
    h.clock.now += 12 * 3600_000 + 1;
    expect((await overview(expiring.cookie)).headers.get('location')).toBe('/admin/sign-in');

    const { cookie, csrf } = await session(h);
    expect((await overview(cookie)).status).toBe(200);
    await h.app.request(`${HOST}/admin/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: HOST },
      body: new URLSearchParams({ csrf }),
    });
    expect((await overview(cookie)).status).toBe(303);

    const fresh = await session(h);
    const renewed = setUp({ deps: { adminToken: randomBytes(32).toString('base64url') } });
    const otherApp = (c: string) =>
      renewed.app.request(`${HOST}/admin/`, { headers: { cookie: c } });
    expect((await otherApp(fresh.cookie)).status).toBe(303);
  });
});
