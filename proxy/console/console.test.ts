import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import type { NewFile } from '../outbox/submission.ts';
import { sampleSubmission, stored, leaseOf } from '../test/fixtures/outbox.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();
const HOST = 'http://localhost';

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];
const csrfIn = (page: string) => /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';

/** Signs in as a browser would: the form, then the token typed into it. */
async function signIn(h: ProxyHarness, token = TOKEN, headers: Record<string, string> = {}) {
  const form = await h.app.request(`${HOST}/admin/sign-in`, { headers });
  const nonce = cookieOf(form, 'console_sign_in') ?? '';
  return h.app.request(`${HOST}/admin/sign-in`, {
    method: 'POST',
    headers: { cookie: nonce, origin: HOST, 'sec-fetch-site': 'same-origin', ...headers },
    body: new URLSearchParams({ csrf: csrfIn(await form.text()), token }),
  });
}

/** A signed-in session's cookie and the CSRF token its pages carry. */
async function session(h: ProxyHarness) {
  const cookie = cookieOf(await signIn(h), 'console_session') ?? '';
  const page = await h.app.request(`${HOST}/admin/`, { headers: { cookie } });
  return { cookie, csrf: csrfIn(await page.text()) };
}

async function deadLead(h: ProxyHarness) {
  const { id } = await stored(h.store, sampleSubmission({ reference: 'EQ-DEAD-0001' }));
  await h.store.deadLetter(await leaseOf(h.store, id), 'the platform refused it', h.clock.now);
}

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

describe('the console’s notices', () => {
  it('shows no notice for a word it does not know, such as constructor, __proto__ or toString', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie } = await session(h);
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      for (const path of ['/admin/leads', '/admin/leads/EQ-DEAD-0001']) {
        const page = await (
          await h.app.request(`${HOST}${path}?done=${word}`, { headers: { cookie } })
        ).text();
        expect(page, `${path}?done=${word}`).not.toContain('role="status"');
        expect(page).not.toContain('native code');
      }
  });
});

