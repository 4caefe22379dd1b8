/**
 * The console where passkeys work (#60): WebAuthn refuses an IP address as its site, and with
 * `PUBLIC_URL` set the console is that origin's alone. Its sign-in and invitation pages opened
 * elsewhere say where to go; invitation links name the address where passkeys work; a form
 * posted from the proxy's own port past `PUBLIC_URL` is refused naming the address to use.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invite } from '../operator/invitations.ts';
import { signedInAs } from '../test/fixtures/console-people.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const TOKEN = randomBytes(32).toString('base64url');

/** The page at `url`'s notice on where to open the console, as text, if it has one. */
async function notice(
  app: { request: (url: string) => Response | Promise<Response> },
  url: string,
) {
  const page = await (await app.request(url)).text();
  const [, advice] =
    /<div class="notice" id="address" role="status">([^]*?)<\/div>/.exec(page) ?? [];
  return advice
    ?.replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the console at an address where passkeys cannot work', () => {
  it('at a loopback IP address, says to open it at localhost, on the same port', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    expect(await notice(h.app, 'http://127.0.0.1:8080/admin/sign-in')).toBe(
      'Passkeys do not work at an IP address such as 127.0.0.1: browsers need a host name. Open the console at its host name instead: http://localhost:8080/admin/',
    );
    expect(await notice(h.app, 'http://[::1]:8080/admin/sign-in')).toContain(
      'http://localhost:8080/admin/',
    );
    expect(await notice(h.app, 'http://localhost:8080/admin/sign-in')).toBeUndefined();
  });

  it('at another IP address, says to use a host name that leads there', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    expect(await notice(h.app, 'http://192.0.2.7:8080/admin/sign-in')).toBe(
      'Passkeys do not work at an IP address such as 192.0.2.7: browsers need a host name. Open the console at a host name that leads here (in production, the host of PUBLIC_URL).',
    );
  });

  it('past PUBLIC_URL, names it on the sign-in page and on an invitation’s, with the same link', async () => {
    const publicUrl = 'https://forms.firm.example';
    const h = setUp({ deps: { adminToken: TOKEN, publicUrl } });
    expect(await notice(h.app, 'http://10.0.0.5:8080/admin/sign-in')).toBe(
      'This console works at https://forms.firm.example (PUBLIC_URL), not at 10.0.0.5:8080: passkeys and sign-in are refused here. Open it there: https://forms.firm.example/admin/',
    );
    const path = await invite(h.store, 'pat@firm.example', 'staff', h.clock.now);
    expect(await notice(h.app, `http://10.0.0.5:8080${path}`)).toContain(
      `https://forms.firm.example${path}`,
    );
    expect(await notice(h.app, `${publicUrl}/admin/sign-in`)).toBeUndefined();
  });

  it('refuses a form posted at the proxy’s own port past PUBLIC_URL, naming the address to use', async () => {
    const h = setUp({ deps: { adminToken: TOKEN, publicUrl: 'https://forms.firm.example' } });
    const answer = await h.app.request('http://10.0.0.5:8080/admin/sign-in', {
      method: 'POST',
      headers: {
        origin: 'http://10.0.0.5:8080',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: TOKEN }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain(
      'This form was sent from another site, so it was not acted on. This console works at https://forms.firm.example/admin/ (PUBLIC_URL): open it there and sign in again.',
    );
  });
});

describe('an invitation link made in the console', () => {
  it('names localhost when the console was opened at 127.0.0.1', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const operator = await signedInAs(h, TOKEN, { email: 'op@firm.example', role: 'operator' });
    const made = await h.app.request('http://127.0.0.1:8080/admin/people/invite', {
      method: 'POST',
      headers: {
        cookie: operator.cookie,
        origin: 'http://127.0.0.1:8080',
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ csrf: operator.csrf, email: 'pat@firm.example', role: 'staff' }),
    });
    expect(await made.text()).toMatch(
      /<code class="link">http:\/\/localhost:8080\/admin\/invitation\/[\w-]{43}<\/code>/,
    );
  });
});
