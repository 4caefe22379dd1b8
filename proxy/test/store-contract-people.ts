/**
 * The people part of the outbox store contract (see `store-contract.ts`): invitations spent
 * once, passkeys found by their credential, a sign-in's challenge spent once, sessions that end with their person, their expiry
 * or a sign-out of everyone, and a role read afresh at every request.
 */
import { describe, expect, it } from 'vitest';
import type { NewSession } from '../outbox/machine/sessions.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';

const HOUR = 3_600_000;
const session = (id: string, at = 1_000, via: NewSession['via'] = 'passkey'): NewSession => ({
  idSha256: id,
  via,
  at,
  expiresAt: at + 12 * HOUR,
});
const passkey = (credentialId: string) => ({
  credentialId,
  publicKey: 'pQECAyYgASFYIA',
  counter: 0,
  transports: ['internal', 'hybrid'],
});

/** A passkey sign-in's challenge, for five minutes. */
const answered = (challenge: string) => ({ challenge, expiresAt: 1_000 + 300_000 });

async function invited(store: OutboxStore, email = 'ann@firm.example', token = 'token-hash') {
  await store.invitePerson({
    email,
    role: 'staff',
    tokenSha256: token,
    at: 0,
    expiresAt: 7 * 24 * HOUR,
  });
}

