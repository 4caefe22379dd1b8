import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnquiryApiError } from '../client/errors.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { Deliverer } from './deliverer.ts';
import type { DelivererOptions } from './deliverer-options.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { StoreUnavailableError, type OperatorView } from '../outbox/store.ts';
import {
  apiError,
  fakeClient,
  SAMPLE_PDF,
  sampleSubmission,
  type ApiCall,
} from '../test/fixtures/outbox.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const FAST_POLICY = { baseMs: 20, maxDelayMs: 40, giveUpAfterMs: 60_000 };

async function setUp(
  answer: (call: ApiCall, n: number) => number | Promise<number>,
  options: Partial<DelivererOptions> = {},
) {
  const store = openSqliteOutbox(':memory:');
  const { client, calls } = fakeClient(answer);
  const logs = createMemoryLogger();
  const deliverer = new Deliverer({
    store,
    client,
    log: logs.log,
    policy: FAST_POLICY,
    pollMs: 50,
    random: () => 0,
    ...options,
  });
  cleanups.push(async () => {
    await deliverer.stop(0);
    await store.close();
  });
  const submit = async (reference = 'EQ-TEST-0001') => {
    const outcome = await store.accept(sampleSubmission({ reference, receivedAt: Date.now() }));
    if (outcome.kind !== 'stored') throw new Error('not stored');
    return outcome.submission.id;
  };
  return { store, calls, logs, deliverer, submit };
}

const state = async (store: Pick<OperatorView, 'get'>, reference = 'EQ-TEST-0001') =>
  store.get(reference);

/** Answers create with 1001 and uploads with 500 + n, unless `fail` says otherwise. */
const platform =
  (fail: (call: ApiCall, n: number) => Error | undefined = () => undefined) =>
  (call: ApiCall, n: number) => {
    const error = fail(call, n);
    if (error) throw error;
    return call.endpoint === 'create' ? 1001 : 500 + n;
  };

