/**
 * The delivery loop fills a place the moment it frees while the queue has work: a delivery that
 * ends while the loop is reading the queue must not leave its place empty until the next poll.
 * Only `setTimeout` is faked, so the loop's polls wait for the test's clock and nothing else does
 * (the store's writes and the platform's answers run as they would).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { fakeClient, sampleSubmission } from '../test/fixtures/outbox.ts';
import { Deliverer } from './deliverer.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the event loop run `turns` times (I/O, immediates, promises), never a timer. */
async function settle(turns = 50): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1)
    await new Promise((resolve) => {
      setImmediate(resolve);
    });
}

describe('Deliverer, its loop', () => {
  it('starts the next queued enquiry as soon as a delivery ends during a look at the queue', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = openSqliteOutbox(':memory:');
    const answers: (() => void)[] = [];
    const { client, calls } = fakeClient(
      (call) =>
        new Promise<number>((resolve) => {
          answers.push(() => {
            resolve(call.endpoint === 'create' ? 1000 + calls.length : 1);
          });
        }),
    );
    const arrive = (reference: string) =>
      store.accept(sampleSubmission({ reference, files: [], receivedAt: Date.now() }));
    await arrive('EQ-WAKE-0001');
    // The loop's look at when the next one is due waits until the test lets it go on.
    let lookAhead: () => void = () => undefined;
    const nextDueAt = store.nextDueAt.bind(store);
    store.nextDueAt = async () => {
      await new Promise<void>((resolve) => {
        lookAhead = resolve;
      });
      return nextDueAt();
    };
    const deliverer = new Deliverer({
      store,
      client,
      log: createMemoryLogger().log,
      // A place left free while the first is sent: the loop looks ahead then (with every place
      // taken it need not, as a place that frees wakes it).
      concurrency: 2,
      pollMs: 60_000,
    });
    try {
      deliverer.start();
      await vi.advanceTimersByTimeAsync(0);
      await settle();
      expect(calls).toHaveLength(1); // the first taken, the loop now looking ahead
      await arrive('EQ-WAKE-0002'); // stored behind the loop's back: no wake

      answers.shift()?.(); // the first delivery ends while the loop still looks
      await settle();
      expect((await store.get('EQ-WAKE-0001'))?.state).toBe('delivered');
      lookAhead();
      await settle();
      // No time passes: before, its place stayed empty until the next poll, 50 ms on.
      await vi.advanceTimersByTimeAsync(0);
      await settle();
      expect(calls.map((call) => call.endpoint)).toEqual(['create', 'create']);
    } finally {
      lookAhead();
      answers.forEach((answer) => {
        answer();
      });
      vi.useRealTimers();
      await deliverer.stop(1000);
      await store.close();
    }
  });
});