/** Runs the people contract against one implementation. */
export function describePeopleStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, the firm's people`, () => {
    const fresh = freshStores(factory);

    it('spends an invitation once, on one passkey, opening its person’s session', async () => {
      const store = await fresh();
      expect(await store.anyPeople()).toBe(false);
      await invited(store);
      expect(await store.anyPeople()).toBe(true);
      expect(await store.findInvitation('token-hash', 1_000)).toMatchObject({
        email: 'ann@firm.example',
        role: 'staff',
      });
      expect(await store.acceptInvitation('token-hash', passkey('cred-1'), session('s1'))).toBe(
        true,
      );
      expect(await store.acceptInvitation('token-hash', passkey('cred-2'), session('s2'))).toBe(
        false,
      );
      expect(await store.findPasskey('cred-1')).toMatchObject({
        publicKey: 'pQECAyYgASFYIA',
        transports: ['internal', 'hybrid'],
      });
      expect(await store.findPasskey('cred-2')).toBeUndefined();
      expect(await store.findSession('s1', 2_000)).toMatchObject({
        email: 'ann@firm.example',
        role: 'staff',
        via: 'passkey',
      });
      expect(await store.findSession('s2', 2_000)).toBeUndefined();
    });

    it('spends a passkey sign-in’s challenge at its first use: an answer sent again opens nothing', async () => {
      const store = await fresh();
      await invited(store);
      await store.acceptInvitation('token-hash', passkey('cred-1'), session('s1'));
      expect(await store.signInWithPasskey('cred-1', 0, session('s2'), answered('c'))).toBe(true);
      expect(await store.signInWithPasskey('cred-1', 0, session('s3'), answered('c'))).toBe(false);
      expect(await store.findSession('s3', 2_000)).toBeUndefined();
      expect((await store.listPeople(2_000))[0]?.sessions).toBe(2);
    });

    it('refuses an invitation that ran out, and a new one replaces the last', async () => {
      const store = await fresh();
      await invited(store, 'ann@firm.example', 'first');
      await invited(store, 'ann@firm.example', 'second');
      expect(await store.findInvitation('first', 1_000)).toBeUndefined();
      expect(await store.findInvitation('second', 8 * 24 * HOUR)).toBeUndefined();
      expect(
        await store.acceptInvitation('second', passkey('c'), session('s', 8 * 24 * HOUR)),
      ).toBe(false);
    });

    it('ends a person’s every session, passkeys and invitation when they are removed', async () => {
      const store = await fresh();
      await invited(store);
      await store.acceptInvitation('token-hash', passkey('cred-1'), session('s1'));
      expect(await store.signInWithPasskey('cred-1', 7, session('s2'), answered('c2'))).toBe(true);
      expect((await store.findPasskey('cred-1'))?.counter).toBe(7);
      expect(await store.removePerson('ann@firm.example')).toBe(true);
      expect(await store.findSession('s1', 2_000)).toBeUndefined();
      expect(await store.findSession('s2', 2_000)).toBeUndefined();
      expect(await store.signInWithPasskey('cred-1', 8, session('s3'), answered('c3'))).toBe(false);
      expect(await store.removePerson('ann@firm.example')).toBe(false);
      expect(await store.listPeople(2_000)).toEqual([]);
    });

    it('keeps a role lowered in the console at the provider’s next sign-in; OIDC_ROLES lowers one too', async () => {
      const store = await fresh();
      const olive = { email: 'olive@firm.example', name: 'Olive', role: 'operator' as const };
      expect(await store.signInFromProvider(olive, session('s1', 1_000, 'oidc'))).toBe('operator');
      expect(await store.setRole('olive@firm.example', 'marketer')).toBe(true);
      expect(await store.signInFromProvider(olive, session('s2', 1_000, 'oidc'))).toBe('marketer');
      expect(await store.findSession('s2', 2_000)).toMatchObject({ role: 'marketer' });
      expect(await store.setRole('olive@firm.example', 'operator')).toBe(true);
      const lowered = { ...olive, role: 'staff' as const };
      expect(await store.signInFromProvider(lowered, session('s3', 1_000, 'oidc'))).toBe('staff');
      expect((await store.listPeople(2_000))[0]?.role).toBe('staff');
    });

    it('reads a person’s role afresh: a change of role tells at the next request', async () => {
      const store = await fresh();
      await store.signInFromProvider(
        { email: 'max@firm.example', name: 'Max Marks', role: 'marketer' },
        session('s1', 1_000, 'oidc'),
      );
      expect(await store.findSession('s1', 2_000)).toMatchObject({
        role: 'marketer',
        name: 'Max Marks',
      });
      expect(await store.setRole('max@firm.example', 'editor')).toBe(true);
      expect(await store.findSession('s1', 2_000)).toMatchObject({ role: 'editor' });
      expect(await store.setRole('max@firm.example', 'operator')).toBe(true);
      expect(await store.findSession('s1', 2_000)).toMatchObject({ role: 'operator' });
      expect(await store.setRole('nobody@firm.example', 'staff')).toBe(false);
      expect(await store.listPeople(2_000)).toEqual([
        expect.objectContaining({
          email: 'max@firm.example',
          role: 'operator',
          sessions: 1,
          passkeys: 0,
        }),
      ]);
    });

    it('ends a session at its expiry, at sign-out, and everyone’s at once', async () => {
      const store = await fresh();
      await store.signInWithToken(session('token-session', 1_000, 'token'));
      expect(await store.findSession('token-session', 2_000)).toMatchObject({
        personId: null,
        role: 'operator',
        email: 'admin token',
      });
      expect(await store.findSession('token-session', 1_000 + 12 * HOUR)).toBeUndefined();
      await store.signInWithToken(session('other', 1_000, 'token'));
      await store.endSession('other');
      expect(await store.findSession('other', 2_000)).toBeUndefined();
      await store.signInWithToken(session('a', 1_000, 'token'));
      await store.signInWithToken(session('b', 1_000, 'token'));
      expect(await store.endAllSessions()).toBe(3);
      expect(await store.findSession('a', 2_000)).toBeUndefined();
      await store.signInWithToken(session('old', 1_000, 'token'));
      expect(await store.forgetExpiredSessions(1_000 + 12 * HOUR)).toBe(1);
    });

    it('names the person and role of an action in the audit log', async () => {
      const store = await fresh();
      await store.recordAudit({
        at: 5,
        client: '203.0.113.9',
        action: 'retry',
        reference: 'EQ-1',
        person: 'ann@firm.example',
        role: 'staff',
      });
      await store.recordAudit({ at: 6, client: 'cli', action: 'export', reference: 'EQ-1' });
      expect(await store.listAudit({ limit: 5 })).toMatchObject([
        { action: 'export', person: null, role: null },
        { action: 'retry', person: 'ann@firm.example', role: 'staff', client: '203.0.113.9' },
      ]);
    });
  });
}
