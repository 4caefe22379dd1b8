/**
 * Signing in through a real OpenID Connect provider (`oidc-provider` on loopback, its forms walked
 * over HTTP), in both of the ways providers hand out claims (issue 55): as the spec has it and the
 * library does by default, the address, name and groups only at userinfo (Okta's "thin" ID token
 * too); and all in the ID token, as Microsoft's and Google's do. Either way people come in by
 * their address, their domain and their group, and nobody comes in by an address the provider
 * wrote as unverified (`"false"` too) or by a claim that is not one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST, passkeyConsole } from '../test/fixtures/console-people.ts';
import {
  CONSOLE_CLIENT,
  signInAtIssuer,
  startIssuer,
  type ClaimsIn,
  type IssuerAccount,
  type RunningIssuer,
} from '../test/fixtures/oidc-issuer.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';

/** Who the provider knows, by the login typed into its form. */
const ACCOUNTS: Readonly<Record<string, IssuerAccount>> = {
  olive: { email: 'Olive@firm.example', name: 'Olive Operator' },
  sam: { email: 'sam@firm.example', name: 'Sam Staff' },
  max: { email: 'max@agency.example', name: 'Max Marketer', groups: ['Marketing'] },
  // Written as a string, as some providers write booleans.
  unverified: { email: 'olive@firm.example', name: 'Not Olive', emailVerified: 'false' },
  stringly: { email: 'sam@firm.example', name: 'Sam Staff', emailVerified: 'true' },
  twoAts: { email: 'eve@evil.test@firm.example', name: 'Eve' },
  nul: { email: 'eve@evil.test\u0000@firm.example', name: 'Eve' },
  lineBreak: { email: 'eve@evil.test\n@firm.example', name: 'Eve' },
  spaced: { email: 'eve @firm.example', name: 'Eve' },
};

const ROLES = {
  operator: ['olive@firm.example'],
  staff: ['@firm.example'],
  marketer: ['group:Marketing'],
};

const setUp = harnessPerTest();

for (const claimsIn of ['userinfo', 'id-token'] as ClaimsIn[]) {
  describe(`a provider giving the claims ${claimsIn === 'userinfo' ? 'only at userinfo (the spec’s default)' : 'in the ID token'}`, () => {
    let issuer: RunningIssuer;
    beforeAll(async () => {
      issuer = await startIssuer(`${HOST}/admin/oidc/callback`, ACCOUNTS, claimsIn);
    });
    afterAll(() => issuer.close());

    /** A console trusting the issuer. */
    const oidcConsole = () =>
      passkeyConsole(setUp, {
        issuer: issuer.issuer,
        clientId: CONSOLE_CLIENT.id,
        clientSecret: CONSOLE_CLIENT.secret,
        roles: ROLES,
      });

    /** `login` signs in from the console's link; the callback's answer and who is a person. */
    async function signIn(login: string, h = oidcConsole()) {
      const start = await h.app.request(`${HOST}/admin/oidc/start`);
      const flow = start.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('console_oidc='))
        ?.split(';')[0];
      const back = await signInAtIssuer(start.headers.get('location') ?? '', login);
      const answer = await h.app.request(back.href, { headers: { cookie: flow ?? '' } });
      const opened = answer.headers.getSetCookie().some((c) => c.startsWith('console_session='));
      const people = await h.store.listPeople(h.clock.now);
      return { status: answer.status, page: await answer.text(), opened, people };
    }

    it.each([
      ['by address', 'olive', 'olive@firm.example', 'operator'],
      ['by domain', 'sam', 'sam@firm.example', 'staff'],
      ['by group', 'max', 'max@agency.example', 'marketer'],
      ['by domain, verified as the string "true"', 'stringly', 'sam@firm.example', 'staff'],
    ])('lets a person in %s', async (_how, login, email, role) => {
      const { status, opened, people } = await signIn(login);
      expect([status, opened]).toEqual([200, true]);
      expect(people.map((p) => [p.email, p.role])).toEqual([[email, role]]);
    });

    it('keeps a role lowered in the console at the person’s next sign-in', async () => {
      const h = oidcConsole();
      await signIn('olive', h);
      await h.store.setRole('olive@firm.example', 'marketer');
      const again = await signIn('olive', h);
      expect([again.status, again.opened]).toEqual([200, true]);
      expect(again.people.map((p) => [p.email, p.role])).toEqual([
        ['olive@firm.example', 'marketer'],
      ]);
    });

    it('names nobody by an address the provider wrote as unverified ("false")', async () => {
      const { status, opened, people, page } = await signIn('unverified');
      expect([status, opened, people]).toEqual([403, false, []]);
      expect(page).toContain('is not one of those this console lets in');
    });

    it.each([
      ['a second @', 'twoAts'],
      ['a NUL before the second @', 'nul'],
      ['a line break before the second @', 'lineBreak'],
      ['a space', 'spaced'],
    ])('names nobody by an address claim with %s, and says so', async (_what, login) => {
      const { status, opened, people, page } = await signIn(login);
      expect([status, opened, people]).toEqual([403, false, []]);
      expect(page).toContain('which is not one email address, so nobody was signed in');
    });
  });
}
