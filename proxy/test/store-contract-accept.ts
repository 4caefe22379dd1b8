/**
 * The taking-in half of the outbox store contract (see `store-contract.ts`): a submission kept
 * with its files, byte for byte; an Idempotency-Key answered once however many requests carry
 * it, even when its first owner died; a form token spent once.
 */
import { describe, expect, it } from 'vitest';
import { readAll } from '../client/byte-source.ts';
import { LeaseLostError } from '../outbox/lease.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import type { NewSubmission } from '../outbox/submission.ts';
import { SAMPLE_PNG, sampleAftercare, sampleSubmission, stored } from './fixtures/outbox.ts';

/**
 * A submission of each shape intake stores: bare, with files, caught as spam, leased to the
 * delivery its visitor waits for, counted in the funnel, routed to a team.
 */
function everyShape(): NewSubmission[] {
  const at = 1000;
  const bare = (reference: string, more: Partial<NewSubmission> = {}) =>
    sampleSubmission({ reference, files: [], aftercare: sampleAftercare(reference, at), ...more });
  return [
    bare('EQ-SHAP-BARE'),
    sampleSubmission({ reference: 'EQ-SHAP-FILE' }),
    bare('EQ-SHAP-SPAM', { state: 'spam', note: 'the honeypot was filled in' }),
    bare('EQ-SHAP-LEAS', { lease: { owner: 'taker', until: 5000 } }),
    bare('EQ-SHAP-FUNL', {
      funnelCell: { day: '2027-03-01', caseType: 'conveyancing', campaign: '', variant: '' },
    }),
    bare('EQ-SHAP-ROUT', {
      aftercare: {
        ...sampleAftercare('EQ-SHAP-ROUT', at),
        routing: { team: 'property', label: 'Property', reason: 'rule 1' },
      },
    }),
  ];
}

