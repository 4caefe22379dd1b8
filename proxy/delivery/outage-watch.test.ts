import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckReport } from '../client/check.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import {
  apiError,
  fakeClient,
  sampleSubmission,
  leaseOf,
  storedLeads,
  type ApiCall,
} from '../test/fixtures/outbox.ts';
import { Deliverer } from './deliverer.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A window far shorter than the outage: 150 ms. */
const SHORT_WINDOW = { baseMs: 10, maxDelayMs: 20, giveUpAfterMs: 150 };
const NAMES = ['Ames', 'Byron', 'Curie', 'Dirac', 'Euler', 'Fermi'];

/**
 * A deliverer over an outbox in memory, a platform that fails every call while `down`, unless
 * `refuse` names a lead it fails on its own, and a check that fails while it is down.
 */
function setUp(refuse: (call: ApiCall) => Error | undefined = () => undefined) {
  const platform = { down: true, checks: 0 };
  const { client, calls } = fakeClient((call) => {
    if (platform.down) throw apiError('retryable', call.endpoint, { status: 503 });
    const error = refuse(call);
    if (error) throw error;
    return call.endpoint === 'create' ? 1001 : 5001;
  });
  const check = (): Promise<CheckReport> => {
    platform.checks += 1;
    return Promise.resolve(
      platform.down
        ? { ok: false, findings: [], problem: apiError('retryable', 'create', { status: 503 }) }
        : { ok: true, findings: [] },
    );
  };
  const store = openSqliteOutbox(':memory:');
  const logs = createMemoryLogger();
  const deliverer = new Deliverer({
    store,
    client,
    log: logs.log,
    check,
    policy: SHORT_WINDOW,
    pollMs: 50,
    random: () => 0,
  });
  cleanups.push(async () => {
    await deliverer.stop(0);
    await store.close();
  });
  const submit = async (surname: string, receivedAt: number) => {
    const submission = sampleSubmission({ reference: surname, receivedAt, files: [] });
    await store.accept({ ...submission, upstream: { ...submission.upstream, surname } });
  };
  const creates = () => calls.filter((call) => call.endpoint === 'create');
  return { store, deliverer, platform, creates, submit, logs };
}

describe('an outage of the platform', () => {
  it('pauses delivery while every delivery and the check fail, dead-letters nobody past their window, and sends everything oldest first once the platform answers', async () => {
    const { store, deliverer, platform, creates, submit } = setUp();
    const start = Date.now();
    for (const [i, name] of NAMES.entries()) await submit(name, start + i);
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect(await store.platformOutage()).not.toBeNull();
      },
      {
        timeout: 3000,
      },
    );
    // Four times the window, down: nobody is dead, and the platform is not asked in a loop.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const tried = creates().length;
    expect((await storedLeads(store)).map((lead) => lead.state)).toEqual(NAMES.map(() => 'queued'));
    expect(deliverer.paused).toBe(true);
    expect(tried).toBeLessThanOrEqual(NAMES.length + 3);
    expect(platform.checks).toBeLessThanOrEqual(2);

    platform.down = false;
    await vi.waitFor(
      async () => {
        expect((await store.counts()).delivered).toBe(NAMES.length);
      },
      {
        timeout: 10_000,
      },
    );
    const sent = creates()
      .slice(tried)
      .map((call) => call.enquiry?.surname);
    expect(sent).toEqual(NAMES);
    expect(await store.platformOutage()).toBeNull();
    expect(deliverer.paused).toBe(false);
  });

  it('stops saying the platform fails once another instance ends the outage, though it has no lead left to send', async () => {
    const { store, deliverer, submit } = setUp();
    await submit('Ames', Date.now());
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect(await store.platformOutage()).not.toBeNull();
      },
      { timeout: 3000 },
    );
    expect(deliverer.upstreamDown).toBeDefined();
    // Another instance's probe found the platform back and sent the lead itself.
    const [lead] = await storedLeads(store);
    if (!lead) throw new Error('the lead is stored');
    await store.finish(await leaseOf(store, lead.id, Date.now()), {
      kind: 'delivered',
      at: Date.now(),
    });
    await store.endOutage(Date.now());
    await vi.waitFor(
      () => {
        expect(deliverer.upstreamDown).toBeUndefined();
      },
      { timeout: 3000 },
    );
    expect(deliverer.paused).toBe(false);
  });

  it('still dead-letters a lead the platform fails alone once its window is over', async () => {
    const alone = (call: ApiCall) =>
      call.enquiry?.surname === 'Byron'
        ? apiError('retryable', 'create', { status: 500 })
        : undefined;
    const { store, deliverer, platform, submit, logs } = setUp(alone);
    platform.down = false;
    await submit('Ames', Date.now());
    await submit('Byron', Date.now());
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await store.get('Byron'))?.state).toBe('dead');
      },
      {
        timeout: 5000,
      },
    );
    expect((await store.get('Ames'))?.state).toBe('delivered');
    expect(await store.platformOutage()).toBeNull();
    expect(logs.text()).not.toContain('the platform is down');
  });

  it('dead-letters at once a lead the platform refuses while it is up', async () => {
    const refused = (call: ApiCall) =>
      call.enquiry?.surname === 'Curie'
        ? apiError('validation', 'create', { status: 400, parameter: 'email' })
        : undefined;
    const { store, deliverer, platform, submit, creates } = setUp(refused);
    platform.down = false;
    await submit('Curie', Date.now());
    deliverer.start();
    await vi.waitFor(async () => {
      expect((await store.get('Curie'))?.state).toBe('dead');
    });
    expect(creates()).toHaveLength(1);
  });
});
