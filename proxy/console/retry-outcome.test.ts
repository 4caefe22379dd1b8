import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  harnessPerTest,
  healthyPlatform,
  type ProxyHarness,
} from '../test/fixtures/proxy-harness.ts';
import { sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { retryOutcome } from './retry-outcome.ts';

const setUp = harnessPerTest();

/** The console's wait, on the harness's own deliverer and outbox. */
const waitOn = (h: ProxyHarness) => ({
  paused: () => h.deliverer.pauseState !== undefined,
  deliverNow: (id: number, ms: number) => h.deliverer.deliverNow(id, ms),
  get: (reference: string) => h.store.get(reference),
});

describe('what Retry now says', () => {
  it('waits for an attempt it could not claim (the background loop took the lead first) and says it went', async () => {
    // The platform answers the create after 300 ms: the other attempt is still running when
    // the press tries to claim the lead.
    const h = setUp({
      answer: async (call, n) => {
        if (call.endpoint === 'create') await sleep(300);
        return healthyPlatform(call, n);
      },
    });
    const { id } = await stored(h.store, sampleSubmission({ reference: 'EQ-RACE-0001' }));
    const lead = await h.store.get('EQ-RACE-0001');
    if (!lead) throw new Error('not stored');
    const other = h.deliverer.deliverNow(id, 10_000);
    expect(await retryOutcome(lead, waitOn(h))).toBe('delivered');
    expect((await h.store.get('EQ-RACE-0001'))?.state).toBe('delivered');
    await other;
  });

  it('says it is still queued when no attempt ends within the wait', async () => {
    const h = setUp({
      answer: async (call, n) => {
        await sleep(1000);
        return healthyPlatform(call, n);
      },
    });
    await stored(h.store, sampleSubmission({ reference: 'EQ-SLOW-0001' }));
    const lead = await h.store.get('EQ-SLOW-0001');
    if (!lead) throw new Error('not stored');
    expect(await retryOutcome(lead, waitOn(h), 300)).toBe('queued');
  });
});
