import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOST, passkeyConsole as withPasskeysOnly } from '../test/fixtures/console-people.ts';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import { invitationHash, invite } from '../operator/invitations.ts';
import { softwarePasskey } from '../test/fixtures/software-passkey.ts';

const setUp = harnessPerTest();
const TOKEN = randomBytes(32).toString('base64url');

const passkeyConsole = () => withPasskeysOnly(setUp);

/** The sign-in page's cookie and CSRF token, as its script reads them. */
async function signInPage(h: Pick<ProxyHarness, 'app'>) {
  const page = await h.app.request(`${HOST}/admin/sign-in`);
  const cookie = page.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const csrf = /data-csrf="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  return { cookie, csrf };
}

const postJson = (h: Pick<ProxyHarness, 'app'>, path: string, cookie: string, body: unknown) =>
  h.app.request(`${HOST}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(body),
  });

describe('passkeys in the console', () => {
  it('refuses a body larger than any form of the console before reading it whole', async () => {
    const h = passkeyConsole();
    await invite(h.store, 'ann@firm.example', 'staff', h.clock.now);
    const { cookie, csrf } = await signInPage(h);
    // Unsigned-in, anyone may post here: a body of gigabytes would be held whole in memory.
    const huge = await postJson(h, '/admin/passkeys/sign-in/options', cookie, {
      csrf,
      padding: 'x'.repeat(1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  it('asks for a passkey only with the sign-in page’s CSRF token, naming no credential', async () => {
    const h = passkeyConsole();
    await invite(h.store, 'ann@firm.example', 'staff', h.clock.now);
    const { cookie, csrf } = await signInPage(h);
    const refused = await postJson(h, '/admin/passkeys/sign-in/options', cookie, { csrf: 'x' });
    expect(refused.status).toBe(403);
    const options = await postJson(h, '/admin/passkeys/sign-in/options', cookie, { csrf });
    expect(options.status).toBe(200);
    const body = (await options.json()) as {
      rpId: string;
      challenge: string;
      allowCredentials?: unknown[];
    };
    expect(body.rpId).toBe('localhost');
    expect(body.challenge).toMatch(/^[\w-]{32,}$/);
    expect(body.allowCredentials ?? []).toEqual([]);
  });

  it('refuses a passkey it never registered, records it, and slows down whoever keeps trying', async () => {
    const h = passkeyConsole();
    await invite(h.store, 'ann@firm.example', 'staff', h.clock.now);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const { cookie, csrf } = await signInPage(h);
      const options = await postJson(h, '/admin/passkeys/sign-in/options', cookie, { csrf });
      const challenge = options.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const answer = await postJson(h, '/admin/passkeys/sign-in', `${cookie}; ${challenge}`, {
        csrf,
        response: {
          id: 'never-registered',
          rawId: 'never-registered',
          type: 'public-key',
          response: {},
        },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await h.store.listAudit({ limit: 1 }))[0]).toMatchObject({
      action: 'sign-in refused',
      detail: 'passkey',
    });
  });

  it('opens one session for one sign-in: the same request sent again twice opens none', async () => {
    const h = passkeyConsole();
    const key = softwarePasskey();
    const path = await invite(h.store, 'ann@firm.example', 'operator', h.clock.now);
    const first = { idSha256: 'registered', via: 'passkey' as const, at: h.clock.now };
    await h.store.acceptInvitation(invitationHash(path.split('/').pop() ?? ''), key.kept, {
      ...first,
      expiresAt: h.clock.now + 3_600_000,
    });
    const { cookie, csrf } = await signInPage(h);
    const options = await postJson(h, '/admin/passkeys/sign-in/options', cookie, { csrf });
    const challenge = options.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const { challenge: asked } = (await options.json()) as { challenge: string };
    // What someone who captured the request holds: its cookies and its body.
    const body = { csrf, response: key.answer(asked, new URL(HOST).origin) };
    const statuses: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const answer = await postJson(h, '/admin/passkeys/sign-in', `${cookie}; ${challenge}`, body);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 401, 401]);
    // The session its invitation opened, and the sign-in's: no more.
    expect(await h.store.listPeople(h.clock.now)).toMatchObject([{ sessions: 2 }]);
  });

  it('refuses to register a passkey for an invitation that was never made, or without its challenge', async () => {
    const h = passkeyConsole();
    await invite(h.store, 'ann@firm.example', 'staff', h.clock.now);
    expect((await h.app.request(`${HOST}/admin/invitation/made-up`)).status).toBe(404);
    const { cookie, csrf } = await signInPage(h);
    const options = await postJson(h, '/admin/passkeys/register/options', cookie, {
      csrf,
      invitation: 'made-up',
    });
    expect(options.status).toBe(403);
    const register = await postJson(h, '/admin/passkeys/register', cookie, {
      csrf,
      invitation: 'made-up',
      response: {},
    });
    expect(register.status).toBe(403);
    expect(await h.store.listPeople(h.clock.now)).toMatchObject([{ passkeys: 0 }]);
  });

  it('keeps the token sign-in off when there is no admin token', async () => {
    const h = passkeyConsole();
    await invite(h.store, 'ann@firm.example', 'staff', h.clock.now);
    const { cookie, csrf } = await signInPage(h);
    const answer = await h.app.request(`${HOST}/admin/sign-in`, {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ csrf, token: TOKEN }),
    });
    expect(answer.status).toBe(404);
  });
});
