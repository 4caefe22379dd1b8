/**
 * Erasing a submission while it is being delivered: the delivery stops at its next write
 * (its lease names a row that is gone) without crashing, and the erased submission is never
 * written back.
 */
import { describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { fakeClient, sampleSubmission, storedLeads } from '../test/fixtures/outbox.ts';
import { quickDeliverer } from '../test/fixtures/quick-deliverer.ts';

describe('erasing during delivery', () => {
  it('neither crashes the deliverer nor brings the erased submission back', async () => {
    const store = openSqliteOutbox(':memory:');
    let createArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (createArrived = resolve));
    let answerCreate: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answerCreate = resolve));
    // A slow platform: the first create is answered only once the erasure is done.
    const { client, calls } = fakeClient(async (call, n) => {
      if (call.endpoint === 'create' && n === 1) {
        createArrived();
        await answered;
      }
      return call.endpoint === 'create' ? 1001 + n : 500 + n;
    });
    const deliverer = quickDeliverer(store, client);
    try {
      const accepted = await store.accept(sampleSubmission({ receivedAt: Date.now() }));
      if (accepted.kind !== 'stored') throw new Error('not stored');
      const delivering = deliverer.deliverNow(accepted.submission.id, 5000);
      await arrived;
      expect(
        await store.erase('EQ-TEST-0001', { force: true, at: Date.now(), client: 'cli' }),
      ).toMatchObject({ kind: 'erased' });
      answerCreate();
      await expect(delivering).resolves.toMatchObject({ state: 'queued' });
      expect(await store.get('EQ-TEST-0001')).toBeNull();
      expect(await storedLeads(store)).toEqual([]);
      // No file of the erased submission went up after the erasure.
      expect(calls.filter((c) => c.endpoint === 'upload')).toEqual([]);
    } finally {
      await deliverer.stop(0);
      await store.close();
    }
  });
});