describe('the console’s page of one lead', () => {
  it('shows when each delivery step was answered, to the second, beside its outcome', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const { id } = await stored(h.store, sampleSubmission({ reference: 'EQ-PART-0001' }));
    const lease = await leaseOf(h.store, id);
    const second = (n: number) => Date.UTC(2027, 2, 27, 12, 0, n);
    await h.store.recordCreated(lease, 1002, second(1));
    await h.store.recordUploaded(lease, 0, 601, second(2));
    await h.store.recordUploadFailed(lease, 1, 'the platform refused it (415)', second(3));
    await h.store.finish(lease, { kind: 'delivered', at: second(4) });
    const { cookie } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-PART-0001`, { headers: { cookie } })
    ).text();
    // Each cell's text as a browser shows it: without its tags, the no-break space as one.
    const cells = [...page.matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
      cell[1]
        ?.replace(/<[^>]+>/g, '')
        .replace(/&nbsp;/g, '\u00a0')
        .trim(),
    );
    const row = (step: string) => cells.slice(cells.indexOf(step), cells.indexOf(step) + 4);
    expect(row('create the enquiry')).toEqual([
      'create the enquiry',
      'done',
      '2027-03-27 12:00:01\u00a0UTC',
      'enquiry 1002',
    ]);
    const uploads = cells.filter((cell) => cell?.startsWith('upload '));
    expect(uploads).toHaveLength(2);
    expect(row(uploads[0] ?? '').slice(1)).toEqual([
      'done',
      '2027-03-27 12:00:02\u00a0UTC',
      'attachment 601',
    ]);
    expect(row(uploads[1] ?? '').slice(1, 3)).toEqual(['refused', '2027-03-27 12:00:03\u00a0UTC']);
  });

  it('names each file as the visitor did, with the conversion made and the name it is sent under', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const [plan, photo] = sampleSubmission().files as [NewFile, NewFile];
    const files: NewFile[] = [
      // A phone's photo converted as it arrived, and a JPEG of the same name: two photo.jpg.
      {
        ...photo,
        name: 'photo.jpg',
        postname: 'photo.jpg',
        mime: 'image/jpeg',
        originalName: 'photo.heic',
      },
      { ...photo, name: 'photo.jpg', postname: 'photo.jpg', mime: 'image/jpeg' },
      { ...plan, name: 'letter.pdf', postname: 'letter.pdf', originalName: 'letter.docx' },
      // Kept as it came, converted as it is sent (the page without JavaScript's way before #55).
      { ...photo, name: 'scan.webp', postname: 'scan.webp', mime: 'image/webp' },
    ];
    await stored(h.store, sampleSubmission({ reference: 'EQ-CONV-0001', files }));
    const { cookie } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-CONV-0001`, { headers: { cookie } })
    ).text();
    const rows = [...page.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...(row[1] ?? '').matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)]
        .map((cell) => cell[1]?.replace(/<[^>]+>/g, '').trim())
        .slice(0, 4),
    );
    const named = (name: string) => rows.filter((row) => row[0] === name);
    expect(named('photo.heic')).toEqual([
      ['photo.heic', 'image/jpeg', expect.any(String), 'HEIC to JPEG, sent as photo.jpg'],
    ]);
    expect(named('photo.jpg').map((row) => row[3])).toEqual(['None']);
    expect(named('letter.docx').map((row) => row[3])).toEqual(['Word to PDF, sent as letter.pdf']);
    expect(named('scan.webp').map((row) => row[3])).toEqual(['WebP to JPEG, as it is sent']);
  });

  it('shows what each webhook endpoint was sent about the lead, and how it went', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    await h.store.queueWebhooks([
      {
        messageId: 'msg_1',
        endpoint: 'https://hooks.example/crm',
        event: 'enquiry.failed',
        reference: 'EQ-DEAD-0001',
        body: '{}',
        at: h.clock.now,
      },
    ]);
    const { cookie } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001`, { headers: { cookie } })
    ).text();
    const webhooks = page.slice(page.indexOf('<h2>Webhooks</h2>'));
    expect(webhooks).toContain('https://hooks.example/crm');
    expect(webhooks).toContain('enquiry.failed');
    expect(webhooks).toContain('pending');
  });
});

describe('erasing a lead from the console', () => {
  const erase = (h: ProxyHarness, cookie: string, fields: Record<string, string>) =>
    h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001/erase`, {
      method: 'POST',
      headers: { cookie, origin: HOST, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields),
    });

  it('keeps a lead not yet delivered until the box is ticked, then erases it and logs only a hash', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie, csrf } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001`, { headers: { cookie } })
    ).text();
    expect(page).toContain('Erase this lead');
    const unticked = await erase(h, cookie, { csrf, confirm: 'yes' });
    expect(unticked.headers.get('location')).toContain('done=needs_force');
    expect(await h.store.get('EQ-DEAD-0001')).not.toBeNull();
    const ticked = await erase(h, cookie, { csrf, confirm: 'yes', force: 'yes' });
    expect(ticked.status).toBe(303);
    expect(ticked.headers.get('location')).toBe('/admin/leads?done=erased');
    expect(await h.store.get('EQ-DEAD-0001')).toBeNull();
    const listed = await (
      await h.app.request(`${HOST}/admin/leads?done=erased`, { headers: { cookie } })
    ).text();
    expect(listed).toContain('The lead is erased');
    const [entry] = await h.store.listAudit({ limit: 1 });
    expect(entry?.action).toBe('erase');
    expect(JSON.stringify(entry)).not.toContain(sampleSubmission().upstream.email);
  });

  it('erases nothing without the confirmation ticked, and says why', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie, csrf } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001`, { headers: { cookie } })
    ).text();
    expect(page).toMatch(/name="confirm" value="yes" required/);
    const unconfirmed = await erase(h, cookie, { csrf, force: 'yes' });
    expect(unconfirmed.headers.get('location')).toBe(
      '/admin/leads/EQ-DEAD-0001?done=needs_confirm',
    );
    expect(await h.store.get('EQ-DEAD-0001')).not.toBeNull();
    const told = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001?done=needs_confirm`, {
        headers: { cookie },
      })
    ).text();
    expect(told).toContain('Not erased: tick “Yes, erase” beside the button');
    expect((await h.store.listAudit({ limit: 5 })).map((entry) => entry.action)).not.toContain(
      'erase',
    );
  });

  it('refuses an erasure without its CSRF token', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie } = await session(h);
    expect((await erase(h, cookie, { confirm: 'yes', force: 'yes' })).status).toBe(403);
    expect(await h.store.get('EQ-DEAD-0001')).not.toBeNull();
  });
});
