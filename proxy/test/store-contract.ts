/**
 * The outbox store contract: what every `OutboxStore` must do, as sentences any implementation
 * is tested by (after abstract-level's suite). A store's own test file calls
 * `describeOutboxStore` with a way to open a fresh, empty store; SQLite does, and the next
 * store proves itself by the same sentences. This half is delivery and housekeeping; taking
 * submissions in is `store-contract-accept.ts`, a lease's hold `store-contract-leases.ts`,
 * notifications `store-contract-notifications.ts`, a file the platform refused
 * `store-contract-refused-files.ts`.
 */
import { describe, expect, it } from 'vitest';
import { LeaseLostError } from '../outbox/lease.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleSubmission, stored, storedLeads } from './fixtures/outbox.ts';

/** Runs the contract against one implementation. */
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
      expect(await store.nextDueAt()).toBe(200);
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
      const { id } = await stored(store, sampleSubmission({ files: [] }));
      const lease = await leaseOf(store, id);
      await store.recordUnknownOutcome(lease, 'create');
      await store.startStep(lease, { kind: 'create' }, 60_000);
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