describe('Deliverer', () => {
  it('creates the enquiry, then uploads each file to it, and records every step', async () => {
    const { deliverer, submit, calls, store } = await setUp(platform());
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({ state: 'delivered', enquiryId: 1001 });
    expect(calls.map((c) => `${c.endpoint}:${c.postId ?? ''}:${c.name ?? ''}`)).toEqual([
      'create::',
      'upload:1001:plan.pdf',
      'upload:1001:photo.png',
    ]);
    expect(Buffer.from(calls[1]?.bytes ?? []).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
    const stored = await state(store);
    expect(stored).toMatchObject({
      state: 'delivered',
      enquiryId: 1001,
      attempts: 1,
      possibleDuplicate: false,
    });
    expect(stored?.files.map((f) => f.attachmentId)).toEqual([502, 503]);
  });

  it('resumes at the first unfinished upload and never creates the enquiry twice', async () => {
    const fail = (call: ApiCall, n: number) =>
      call.endpoint === 'upload' && n === 3
        ? apiError('retryable', 'upload', { status: 503 })
        : undefined;
    const { deliverer, submit, calls, store } = await setUp(platform(fail));
    expect(await deliverer.deliverNow(await submit(), 5000)).toEqual({ state: 'queued' });
    expect(await state(store)).toMatchObject({ state: 'queued', enquiryId: 1001, attempts: 1 });
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await state(store))?.state).toBe('delivered');
      },
      {
        timeout: 3000,
      },
    );
    expect(calls.map((c) => c.endpoint)).toEqual(['create', 'upload', 'upload', 'upload']);
    expect(calls.filter((c) => c.endpoint === 'upload').map((c) => c.name)).toEqual([
      'plan.pdf',
      'photo.png',
      'photo.png',
    ]);
  });

  it('dead-letters a submission the platform refuses, with the reason, and logs the answer in full', async () => {
    const fail = () => apiError('validation', 'create', { status: 400, parameter: 'forename' });
    const { deliverer, submit, store, logs } = await setUp(platform(fail));
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({
      state: 'dead',
      reason: 'the platform refused the create (400): parameter forename',
    });
    expect(await state(store)).toMatchObject({
      state: 'dead',
      note: 'the platform refused the create (400): parameter forename',
    });
    expect(
      logs
        .lines()
        .some(
          (line) =>
            line.msg === 'enquiry dead-lettered: the platform refused it' &&
            line.parameter === 'forename',
        ),
    ).toBe(true);
  });

  it('never sends a create again that the platform said yes to without a readable id', async () => {
    const accepted = () =>
      new EnquiryApiError('no id', {
        kind: 'unknown',
        endpoint: 'create',
        status: 201,
        outcomeUnknown: true,
        answeredSuccess: true,
      });
    const { deliverer, submit, store, calls } = await setUp(
      platform((call) => (call.endpoint === 'create' ? accepted() : undefined)),
    );
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({ state: 'dead' });
    expect((await state(store))?.note).toMatch(
      /created, id unknown: .*no readable enquiry id; the enquiry exists there/,
    );
    deliverer.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.map((c) => c.endpoint)).toEqual(['create']);
  });

  it('counts a file attached when the platform said yes without an attachment id, and goes on', async () => {
    const accepted = (call: ApiCall, n: number) =>
      call.endpoint === 'upload' && n === 2
        ? new EnquiryApiError('no id', {
            kind: 'unknown',
            endpoint: 'upload',
            status: 201,
            outcomeUnknown: true,
            answeredSuccess: true,
          })
        : undefined;
    const { deliverer, submit, store, calls } = await setUp(platform(accepted));
    expect(await deliverer.deliverNow(await submit(), 5000)).toMatchObject({ state: 'delivered' });
    expect((await state(store))?.files.map((f) => f.attachmentId)).toEqual([0, 503]);
    expect(calls).toHaveLength(3);
  });

  it('sends the other files when the platform refuses one, and finishes as partly delivered', async () => {
    const refuse = (call: ApiCall, n: number) =>
      call.endpoint === 'upload' && n === 2
        ? apiError('validation', 'upload', { status: 400, parameter: 'file[mime]' })
        : undefined;
    const { deliverer, submit, store, calls, logs } = await setUp(platform(refuse));
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({ state: 'delivered', submission: { state: 'partial' } });
    if (result.state !== 'delivered') throw new Error('not delivered');
    expect(result.submission.files.map((f) => [f.attachmentId, f.failure !== null])).toEqual([
      [null, true],
      [503, false],
    ]);
    expect(calls.map((c) => c.endpoint)).toEqual(['create', 'upload', 'upload']);
    expect(await state(store)).toMatchObject({ state: 'partial', attempts: 1 });
    expect(logs.text()).toContain(
      'a file could not be delivered (refused or not converted); the others are still sent',
    );
    // A refused file is not sent again by the background loop.
    deliverer.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(3);
  });

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

  it('retries a create of unknown outcome and counts the enquiry as a possible duplicate', async () => {
    const fail = (_call: ApiCall, n: number) =>
      n === 1 ? apiError('retryable', 'create', { outcomeUnknown: true }) : undefined;
    const { deliverer, submit, store, logs } = await setUp(platform(fail));
    await deliverer.deliverNow(await submit(), 5000);
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await state(store))?.state).toBe('delivered');
      },
      {
        timeout: 3000,
      },
    );
    expect(await state(store)).toMatchObject({ unknownCreates: 1, possibleDuplicate: true });
    expect((await store.counts()).possibleDuplicates).toBe(1);
    expect(logs.text()).toContain('possible duplicate');
  });

  it('counts a create the previous process sent but never saw answered (killed mid-step)', async () => {
    const { deliverer, submit, store, logs } = await setUp(platform());
    const id = await submit();
    // What a process killed right after sending the create leaves behind:
    const claimed = await store.claim(id, 'dead-process', 60_000, Date.now());
    if (!claimed) throw new Error('not claimed');
    await store.startStep(claimed.lease, { kind: 'create' }, Date.now() + 60_000);
    expect(await store.releaseAllLeases()).toBe(1);
    expect(await deliverer.deliverNow(id, 5000)).toMatchObject({ state: 'delivered' });
    expect(await state(store)).toMatchObject({
      unknownCreates: 1,
      possibleDuplicate: true,
      pendingStep: null,
    });
    expect(logs.text()).toContain('an earlier attempt stopped after sending the create');
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
