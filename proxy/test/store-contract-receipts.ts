/**
 * The receipts half of the outbox store contract (see `store-contract.ts`): a submission's
 * receipt and confirmation are stored in its transaction; the receipt outlives the submission;
 * the confirmation is queued once, within each quota's window, or not at all.
 */
import { describe, expect, it } from 'vitest';
import type { ConfirmationQuota } from '../outbox/receipt.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleAftercare, sampleSubmission } from './fixtures/outbox.ts';

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;

const perAddress = (limit = 2): ConfirmationQuota => ({ subject: 'ada', windowMs: DAY, limit });
const perClient = (subject: string, limit = 2): ConfirmationQuota => ({
  subject,
  windowMs: HOUR,
  limit,
});

/** Runs the receipts contract against one implementation. */
export function describeReceiptStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, receipts and confirmations`, () => {
    const fresh = freshStores(factory);

    it('keeps a receipt with its submission and still finds it after the submission is purged', async () => {
      const store = await fresh();
      const outcome = await store.accept(
        sampleSubmission({
          reference: 'EQ-R-1',
          receivedAt: 5_000,
          aftercare: sampleAftercare('EQ-R-1', 5_000),
        }),
      );
      expect(outcome).toMatchObject({ kind: 'stored', confirmation: 'none' });
      if (outcome.kind !== 'stored') return;
      await store.finish(await leaseOf(store, outcome.submission.id), {
        kind: 'delivered',
        at: 6_000,
      });
      expect(await store.purgeDelivered(7_000)).toBe(1);
      expect(await store.get('EQ-R-1')).toBeNull();
      expect(await store.findReceipt('CODE-EQ-R-1')).toEqual({
        code: 'CODE-EQ-R-1',
        reference: 'EQ-R-1',
        receivedAt: 5_000,
        digest: 'd'.repeat(64),
      });
      expect(await store.findReceipt('CODE-EQ-R-2')).toBeNull();
    });

    it('keeps with a spam’s receipt why it was caught, and when an operator released it', async () => {
      const store = await fresh();
      const caught = { ...sampleAftercare('EQ-S-1', 5_000) };
      caught.receipt = { ...caught.receipt, caughtAs: 'honeypot field filled in' };
      await store.accept(
        sampleSubmission({
          reference: 'EQ-S-1',
          state: 'spam',
          note: 'honeypot',
          aftercare: caught,
        }),
      );
      expect(await store.findReceipt('CODE-EQ-S-1')).toEqual(caught.receipt);
      expect(await store.requeue('EQ-S-1', 6_000)).toMatchObject({ kind: 'requeued' });
      // A second retry (it died later) does not move the time it was first released.
      await store.requeue('EQ-S-1', 7_000);
      expect(await store.findReceipt('CODE-EQ-S-1')).toEqual({
        ...caught.receipt,
        releasedAt: 6_000,
      });
    });

    it('queues each confirmation once with its submission, and none past an address’s daily quota', async () => {
      const store = await fresh();
      const take = (reference: string, at: number, client: string) =>
        store.accept(
          sampleSubmission({
            reference,
            receivedAt: at,
            aftercare: sampleAftercare(reference, at, [perAddress(), perClient(client)]),
          }),
        );
      expect(await take('EQ-Q-1', 1_000, 'c1')).toMatchObject({ confirmation: 'queued' });
      expect(await take('EQ-Q-2', 2_000, 'c2')).toMatchObject({ confirmation: 'queued' });
      expect(await take('EQ-Q-3', 3_000, 'c3')).toMatchObject({ confirmation: 'over_limit' });
      // Stored all the same: a quota decides the email, never the enquiry.
      expect(await store.findReceipt('CODE-EQ-Q-3')).not.toBeNull();
      const due = await store.dueNotifications(10_000, 10, 'email');
      expect(due.map((row) => row.key)).toEqual(['confirmation:EQ-Q-1', 'confirmation:EQ-Q-2']);
      // The next day, the address has its share again.
      expect(await take('EQ-Q-4', DAY + 1_000, 'c4')).toMatchObject({ confirmation: 'queued' });
    });

    it('says how many confirmations a quota has counted in its window, refused ones not', async () => {
      const store = await fresh();
      const everybody = { subject: 'everybody', windowMs: HOUR, limit: 2 };
      const take = (reference: string, at: number) =>
        store.accept(
          sampleSubmission({
            reference,
            receivedAt: at,
            aftercare: sampleAftercare(reference, at, [everybody]),
          }),
        );
      for (const [n, at] of [1_000, 2_000, 3_000].entries()) await take(`EQ-E-${String(n)}`, at);
      expect(await store.quotaUsed(everybody, 3_500)).toBe(2);
      expect(await store.quotaUsed({ subject: 'nobody', windowMs: HOUR }, 3_500)).toBe(0);
      await take('EQ-E-next-hour', HOUR + 1_000);
      expect(await store.quotaUsed(everybody, HOUR + 1_500)).toBe(1);
    });

    it('keeps a share of a ceiling for first comers: a client counted before takes only the rest', async () => {
      const store = await fresh();
      const everybody = {
        subject: 'everybody',
        windowMs: HOUR,
        limit: 4,
        keep: { count: 2, firstOf: 'c' },
      };
      const take = (reference: string, client: string) =>
        store.accept(
          sampleSubmission({
            reference,
            receivedAt: 1_000,
            aftercare: sampleAftercare(reference, 1_000, [perClient(client, 10), everybody]),
          }),
        );
      const verdicts = [];
      for (const [n, client] of ['c', 'c', 'c', 'd'].entries())
        verdicts.push(await take(`EQ-K-${String(n)}`, client));
      // 'c' again past the two not kept; the first of 'c' and of 'd' take from all four.
      expect(verdicts).toMatchObject(
        ['queued', 'queued', 'over_limit', 'queued'].map((confirmation) => ({ confirmation })),
      );
      expect(await store.quotaUsed(everybody, 1_500)).toBe(3);
    });

    it('counts a refused confirmation against no quota, and a client’s quota per hour', async () => {
      const store = await fresh();
      const take = (reference: string, at: number, quotas: ConfirmationQuota[]) =>
        store.accept(
          sampleSubmission({
            reference,
            receivedAt: at,
            aftercare: sampleAftercare(reference, at, quotas),
          }),
        );
      expect(await take('EQ-C-1', 1_000, [perAddress(5), perClient('c', 1)])).toMatchObject({
        confirmation: 'queued',
      });
      // The client is over its hour; the address's count must not grow for it.
      expect(await take('EQ-C-2', 2_000, [perAddress(2), perClient('c', 1)])).toMatchObject({
        confirmation: 'over_limit',
      });
      expect(await take('EQ-C-3', HOUR + 1_000, [perAddress(2), perClient('c', 1)])).toMatchObject({
        confirmation: 'queued',
      });
      expect(await take('EQ-C-4', HOUR + 2_000, [perAddress(2), perClient('d', 1)])).toMatchObject({
        confirmation: 'over_limit',
      });
    });
  });
}
