/**
 * The deliverer waiting and stopping: all delivery paused on a 401 until the credentials work,
 * a visitor answered "queued" past the deadline, a lead given up when the schedule runs out,
 * stop() aborting what outlasts the drain and leaving what it claimed for the next start, a new
 * enquiry held while every place is taken, and a delivery the database interrupted.
 */
import { describe, expect, it, vi } from 'vitest';
import { Deliverer } from './deliverer.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { StoreUnavailableError } from '../outbox/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { apiError, fakeClient, sampleSubmission, type ApiCall } from '../test/fixtures/outbox.ts';
import { delivererPerTest, platform, state } from '../test/fixtures/delivery-harness.ts';

const { setUp, cleanups } = delivererPerTest();

describe('Deliverer', () => {
  it('pauses all delivery on a 401 and resumes by itself once the credentials work', async () => {
    let credentialsFixed = false;
    const fail = () =>
      credentialsFixed ? undefined : apiError('authentication', 'create', { status: 401 });
    const { deliverer, submit, store, calls, logs } = await setUp(platform(fail), {
      authRetryMs: 300,
    });
    expect(await deliverer.deliverNow(await submit('A'), 5000)).toEqual({ state: 'queued' });
    expect(deliverer.paused).toBe(true);
    // While paused, a new visitor's submission is stored and queued without calling the platform.
    expect(await deliverer.deliverNow(await submit('B'), 5000)).toEqual({ state: 'queued' });
    expect(calls).toHaveLength(1);
    expect(logs.text()).toContain('Check ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD');
    expect(await state(store, 'A')).toMatchObject({ attempts: 0, state: 'queued' });
    credentialsFixed = true;
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await store.counts()).delivered).toBe(2);
      },
      {
        timeout: 3000,
      },
    );
  });

  it('answers "queued" when delivery outlasts the deadline, and finishes in the background', async () => {
    const slow = async (call: ApiCall) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return call.endpoint === 'create' ? 1001 : 7;
    };
    const { deliverer, submit, store } = await setUp(slow);
    expect(await deliverer.deliverNow(await submit(), 50)).toEqual({ state: 'queued' });
    await vi.waitFor(
      async () => {
        expect((await state(store))?.state).toBe('delivered');
      },
      {
        timeout: 3000,
      },
    );
    expect((await state(store))?.attempts).toBe(1);
  });

  it('gives up after the schedule runs out', async () => {
    const fail = () => apiError('retryable', 'create', { status: 503 });
    const { deliverer, submit, store } = await setUp(platform(fail), {
      policy: { baseMs: 10, maxDelayMs: 20, giveUpAfterMs: 150 },
    });
    await deliverer.deliverNow(await submit(), 5000);
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await state(store))?.state).toBe('dead');
      },
      {
        timeout: 3000,
      },
    );
    expect((await state(store))?.note).toMatch(/^gave up after \d+ attempts: create failed/);
  });

  it('on stop, aborts deliveries that outlast the drain time and takes no new work', async () => {
    const hang = () => new Promise<number>(() => undefined);
    const { deliverer, submit, store, calls } = await setUp(hang);
    void deliverer.deliverNow(await submit(), 10_000);
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    const started = Date.now();
    await deliverer.stop(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await deliverer.deliverNow(await submit('B'), 100)).toEqual({ state: 'queued' });
    expect(calls).toHaveLength(1);
    expect((await state(store, 'B'))?.attempts).toBe(0);
  });

  it('leaves a submission claimed during stop() for the next start', async () => {
    const { deliverer, submit, store, calls } = await setUp(platform());
    const id = await submit();
    const answer = deliverer.deliverNow(id, 5000);
    await deliverer.stop(100);
    expect(await answer).toEqual({ state: 'queued' });
    expect(calls).toHaveLength(0);
    expect(await store.claim(id, 'next-process', 1000, Date.now())).not.toBeNull();
  });

  it('holds a new enquiry while every place is taken, and on stop gives it back to the queue', async () => {
    const hang = () => new Promise<number>(() => undefined);
    const { deliverer, store, calls } = await setUp(hang, { concurrency: 1 });
    const stored = async (reference: string) => {
      const at = Date.now();
      const outcome = await store.accept({
        ...sampleSubmission({ reference, receivedAt: at }),
        lease: { owner: deliverer.owner, until: at + 60_000 },
      });
      if (outcome.kind !== 'stored' || !outcome.lease) throw new Error('not stored leased');
      return { submission: outcome.submission, lease: outcome.lease };
    };
    void deliverer.deliverNow(await stored('A'), 10_000);
    const held = await stored('B');
    // Answered at once, not after the deadline, and not sent beside the one running.
    expect(await deliverer.deliverNow(held, 10_000)).toEqual({ state: 'queued' });
    expect(calls).toHaveLength(1);
    await deliverer.stop(0);
    expect(await store.claim(held.submission.id, 'next-process', 1000, Date.now())).not.toBeNull();
  });
});

describe('Deliverer when the outbox is away', () => {
  it('counts no attempt and grows no backoff for a delivery the database interrupted, and sends it again within seconds', async () => {
    const inner = openSqliteOutbox(':memory:');
    let away = true;
    // The database goes away as the first step is noted, and is back a moment later.
    const store = {
      ...inner,
      startStep: async (...args: Parameters<typeof inner.startStep>) => {
        if (away) {
          away = false;
          throw new StoreUnavailableError(new Error('connection refused'));
        }
        return inner.startStep(...args);
      },
    };
    const { client, calls } = fakeClient(platform());
    const deliverer = new Deliverer({
      store,
      client,
      log: createMemoryLogger().log,
      // A counted failure would wait half a minute at least.
      policy: { baseMs: 60_000, maxDelayMs: 60_000, giveUpAfterMs: 3_600_000 },
      pollMs: 50,
    });
    cleanups.push(async () => {
      await deliverer.stop(0);
      await inner.close();
    });
    await inner.accept(sampleSubmission({ receivedAt: Date.now() }));
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await state(inner))?.state).toBe('delivered');
      },
      { timeout: 3000 },
    );
    expect(await state(inner)).toMatchObject({ attempts: 1, lastError: null });
    expect(calls.filter((call) => call.endpoint === 'create')).toHaveLength(1);
  });
});
