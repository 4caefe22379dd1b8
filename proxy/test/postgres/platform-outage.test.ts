/**
 * The platform down under three proxies sharing a PostgreSQL outbox: one outage, seen by every
 * instance (each says it is failing, though only some tried), the platform asked at a backoff by
 * one instance at a time rather than by each in a loop, and every waiting enquiry sent once as
 * soon as it answers, by whichever instance saw it first.
 */
import { describe, expect, it } from 'vitest';
import { eventually } from '../platform/platform-session.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(absent)('the platform down under three instances', () => {
  it('is one outage for all, asked about at a backoff, and everything goes once it answers', async () => {
    const group = await sharedGroup(3, { env: { DELIVERY_DEADLINE_MS: '200' } });
    const [first, second] = group.instances;
    if (!first || !second) throw new Error('three instances');
    group.faults({ failRate: 1, failStatus: 503, retryAfterSeconds: null });
    for (let i = 0; i < 6; i++)
      expect((await (i % 2 === 0 ? first : second).submit()).status).toBe(202);
    const health = () =>
      Promise.all(group.instances.map(async (one) => (await one.get('/healthz')).body.status));
    // The third took no enquiry: it pauses all the same, from the outbox.
    expect(await eventually(health, (all) => all.every((s) => s === 'failing'), 15_000)).toEqual([
      'failing',
      'failing',
      'failing',
    ]);
    const asked = group.api.store.stats.createRequests;
    await pause(6000);
    // Each probe is one create without a forename: 2 s, then 4 s apart, one instance a time.
    expect(group.api.store.stats.createRequests - asked).toBeLessThanOrEqual(3);

    group.faults({ failRate: 0 });
    const inbox = await eventually(group.inbox, (all) => all.length >= 6, 45_000);
    expect(inbox).toHaveLength(6);
    expect(await eventually(health, (all) => all.every((s) => s === 'ok'), 10_000)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
  }, 90_000);
});
