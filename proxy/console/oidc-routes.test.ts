/**
 * The identity provider's callback, with `openid-client` answering as a provider would (the
 * flow through a real provider is `e2e/people.spec.ts`): what the console does with the claims
 * of a checked ID token.
 */
import type * as OpenIdClient from 'openid-client';
import { describe, expect, it, vi } from 'vitest';
import { HOST, passkeyConsole } from '../test/fixtures/console-people.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';

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
