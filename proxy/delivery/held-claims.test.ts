import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { fakeClient, sampleSubmission } from '../test/fixtures/outbox.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { Claimed } from '../outbox/lease.ts';
import { Deliverer } from './deliverer.ts';
import { MAX_WHOLE } from './held-claims.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const LEASE_MS = 60_000;

/**
 * One delivery place, its first create answered only once `open()` is called; `maxLeasesAlone`
 * of those waiting past the first `MAX_WHOLE` are kept by their leases alone.
 */
function setUp(maxLeasesAlone: number) {
  const store = openSqliteOutbox(':memory:');
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const { client, calls } = fakeClient(async (_call, n) => {
    if (n === 1) await gate;
    return 1000 + n;
  });
  const deliverer = new Deliverer({
    store,
    client,
    log: createMemoryLogger().log,
    concurrency: 1,
    leaseMs: LEASE_MS,
    pollMs: 50,
    maxLeasesAlone,
  });
  cleanups.push(async () => {
    open(); // an attempt at the gate would keep stop() waiting for its grace
    await deliverer.stop(0);
    await store.close();
  });
  /** Stores enquiry `n` leased to the deliverer, as the intake does, and hands it over. */
  const arrive = async (n: number) => {
    const outcome = await store.accept({
      ...sampleSubmission({ reference: `EQ-${String(n)}`, receivedAt: Date.now(), files: [] }),
      upstream: { ...sampleSubmission().upstream, surname: `N${String(n)}` },
      lease: deliverer.leaseForNew(),
    });
    if (outcome.kind !== 'stored' || !outcome.lease) throw new Error('not stored leased');
    const claimed: Claimed = { submission: outcome.submission, lease: outcome.lease };
    return { claimed, answer: deliverer.deliverNow(claimed, 10_000) };
  };
  /** The first enquiry, sent and waiting at the gate; then `count` more, held. */
  const flood = async (count: number) => {
    await arrive(0);
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    const held: Claimed[] = [];
    for (let n = 1; n <= count; n++) {
      const { claimed, answer } = await arrive(n);
      expect(await answer).toEqual({ state: 'queued' }); // told at once
      held.push(claimed);
    }
    return held;
  };
  return { store, calls, deliverer, open, flood };
}

const surnames = (calls: { enquiry?: { surname: string } }[]) =>
  calls.map((call) => call.enquiry?.surname);

describe('new enquiries held for a free delivery place', () => {
  it('keeps those past the first 256 by their leases alone, gives back only what is past that, and delivers all in the order they came', async () => {
    const { store, calls, open, flood } = setUp(10);
    const finish = vi.spyOn(store, 'finish');
    const heldAgain = vi.spyOn(store, 'heldAgain');
    const count = MAX_WHOLE + 10 + 2;
    await flood(count);
    const givenBack = finish.mock.calls.filter(([, outcome]) => outcome.kind === 'release');
    expect(givenBack).toHaveLength(2);
    open();
    await vi.waitFor(
      () => {
        expect(calls).toHaveLength(count + 1);
      },
      { timeout: 10_000 },
    );
    const order = Array.from({ length: count + 1 }, (_, n) => `N${String(n)}`);
    expect(surnames(calls)).toEqual(order);
    expect(heldAgain).toHaveBeenCalledTimes(10);
    await vi.waitFor(async () => {
      expect((await store.counts()).delivered).toBe(count + 1);
    });
  });

  it('skips one held by its lease alone that another claim took meanwhile, and starts the next', async () => {
    const { store, calls, open, flood } = setUp(10);
    const held = await flood(MAX_WHOLE + 2);
    const taken = held[MAX_WHOLE]!.submission.id;
    // Its lease ran out and another process took it (a newer token).
    const newer = await store.claim(taken, 'another', LEASE_MS, Date.now() + 2 * LEASE_MS);
    expect(newer).not.toBeNull();
    open();
    await vi.waitFor(
      () => {
        expect(calls).toHaveLength(MAX_WHOLE + 2);
      },
      { timeout: 10_000 },
    );
    expect(surnames(calls)).not.toContain(`N${String(MAX_WHOLE + 1)}`);
    expect(surnames(calls).at(-1)).toBe(`N${String(MAX_WHOLE + 2)}`);
  });

  it('gives back at stop those held by their leases alone, for the next start', async () => {
    const { store, deliverer, open, flood } = setUp(10);
    const held = await flood(MAX_WHOLE + 2);
    open();
    await deliverer.stop(0);
    for (const claimed of [held[0], held.at(-1)])
      expect(await store.claim(claimed!.submission.id, 'next-process', 1000, Date.now())).not.toBe(
        null,
      );
  });

  it('keeps none by its lease alone where instances share the outbox', async () => {
    const { store, flood } = setUp(0);
    const finish = vi.spyOn(store, 'finish');
    await flood(MAX_WHOLE + 3);
    const givenBack = finish.mock.calls.filter(([, outcome]) => outcome.kind === 'release');
    expect(givenBack).toHaveLength(3);
  });
});
