/**
 * A file the platform refused, in the outbox store contract (see `store-contract.ts`): the
 * submission is partly delivered and keeps that file only, retention leaves it, and an operator
 * retries the file or skips it.
 */
import { describe, expect, it } from 'vitest';
import { readAll } from '../client/byte-source.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, SAMPLE_PNG, stored } from './fixtures/outbox.ts';

/** Runs these sentences of the contract against one implementation. */
export function describeRefusedFileStore(name: string, factory: StoreFactory): void {
  describe(`${name}: a file the platform refused`, () => {
    const fresh = freshStores(factory);

    it('finishes a submission with a refused file as partly delivered, keeping only that file', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const lease = await leaseOf(store, id);
      await store.recordCreated(lease, 1001, 2000);
      await store.recordUploaded(lease, 0, 501, 2000);
      await store.recordUploadFailed(lease, 1, 'the platform refused file[mime]', 2000);
      await store.finish(lease, { kind: 'delivered', at: 2000 });
      const partial = await store.get('EQ-TEST-0001');
      expect(partial?.state).toBe('partial');
      expect(partial?.files.map((f) => [f.attachmentId, f.failure, f.skipped])).toEqual([
        [501, null, false],
        [null, 'the platform refused file[mime]', false],
      ]);
      expect((await readAll(await store.fileSource(id, 1))).byteLength).toBe(SAMPLE_PNG.byteLength);
      expect((await store.counts()).partial).toBe(1);
      // Retention leaves it alone: the refused file must still reach the firm.
      expect(await store.purgeDelivered(10_000)).toBe(0);
    });

    it('keeps when the enquiry was created and when each upload was answered, until a file is retried', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const lease = await leaseOf(store, id);
      await store.recordCreated(lease, 1001, 2100);
      await store.recordCreated(lease, 1001, 2150);
      await store.recordUploaded(lease, 0, 501, 2200);
      await store.recordUploadFailed(lease, 1, 'refused', 2300);
      await store.finish(lease, { kind: 'delivered', at: 2400 });
      const answered = await store.get('EQ-TEST-0001');
      expect(answered?.enquiryCreatedAt).toBe(2100);
      expect(answered?.files.map((f) => f.answeredAt)).toEqual([2200, 2300]);
      await store.requeue('EQ-TEST-0001', 3000, { file: 1 });
      expect((await store.get('EQ-TEST-0001'))?.files.map((f) => f.answeredAt)).toEqual([
        2200,
        null,
      ]);
    });

    it('retries a refused file on request, or skips it and calls the submission delivered', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const refuse = async (now: number) => {
        const lease = await leaseOf(store, id, now);
        await store.recordUploadFailed(lease, 1, 'refused', 2000);
        await store.finish(lease, { kind: 'delivered', at: now });
      };
      await refuse(0);
      expect(await store.requeue('EQ-TEST-0001', 100, { file: 1 })).toMatchObject({
        kind: 'requeued',
        submission: { state: 'queued', files: [{ failure: null }, { failure: null }] },
      });
      await refuse(200);
      expect(await store.skipFile('EQ-TEST-0001', 0)).toBe(false);
      expect(await store.skipFile('EQ-TEST-0001', 1)).toBe(true);
      expect(await store.get('EQ-TEST-0001')).toMatchObject({
        state: 'delivered',
        files: [{ skipped: false }, { skipped: true, failure: 'refused' }],
      });
      await expect(readAll(await store.fileSource(id, 1))).rejects.toThrow();
    });
  });
}
