/**
 * Truthful health through the whole proxy: `failing` while the platform is down, `ok` once it
 * delivers again; the metrics count what the platform answered.
 */
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../fixtures/proxy-env.ts';
import { eventually, platformSession } from './platform-session.ts';

describe('health and metrics', () => {
  it('says failing while the platform answers 503, ok once it delivers again', async () => {
    const session = await platformSession();
    expect((await session.submit()).status).toBe(201);
    expect((await session.health()).public).toEqual({ status: 'ok' });

    session.faults({ failRate: 1, failStatus: 503 });
    expect((await session.submit()).status).toBe(202);
    const down = await session.health();
    expect(down.public).toEqual({ status: 'failing' });
    expect(down.status).toBe('failing');

    session.faults({ failRate: 0 });
    const delivered = await eventually(session.health, (health) => health.outbox.delivered === 2);
    // The outbox counts the delivery as it records it; health hears of it just after, so it is
    // asked again until it says ok (within the same few seconds), not read in that instant.
    const after = await eventually(session.health, (health) => health.public.status === 'ok');
    expect([delivered.outbox.delivered, after.public]).toEqual([2, { status: 'ok' }]);

    const metrics = await (
      await fetch(`${session.proxy.url}/metrics`, {
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      })
    ).text();
    expect(metrics).toMatch(
      /enquiry_upstream_responses_total\{endpoint="create",status="503"\} [1-9]/,
    );
    expect(metrics).toMatch(/enquiry_delivery_attempts_total\{state="delivered",failure=""\} 2/);
    expect(metrics).toContain('enquiry_delivery_latency_seconds_count 2');
  });
});
