/**
 * The store contract of what is kept (see `store-contract.ts`): counts by state and what needs
 * attention, pages of leads and a search, the leads of each day, purging what is done with,
 * settings and the audit log.
 */
import { describe, expect, it } from 'vitest';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleSubmission, stored, storedLeads } from './fixtures/outbox.ts';

/** Runs the housekeeping contract against one implementation. */
export function describeHousekeepingStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the housekeeping contract`, () => {
    const fresh = freshStores(factory);

    it('counts by state, and finds the oldest waiting submission and possible duplicates', async () => {
      const store = await fresh();
      const a = await stored(store, sampleSubmission({ reference: 'A', receivedAt: 100 }));
      const b = await stored(store, sampleSubmission({ reference: 'B', receivedAt: 200 }));
      await stored(store, sampleSubmission({ reference: 'C', receivedAt: 300 }));
      await stored(
        store,
        sampleSubmission({ reference: 'S', receivedAt: 50, state: 'spam', note: 'honeypot' }),
      );
      const leaseA = await leaseOf(store, a.id);
      await store.recordUnknownOutcome(leaseA, 'create');
      await store.recordCreated(leaseA, 1, 2000);
      await store.finish(leaseA, { kind: 'delivered', at: 400 });
      await store.deadLetter(await leaseOf(store, b.id), 'refused', 400);
      expect(await store.counts()).toEqual({
        queued: 1,
        delivered: 1,
        partial: 0,
        dead: 1,
        spam: 1,
        oldestQueuedAt: 300,
        possibleDuplicates: 1,
        possibleDuplicateUploads: 0,
        repeats: 0,
        undecided: 0,
      });
      expect(await store.claimDue('w', 1000, 10_000, 10)).toHaveLength(1);
      expect((await storedLeads(store, 'dead')).map((s) => [s.reference, s.note])).toEqual([
        ['B', 'refused'],
      ]);
      expect((await storedLeads(store)).map((s) => s.reference)).toEqual(['A', 'B', 'C', 'S']);
    });

    it('says whether any lead is dead or partly delivered, and when the oldest waiting came', async () => {
      const store = await fresh();
      expect(await store.attention()).toEqual({
        anyDead: false,
        anyPartial: false,
        oldestQueuedAt: null,
      });
      const a = await stored(store, sampleSubmission({ reference: 'A', receivedAt: 100 }));
      await stored(store, sampleSubmission({ reference: 'B', receivedAt: 200 }));
      expect(await store.attention()).toEqual({
        anyDead: false,
        anyPartial: false,
        oldestQueuedAt: 100,
      });
      await store.deadLetter(await leaseOf(store, a.id), 'refused', 300);
      expect(await store.attention()).toEqual({
        anyDead: true,
        anyPartial: false,
        oldestQueuedAt: 200,
      });
    });

    it('pages leads newest first, by state, and finds one by reference, email address or name', async () => {
      const store = await fresh();
      const person = (reference: string, forename: string, email: string, receivedAt: number) =>
        sampleSubmission({
          reference,
          receivedAt,
          upstream: { ...sampleSubmission().upstream, forename, surname: 'Byron', email },
        });
      await stored(store, person('EQ-AAAA-0001', 'Ada', 'ada@example.com', 100));
      const grace = await stored(store, person('EQ-AAAA-0002', 'Grace', 'Grace@Example.com', 200));
      await stored(store, person('EQ-AAAA-0003', 'Alan', 'alan@example.com', 300));
      await store.deadLetter(await leaseOf(store, grace.id), 'refused', 250);
      const page = async (filter: Parameters<typeof store.leadPage>[0]) =>
        (await store.leadPage(filter)).map((s) => s.reference);
      expect(await page({ limit: 2 })).toEqual(['EQ-AAAA-0003', 'EQ-AAAA-0002']);
      const [, second] = await store.leadPage({ limit: 2 });
      expect(await page({ limit: 2, before: second?.id })).toEqual(['EQ-AAAA-0001']);
      expect(await page({ limit: 10, state: 'dead' })).toEqual(['EQ-AAAA-0002']);
      expect(await page({ limit: 10, search: 'grace@example.COM' })).toEqual(['EQ-AAAA-0002']);
      expect(await page({ limit: 10, search: 'eq-aaaa-0001' })).toEqual(['EQ-AAAA-0001']);
      expect(await page({ limit: 10, search: 'al' })).toEqual(['EQ-AAAA-0003']);
      expect(await page({ limit: 10, search: 'ada byr' })).toEqual(['EQ-AAAA-0001']);
      expect(await page({ limit: 10, search: 'byron', state: 'queued' })).toEqual([
        'EQ-AAAA-0003',
        'EQ-AAAA-0001',
      ]);
    });

    it('counts the leads received and delivered on each day', async () => {
      const store = await fresh();
      const day = 86_400_000;
      await stored(store, sampleSubmission({ reference: 'A', receivedAt: 10 * day + 5 }));
      await stored(store, sampleSubmission({ reference: 'B', receivedAt: 10 * day + 9 }));
      const c = await stored(store, sampleSubmission({ reference: 'C', receivedAt: 12 * day }));
      await stored(store, sampleSubmission({ reference: 'D', receivedAt: 2 * day }));
      await store.finish(await leaseOf(store, c.id), { kind: 'delivered', at: 13 * day + 1 });
      expect(await store.dailyCounts(13 * day + 500, 4)).toEqual([
        { day: 10 * day, received: 2, delivered: 0 },
        { day: 11 * day, received: 0, delivered: 0 },
        { day: 12 * day, received: 1, delivered: 0 },
        { day: 13 * day, received: 0, delivered: 1 },
      ]);
    });

    it('purges delivered submissions with their files, spam, and old idempotency keys', async () => {
      const store = await fresh();
      const { id } = await stored(
        store,
        sampleSubmission({ idempotency: { key: 'k', fingerprint: 'f' } }),
      );
      await stored(
        store,
        sampleSubmission({ reference: 'S', receivedAt: 10, state: 'spam', files: [] }),
      );
      await store.finish(await leaseOf(store, id), { kind: 'delivered', at: 1000 });
      expect(await store.purgeDelivered(999)).toBe(0);
      expect(await store.purgeDelivered(1001)).toBe(1);
      await expect(store.fileSource(id, 0)).rejects.toThrow(/no file/);
      expect(await store.purgeSpam(5)).toBe(0);
      expect(await store.purgeSpam(11)).toBe(1);
      expect(await store.purgeIdempotencyKeys(sampleSubmission().receivedAt + 1)).toBe(1);
      expect(await storedLeads(store)).toEqual([]);
    });

    it('keeps settings', async () => {
      const store = await fresh();
      expect(await store.getSetting('secret')).toBeNull();
      await store.setSetting('secret', 'a');
      await store.setSetting('secret', 'b');
      expect(await store.getSetting('secret')).toBe('b');
    });

    it('keeps an audit log, newest first, by submission and page by page', async () => {
      const store = await fresh();
      const act = (at: number, action: string, reference: string | null) =>
        store.recordAudit({ at, client: '192.0.2.7', action, reference });
      await act(1, 'sign-in', null);
      await act(2, 'retry', 'AAA');
      await store.recordAudit({
        at: 3,
        client: 'cli',
        action: 'export',
        reference: 'BBB',
        detail: 'zip',
      });
      await act(4, 'retry', 'BBB');
      const all = await store.listAudit({ limit: 10 });
      expect(all.map((e) => [e.at, e.action, e.reference])).toEqual([
        [4, 'retry', 'BBB'],
        [3, 'export', 'BBB'],
        [2, 'retry', 'AAA'],
        [1, 'sign-in', null],
      ]);
      expect(all[1]).toMatchObject({ client: 'cli', detail: 'zip' });
      expect(all[0]!.detail).toBe('');
      const ofB = await store.listAudit({ reference: 'BBB', limit: 1 });
      expect(ofB.map((e) => e.at)).toEqual([4]);
      const nextPage = await store.listAudit({ reference: 'BBB', limit: 5, before: ofB[0]!.id });
      expect(nextPage.map((e) => e.at)).toEqual([3]);
    });
  });
}
