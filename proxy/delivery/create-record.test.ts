/**
 * When a create's answer is recorded: alone and at once where records have connections of
 * their own (PostgreSQL, #76 item 4) or a file is still to send; with the delivery's end where
 * every write shares the next group commit anyway (SQLite) and nothing else is left to send, so
 * that a small enquiry's delivery is one write of its row, not two (issue #77).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { fakeClient, sampleSubmission } from '../test/fixtures/outbox.ts';
import { quickDeliverer } from '../test/fixtures/quick-deliverer.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/**
 * Delivers one enquiry (with its sample files, or none) from a SQLite outbox that says its
 * records go `withWrites` or not; the store's writes of the delivery, in order.
 */
async function deliverOne(withWrites: boolean, files: 'none' | 'two') {
  const sqlite = openSqliteOutbox(':memory:');
  const writes: string[] = [];
  const store: OutboxStore = {
    ...sqlite,
    recordsWithWrites: withWrites,
    recordCreated: async (...args) => {
      await sqlite.recordCreated(...args);
      writes.push('create recorded');
    },
    recordUploaded: async (...args) => {
      await sqlite.recordUploaded(...args);
      writes.push('upload recorded');
    },
    finish: async (lease, outcome) => {
      await sqlite.finish(lease, outcome);
      writes.push(
        outcome.kind === 'delivered' && outcome.created ? 'created and delivered' : outcome.kind,
      );
    },
  };
  const { client } = fakeClient((call, n) => (call.endpoint === 'create' ? 1001 : 500 + n));
  const deliverer = quickDeliverer(store, client);
  cleanups.push(async () => {
    await deliverer.stop(0);
    await sqlite.close();
  });
  const outcome = await sqlite.accept(
    sampleSubmission({ receivedAt: Date.now(), ...(files === 'none' ? { files: [] } : {}) }),
  );
  if (outcome.kind !== 'stored') throw new Error('not stored');
  expect(await deliverer.deliverNow(outcome.submission.id, 5000)).toMatchObject({
    state: 'delivered',
    enquiryId: 1001,
  });
  return { writes, lead: await sqlite.get(outcome.submission.reference) };
}

describe('a create’s answer', () => {
  it('is recorded with the delivery, in one write, where records share the writes’ commit and no file is left', async () => {
    const { writes, lead } = await deliverOne(true, 'none');
    expect(writes).toEqual(['created and delivered']);
    expect(lead).toMatchObject({ state: 'delivered', enquiryId: 1001, possibleDuplicate: false });
    expect(lead?.enquiryRecordedAt).toBe(lead?.deliveredAt);
  });

  it('is recorded alone, before the delivery ends, where records have connections of their own', async () => {
    const { writes, lead } = await deliverOne(false, 'none');
    expect(writes).toEqual(['create recorded', 'delivered']);
    expect(lead).toMatchObject({ state: 'delivered', enquiryId: 1001 });
  });

  it('is recorded alone, before any file is sent, wherever records go', async () => {
    const { writes } = await deliverOne(true, 'two');
    expect(writes).toEqual(['create recorded', 'upload recorded', 'upload recorded', 'delivered']);
  });
});
