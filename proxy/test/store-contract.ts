/**
 * The outbox store contract: what every `OutboxStore` must do, as sentences any implementation
 * is tested by (after abstract-level's suite). A store's own test file calls
 * `describeOutboxStore` with a way to open a fresh, empty store; SQLite does, and the next
 * store proves itself by the same sentences. This part is delivery: the queue, each step
 * recorded, giving back and putting at the front. Counting, finding and keeping leads is
 * `store-contract-housekeeping.ts`, taking submissions in `store-contract-accept.ts`, a lease's
 * hold `store-contract-leases.ts`, notifications `store-contract-notifications.ts`, a file the
 * platform refused `store-contract-refused-files.ts`.
 */
import { describe, expect, it } from 'vitest';
import { LeaseLostError } from '../outbox/lease.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseAtUnknownCreate, leaseOf, sampleSubmission, stored } from './fixtures/outbox.ts';

/** Runs the delivery contract against one implementation. */
export function describeOutboxStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract`, () => {
    const fresh = freshStores(factory);

    it('hands out due submissions oldest first, up to the limit, with a lease each', async () => {
      const store = await fresh();
      const a = await stored(store, sampleSubmission({ reference: 'A', receivedAt: 100 }));
      await stored(store, sampleSubmission({ reference: 'B', receivedAt: 200 }));
      await stored(store, sampleSubmission({ reference: 'C', receivedAt: 300 }));
      await store.finish(await leaseOf(store, a.id), { kind: 'retry', at: 5000, error: 'boom' });
      const references = async (now: number, limit: number) =>
        (await store.claimDue('w', 60_000, now, limit)).map((c) => c.submission.reference);
      expect(await references(1000, 1)).toEqual(['B']);
      expect(await references(1000, 5)).toEqual(['C']);
      expect(await references(6000, 5)).toEqual(['A']);
      expect(await store.get('A')).toMatchObject({
        attempts: 1,
        lastError: 'boom',
        nextAttemptAt: 5000,
      });
      // All three are held now: none is due before a lease runs out (B's and C's, from 1000),
      // when a dead holder's work is taken over.
      expect(await store.nextDueAt()).toBe(61_000);
      const again = await leaseOf(store, a.id, 70_000); // its lease from 6000 ran out
      await store.finish(again, { kind: 'retry', at: 50_000, error: 'boom' });
      // A given back is due at its next attempt, though that is before the others' leases end.
      expect(await store.nextDueAt()).toBe(50_000);
    });

    it('hands out leads whose last attempt timed out only as many at once as asked, and marks an answered one no more', async () => {
      const store = await fresh();
      const due = async (limit: number, slowLimit: number) =>
        (await store.claimDue('w', 60_000, 1000, limit, [], slowLimit)).map((claimed) => {
          return claimed.submission.reference;
        });
      // Three leads the platform hung on, due at 500, and two new ones behind them.
      const hung: number[] = [];
      for (const [n, receivedAt] of [100, 200, 300].entries()) {
        const { id } = await stored(
          store,
          sampleSubmission({ reference: `HUNG-${n}`, receivedAt }),
        );
        await store.finish(await leaseOf(store, id, 400), {
          kind: 'retry',
          at: 500,
          error: 'create timed out',
          timedOut: true,
        });
        hung.push(id);
      }
      await stored(store, sampleSubmission({ reference: 'NEW-1', receivedAt: 600 }));
      await stored(store, sampleSubmission({ reference: 'NEW-2', receivedAt: 700 }));
      expect(await store.get('HUNG-0')).toMatchObject({ timedOut: true, attempts: 1 });
      expect(await store.get('NEW-1')).toMatchObject({ timedOut: false });
      expect(await due(3, 1)).toEqual(['HUNG-0', 'NEW-1', 'NEW-2']);
      // With no place for them, the others wait, and the next due leaves them out: only the
      // leases of those taken end (at 61000, should their holder die).
      expect(await due(3, 0)).toEqual([]);
      expect(await store.nextDueAt(false)).toBe(61_000);
      expect(await store.nextDueAt()).toBe(500);
      expect(await due(3, 3)).toEqual(['HUNG-1', 'HUNG-2']);
      // An attempt the platform answered, though with a failure, marks it no more.
      const answered = await leaseOf(store, hung[0] ?? 0, 70_000);
      await store.finish(answered, { kind: 'retry', at: 80_000, error: '503' });
      expect(await store.get('HUNG-0')).toMatchObject({ timedOut: false, attempts: 2 });
    });

    it('records each step, and flags a create that followed one of unknown outcome', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const lease = await leaseOf(store, id);
      await store.recordUnknownOutcome(lease, 'create');
      await store.recordCreated(lease, 1001, 2000);
      await store.recordCreated(lease, 9999, 2000);
      await store.recordUploaded(lease, 0, 501, 2000);
      await store.recordUnknownOutcome(lease, 'upload');
      const submission = await store.get('EQ-TEST-0001');
      expect(submission).toMatchObject({
        enquiryId: 1001,
        possibleDuplicate: true,
        unknownCreates: 1,
        unknownUploads: 1,
      });
      expect(submission?.files.map((f) => f.attachmentId)).toEqual([501, null]);
    });

    it('records a create answered before it could be recorded, with both times, then the delivery', async () => {
      const store = await fresh();
      const lease = await leaseAtUnknownCreate(store);
      await store.recordCreated(lease, 1001, 2000, 2100);
      expect(await store.get('EQ-TEST-0001')).toMatchObject({
        state: 'queued',
        enquiryId: 1001,
        enquiryCreatedAt: 2000,
        enquiryRecordedAt: 2100,
        possibleDuplicate: true,
        pendingStep: null,
      });
      await store.finish(lease, { kind: 'delivered', at: 2200 });
      expect(await store.get('EQ-TEST-0001')).toMatchObject({
        state: 'delivered',
        enquiryId: 1001,
        deliveredAt: 2200,
      });
    });

    it('puts a dead, spam or waiting submission at the front of the queue on request, but not a delivered one', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      await store.deadLetter(await leaseOf(store, id), 'refused', 500);
      expect(await store.requeue('EQ-TEST-0001', 900)).toMatchObject({
        kind: 'requeued',
        submission: {
          state: 'queued',
          attempts: 0,
          nextAttemptAt: 900,
          retryFrom: 900,
          receivedAt: 1000,
        },
      });
      await store.finish(await leaseOf(store, id, 900), {
        kind: 'retry',
        at: 50_000,
        error: 'still down',
      });
      expect(await store.requeue('EQ-TEST-0001', 1000)).toMatchObject({
        kind: 'requeued',
        submission: { attempts: 0 },
      });
      await store.finish(await leaseOf(store, id, 1000), { kind: 'delivered', at: 2000 });
      expect(await store.requeue('EQ-TEST-0001', 3000)).toMatchObject({ kind: 'delivered' });
      expect(await store.requeue('nope', 900)).toEqual({ kind: 'not_found' });
    });

    it('does not hand an operator a submission that is being delivered, and keeps its interrupted step', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const lease = await leaseOf(store, id, 10_000);
      await store.startStep(lease, { kind: 'create' }, 80_000);
      // The lease was extended with the step: at 75 s the claim of 60 s would have run out.
      expect(await store.claim(id, 'other', 60_000, 75_000)).toBeNull();
      expect(await store.requeue('EQ-TEST-0001', 75_000)).toMatchObject({ kind: 'in_delivery' });
      const later = await store.requeue('EQ-TEST-0001', 90_000);
      expect(later).toMatchObject({
        kind: 'requeued',
        submission: { pendingStep: 'create', receivedAt: 1000 },
      });
    });

    it('starts the retry schedule again after a pause, and notes why it waits', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      await store.finish(await leaseOf(store, id, 5000), {
        kind: 'pause',
        resumeAt: 200_000_000,
        reason: 'the enquiry API refused the credentials',
      });
      expect(await store.get('EQ-TEST-0001')).toMatchObject({
        retryFrom: 200_000_000,
        nextAttemptAt: 200_000_000,
        attempts: 0,
        lastError: 'the enquiry API refused the credentials',
      });
    });

    it('gives a submission back without counting an attempt', async () => {
      const store = await fresh();
      const a = await stored(store, sampleSubmission({ reference: 'A' }));
      await store.finish(await leaseOf(store, a.id), { kind: 'release', at: 7 });
      expect(await store.get('A')).toMatchObject({ attempts: 0, nextAttemptAt: 7 });
    });

    it('drops every lease at a start when it is one process’s own, never a live sibling’s', async () => {
      const store = await fresh();
      const b = await stored(store, sampleSubmission({ reference: 'B' }));
      const held = await leaseOf(store, b.id, 10);
      if (store.shared) {
        // Another instance's start: the lease is a live holder's, and stays until it runs out.
        const sibling = await fresh.sibling(store);
        expect(await sibling.releaseAllLeases()).toBe(0);
        expect(await sibling.claim(b.id, 'next', 60_000, 11)).toBeNull();
        await store.recordCreated(held, 1, 2000);
        return;
      }
      expect(await store.releaseAllLeases()).toBe(1);
      expect(await store.claim(b.id, 'next', 60_000, 11)).not.toBeNull();
      await expect(store.recordCreated(held, 1, 2000)).rejects.toBeInstanceOf(LeaseLostError);
    });

    it('gives a submission back mid-step without counting an attempt, keeping the step noted', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const lease = await leaseOf(store, id);
      await store.startStep(lease, { kind: 'create' }, 60_000);
      await store.finish(lease, { kind: 'abandon', at: 500 });
      expect(await store.get('EQ-TEST-0001')).toMatchObject({
        attempts: 0,
        nextAttemptAt: 500,
        pendingStep: 'create',
      });
      expect(await store.claim(id, 'next', 60_000, 600)).not.toBeNull();
    });

    it('makes everything queued and free due now on request, but not what is held or finished', async () => {
      const store = await fresh();
      const later = await stored(store, sampleSubmission({ reference: 'LATER' }));
      const held = await stored(store, sampleSubmission({ reference: 'HELD' }));
      await stored(store, sampleSubmission({ reference: 'DUE', receivedAt: 10 }));
      await store.finish(await leaseOf(store, later.id), { kind: 'retry', at: 90_000, error: 'x' });
      await leaseOf(store, held.id, 0);
      expect(await store.expediteQueued(1000)).toBe(1);
      expect(await store.get('LATER')).toMatchObject({ nextAttemptAt: 1000, attempts: 1 });
      expect(await store.get('DUE')).toMatchObject({ nextAttemptAt: 10 });
    });
  });
}
