/**
 * The store contract, hosts' feeds (`machine/host-feeds.ts`, docs/booking.md): a host's feed
 * kept once (two instances keeping theirs at once agree on one), found by its token, replaced (the
 * old token leads to nobody from then on), and gone with the person removed. On every store
 * (`store-contract.ts` says how).
 */
import { describe, expect, it } from 'vitest';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';

const ANN = 'ann@firm.example';
const token = (letter: string) => letter.repeat(43);

/** Runs the hosts' feeds contract against one implementation. */
export function describeHostFeedStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, hosts' feeds`, () => {
    const fresh = freshStores(factory);

    it('keeps a host’s feed once, finds it by its token, forgets the token replaced or removed', async () => {
      const store = await fresh();
      expect(await store.feedOf(ANN)).toBeUndefined();
      const kept = await Promise.all([
        store.keepFeed({ address: 'Ann@Firm.example', token: token('a'), at: 1, by: 'cli' }),
        store.keepFeed({ address: ANN, token: token('b'), at: 2, by: 'start' }),
      ]);
      expect(kept[0]).toBe(kept[1]);
      const first = kept[0];
      expect(await store.feedOf(ANN)).toBe(first);
      expect(await store.feedHost(first)).toBe(ANN);
      await store.replaceFeed({ address: ANN, token: token('c'), at: 3, by: 'ann' });
      expect(await store.feedHost(first)).toBeUndefined();
      expect(await store.feedHost(token('c'))).toBe(ANN);
      expect(await store.keepFeed({ address: ANN, token: token('d'), at: 4, by: 'cli' })).toBe(
        token('c'),
      );
      expect(await store.forgetFeed('Ann@Firm.example')).toBe(true);
      expect(await store.feedHost(token('c'))).toBeUndefined();
      expect(await store.forgetFeed(ANN)).toBe(false);
      expect(await store.keepFeed({ address: ANN, token: token('e'), at: 5, by: 'cli' })).toBe(
        token('e'),
      );
    });

    it('forgets the feed of a person removed', async () => {
      const store = await fresh();
      await store.invitePerson({
        email: ANN,
        role: 'staff',
        tokenSha256: 'hash',
        at: 1,
        expiresAt: 10,
      });
      await store.keepFeed({ address: ANN, token: token('a'), at: 1, by: 'cli' });
      expect(await store.removePerson(ANN)).toBe(true);
      expect(await store.feedHost(token('a'))).toBeUndefined();
      expect(await store.feedOf(ANN)).toBeUndefined();
    });
  });
}
