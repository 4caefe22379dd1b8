/**
 * The identity provider's callback, with `openid-client` answering as a provider would (the
 * flow through a real provider is `e2e/people.spec.ts`): what the console does with the claims
 * of a checked ID token.
 */
import * as OpenIdClient from 'openid-client';
import { describe, expect, it, vi } from 'vitest';
import { HOST, passkeyConsole } from '../test/fixtures/console-people.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';
import { DISCOVERY_RETRY_MS } from './oidc-routes.ts';

const claims = vi.hoisted((): { current: Record<string, unknown> } => ({ current: {} }));

vi.mock('openid-client', async (original) => ({
  ...(await original<typeof OpenIdClient>()),
  discovery: vi.fn(async () => ({})),
  buildAuthorizationUrl: vi.fn(() => new URL('https://id.firm.example/authorize')),
  authorizationCodeGrant: vi.fn(async () => ({ claims: () => claims.current })),
}));

const setUp = harnessPerTest();

/** A console signing people in through the provider. */
const oidcConsole = () =>
  passkeyConsole(setUp, {
    issuer: 'https://id.firm.example',
    clientId: 'console',
    clientSecret: 'secret',
    roles: { staff: ['group:Leads'], operator: ['olive@firm.example'] },
  });

/** The provider's answer for `given`: the callback's response. */
async function callback(h: ReturnType<typeof oidcConsole>, given: Record<string, unknown>) {
  claims.current = given;
  const start = await h.app.request(`${HOST}/admin/oidc/start`);
  const flow = start.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('console_oidc='))
    ?.split(';')[0];
  return h.app.request(`${HOST}/admin/oidc/callback?code=c&state=s`, {
    headers: { cookie: flow ?? '' },
  });
}

describe('signing in through the identity provider', () => {
  it('lets in a verified address by its group', async () => {
    const h = oidcConsole();
    const answer = await callback(h, {
      email: 'sam@firm.example',
      email_verified: true,
      groups: ['Leads'],
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().join()).toContain('console_session=');
  });

  it('never opens a session in the name of an address the provider has not verified', async () => {
    const h = oidcConsole();
    // Olive, an operator, has a passkey of her own.
    await h.store.signInFromProvider(
      { email: 'olive@firm.example', name: 'Olive', role: 'operator' },
      { idSha256: 'x', via: 'oidc', at: h.clock.now, expiresAt: h.clock.now + 1000 },
    );
    const answer = await callback(h, {
      email: 'olive@firm.example',
      email_verified: false,
      groups: ['Leads'],
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie().join()).not.toContain('console_session=');
    const olive = (await h.store.listPeople(h.clock.now)).find(
      (p) => p.email === 'olive@firm.example',
    );
    expect(olive?.role).toBe('operator');
  });
});

describe('an identity provider that cannot be reached', () => {
  it('says so at the start, naming it, and asks it again only after a while', async () => {
    const discovery = vi.mocked(OpenIdClient.discovery);
    discovery.mockClear();
    discovery.mockRejectedValueOnce(new Error('getaddrinfo ENOTFOUND id.firm.example'));
    const h = oidcConsole();
    const start = () => h.app.request(`${HOST}/admin/oidc/start`);
    const first = await start();
    expect(first.status).toBe(503);
    const page = await first.text();
    expect(page).toContain('https://id.firm.example/');
    expect(page).toContain('getaddrinfo ENOTFOUND id.firm.example');
    expect(page).toContain('OIDC_ISSUER');
    // Anyone may open the start: a flood of it is no flood of requests to the provider.
    for (let i = 0; i < 20; i++) expect((await start()).status).toBe(503);
    h.clock.now += DISCOVERY_RETRY_MS - 1;
    expect((await start()).status).toBe(503);
    expect(discovery).toHaveBeenCalledTimes(1);
    h.clock.now += 1;
    expect((await start()).status).toBe(302);
    expect(discovery).toHaveBeenCalledTimes(2);
  });
});
