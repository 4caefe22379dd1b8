/**
 * The store contract of a lease (see `store-contract.ts`): one claimant holds a submission
 * until its lease runs out, never loses what it is still running, is fenced off once another
 * claim takes over, records a create with the delivery that ends it, and can read again what it
 * holds while it waits for a free place.
 */
import { describe, expect, it } from 'vitest';
import { LeaseLostError } from '../outbox/lease.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseAtUnknownCreate, leaseOf, sampleSubmission, stored } from './fixtures/outbox.ts';

/** Runs the lease contract against one implementation. */
export function describeLeaseStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the lease contract`, () => {
    const fresh = freshStores(factory);

    it('lets one deliverer hold a submission until its lease runs out', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      expect(await store.claim(id, 'a', 1000, 10_000)).not.toBeNull();
      expect(await store.claim(id, 'b', 1000, 10_500)).toBeNull();
      expect(await store.claim(id, 'b', 1000, 11_000)).toMatchObject({ submission: { id } });
    });

    it('never takes back from its claimant a submission it is still running, though its lease ran out', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      expect(await store.claimDue('a', 1000, 10_000, 10)).toHaveLength(1);
      // Its attempt still waits to record the platform's answer: a new claim would fence it off.
      expect(await store.claimDue('a', 1000, 20_000, 10, [id])).toEqual([]);
      expect(await store.claimDue('a', 1000, 20_000, 10)).toMatchObject([{ submission: { id } }]);
    });

    it('fences off the writes of a holder whose lease another claim took over', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const slow = await leaseOf(store, id, 0);
      const fast = await leaseOf(store, id, 60_001);
      expect(fast.token).toBeGreaterThan(slow.token);
      await expect(store.recordCreated(slow, 1001, 2000)).rejects.toBeInstanceOf(LeaseLostError);
      await expect(store.startStep(slow, { kind: 'create' }, 99_000)).rejects.toBeInstanceOf(
        LeaseLostError,
      );
      await expect(store.finish(slow, { kind: 'delivered', at: 5 })).rejects.toBeInstanceOf(
        LeaseLostError,
      );
      await expect(store.deadLetter(slow, 'no', 5)).rejects.toBeInstanceOf(LeaseLostError);
      await store.recordCreated(fast, 2002, 2000);
      await store.finish(fast, { kind: 'delivered', at: 70_000 });
      expect(await store.get('EQ-TEST-0001')).toMatchObject({
        state: 'delivered',
        enquiryId: 2002,
      });
    });

    it('records a create with the delivery that ends its lease, flagged as a record alone would be', async () => {
      const store = await fresh();
      const lease = await leaseAtUnknownCreate(store);
      await store.finish(lease, {
        kind: 'delivered',
        at: 2100,
        created: { enquiryId: 1001, at: 2000 },
      });
      expect(await store.get('EQ-TEST-0001')).toMatchObject({
        state: 'delivered',
        enquiryId: 1001,
        enquiryCreatedAt: 2000,
        enquiryRecordedAt: 2100,
        deliveredAt: 2100,
        possibleDuplicate: true,
        pendingStep: null,
      });
    });

    it('reads again a submission held under a lease, until that lease is gone', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const held = await leaseOf(store, id, 10_000);
      await store.startStep(held, { kind: 'create' }, 70_000);
      expect(await store.heldAgain(held)).toMatchObject({
        submission: { id, pendingStep: 'create' },
        lease: held,
      });
      // Given back: the token stays, the hold does not.
      await store.finish(held, { kind: 'release', at: 10_001 });
      expect(await store.heldAgain(held)).toBeNull();
      // Taken by a newer claim: only that claim's lease reads it.
      const newer = await leaseOf(store, id, 10_002);
      expect(await store.heldAgain(held)).toBeNull();
      expect(await store.heldAgain(newer)).toMatchObject({ submission: { id } });
      await store.finish(newer, { kind: 'delivered', at: 10_003 });
      expect(await store.heldAgain(newer)).toBeNull();
    });

    it('reads again a held submission that has no files as it is, without their read', async () => {
      const store = await fresh();
      const { id } = await stored(store, sampleSubmission({ files: [] }));
      const held = await leaseOf(store, id, 10_000);
      expect(await store.heldAgain(held, false)).toEqual(await store.heldAgain(held));
      await store.finish(held, { kind: 'delivered', at: 10_001, withoutFiles: true });
      expect(await store.heldAgain(held, false)).toBeNull();
      expect(await store.counts()).toMatchObject({ delivered: 1, queued: 0 });
    });
  });
}