/** Runs the taking-in contract against one implementation. */
export function describeAcceptStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, taking submissions in`, () => {
    const fresh = freshStores(factory);

    it('keeps a submission with its files, byte for byte', async () => {
      const store = await fresh();
      const submission = await stored(store);
      expect(submission).toMatchObject({
        state: 'queued',
        enquiryId: null,
        attempts: 0,
        reference: 'EQ-TEST-0001',
      });
      expect(submission.files.map((f) => [f.name, f.mime, f.attachmentId])).toEqual([
        ['plan.pdf', 'application/pdf', null],
        ['photo.png', 'image/png', null],
      ]);
      const bytes = await readAll(await store.fileSource(submission.id, 1));
      expect(Buffer.from(bytes).equals(Buffer.from(SAMPLE_PNG))).toBe(true);
    });

    // The accept answers from what it wrote, reading the row back only when it must: whatever
    // it answers is what the delivery and the console are given, so it must be the stored lead.
    it('answers each accept with the submission exactly as a later read finds it', async () => {
      const store = await fresh();
      for (const submission of everyShape()) {
        const outcome = await store.accept(submission);
        if (outcome.kind !== 'stored') throw new Error(`${submission.reference}: ${outcome.kind}`);
        expect(outcome.submission, submission.reference).toEqual(
          await store.get(submission.reference),
        );
      }
    });

    it('answers a repeated Idempotency-Key by whether the body matches and the first is done', async () => {
      const store = await fresh();
      const idempotency = { key: 'k-1', fingerprint: 'f-1' };
      await stored(store, sampleSubmission({ idempotency }));
      const again = sampleSubmission({ reference: 'EQ-TEST-0002', idempotency });
      expect(await store.accept(again)).toMatchObject({
        kind: 'in_flight',
        reference: 'EQ-TEST-0001',
      });
      expect(await store.findRepeat(idempotency)).toMatchObject({ kind: 'in_flight' });
      await store.saveResponse('k-1', 201, { status: 'delivered', reference: 'EQ-TEST-0001' });
      expect(await store.accept(again)).toEqual({
        kind: 'replay',
        status: 201,
        body: { status: 'delivered', reference: 'EQ-TEST-0001' },
      });
      const changed = sampleSubmission({
        reference: 'EQ-TEST-0003',
        idempotency: { key: 'k-1', fingerprint: 'other' },
      });
      expect(await store.accept(changed)).toEqual({ kind: 'key_mismatch' });
      expect(await store.findRepeat({ key: 'unseen', fingerprint: 'f' })).toBeNull();
      expect((await store.counts()).queued).toBe(1);
    });

    it('stores one submission when two requests with one key arrive at once', async () => {
      const store = await fresh();
      const idempotency = { key: 'twin', fingerprint: 'f' };
      const outcomes = await Promise.all(
        ['EQ-TWIN-0001', 'EQ-TWIN-0002'].map((reference) =>
          store.accept(sampleSubmission({ reference, idempotency })),
        ),
      );
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['in_flight', 'stored']);
      expect((await store.counts()).queued).toBe(1);
    });

    it('stores a submission already leased to its taker, so no other worker takes it first', async () => {
      const store = await fresh();
      const outcome = await store.accept(
        sampleSubmission({ receivedAt: 1000, lease: { owner: 'taker', until: 5000 } }),
      );
      if (outcome.kind !== 'stored' || !outcome.lease) throw new Error('stored with a lease');
      expect(await store.claimDue('other', 60_000, 2000, 10)).toEqual([]);
      expect(await store.claim(outcome.submission.id, 'other', 60_000, 2000)).toBeNull();
      await store.recordCreated(outcome.lease, 7, 2000);
      // Its taker died: the lease runs out, and the next claim fences the old one off.
      const [next] = await store.claimDue('other', 60_000, 5000, 10);
      expect(next?.submission).toMatchObject({ enquiryId: 7 });
      await expect(store.recordCreated(outcome.lease, 8, 2000)).rejects.toBeInstanceOf(
        LeaseLostError,
      );
    });

    it('answers keys whose first request died with its process as queued, with the reference', async () => {
      const store = await fresh();
      await stored(store, sampleSubmission({ idempotency: { key: 'orphan', fingerprint: 'f' } }));
      await stored(
        store,
        sampleSubmission({
          reference: 'EQ-TEST-0002',
          idempotency: { key: 'done', fingerprint: 'f' },
        }),
      );
      await store.saveResponse('done', 201, { status: 'delivered', reference: 'EQ-TEST-0002' });
      let survivor = store;
      if (store.shared) {
        // Its owner is alive: nobody else may answer for it.
        const sibling = await fresh.sibling(store);
        expect(await sibling.settleInFlightKeys()).toBe(0);
        expect(await sibling.findRepeat({ key: 'orphan', fingerprint: 'f' })).toMatchObject({
          kind: 'in_flight',
        });
        await store.close();
        survivor = sibling;
      }
      expect(await survivor.settleInFlightKeys()).toBe(1);
      expect(await survivor.findRepeat({ key: 'orphan', fingerprint: 'f' })).toEqual({
        kind: 'replay',
        status: 202,
        body: { status: 'queued', reference: 'EQ-TEST-0001' },
      });
      expect(await survivor.findRepeat({ key: 'done', fingerprint: 'f' })).toMatchObject({
        status: 201,
      });
    });

    if (factory.shared)
      it('answers at once, as queued, a key whose owner instance stopped mid-request', async () => {
        const store = await fresh();
        await stored(store, sampleSubmission({ idempotency: { key: 'k', fingerprint: 'f' } }));
        const sibling = await fresh.sibling(store);
        await store.close();
        expect(await sibling.findRepeat({ key: 'k', fingerprint: 'f' })).toEqual({
          kind: 'replay',
          status: 202,
          body: { status: 'queued', reference: 'EQ-TEST-0001' },
        });
      });

    it('spends a form token with the submission that uses it, once; a twin with its key is a repeat', async () => {
      const store = await fresh();
      const formToken = { token: 'v2.1.nonce.sig', expiresAt: 5000 };
      const idempotency = { key: 'k', fingerprint: 'f' };
      await stored(store, sampleSubmission({ formToken, idempotency }));
      expect(
        await store.accept(sampleSubmission({ reference: 'EQ-TWIN', formToken, idempotency })),
      ).toMatchObject({ kind: 'in_flight' });
      expect(await store.accept(sampleSubmission({ reference: 'EQ-AGAIN', formToken }))).toEqual({
        kind: 'token_spent',
      });
      expect((await store.counts()).queued).toBe(1);
      expect(await store.purgeSpentFormTokens(4000)).toBe(0);
      expect(await store.purgeSpentFormTokens(6000)).toBe(1);
      await stored(store, sampleSubmission({ reference: 'EQ-LATER', formToken }));
    });
  });
}
