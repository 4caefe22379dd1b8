/**
 * 500 enquiries with files through the proxy while the platform misbehaves in every way the
 * stand-in can: latency, a burst of 503s, random failures and hanging requests, connections
 * dropped after the enquiry was created, and a full outage. After recovery every accepted
 * enquiry must be at the platform with its files intact, and every duplicate counted.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import type { FaultPatch } from '../../../demo/enquiry-api/fault-settings.ts';
import { loadProxyEnv } from '../../env.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import type { OutboxStore } from '../../outbox/store.ts';
import { startProxy, type RunningProxy } from '../../server.ts';
import { proxyEnvFor } from '../fixtures/proxy-env.ts';
import { arrivals, reconcile, sendSubmissions, waitUntil, type SentSubmission } from './load.ts';
import { storedLeads } from '../fixtures/outbox.ts';

const CREDENTIALS = { username: 'reliability-7d21', password: 'fault injection password' };
const RUN = `faults-${Date.now()}`;

/**
 * Each phase: 100 submissions while the platform behaves like this. The platform failing its
 * own check too is an outage, which pauses delivery until it answers (`delivery/outage-watch.ts`):
 * so the phases where it answers some requests come first, each waited out before the next,
 * and the outages last.
 */
const PHASES: { name: string; faults: FaultPatch; drainedWithin?: boolean }[] = [
  { name: 'slow', faults: { latencyMs: 40 }, drainedWithin: true },
  { name: 'flaky and hanging', faults: { failRate: 0.15, hangRate: 0.04 }, drainedWithin: true },
  {
    name: 'dropped after create',
    faults: { dropAfterCreateRate: 0.12, endpoints: ['create'] },
    drainedWithin: true,
  },
  {
    name: 'burst of 503',
    faults: { latencyMs: 5, failNext: 150, failStatus: 503, retryAfterSeconds: null },
  },
  { name: 'outage', faults: { failRate: 1, failStatus: 503, retryAfterSeconds: 1 } },
];

let api: RunningEnquiryApi;
let proxy: RunningProxy;
let outbox: OutboxStore;
const logs = createMemoryLogger('info');

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS, faults: { seed: 20270327 } });
  const env = loadProxyEnv(
    proxyEnvFor(api, CREDENTIALS, {
      DELIVERY_DEADLINE_MS: '300',
      UPSTREAM_TIMEOUT_MS: '1000',
      RETRY_BASE_MS: '50',
      RETRY_MAX_DELAY_MS: '500',
    }),
  );
  proxy = await startProxy(env, logs.log);
  outbox = openSqliteOutbox(join(env.DATA_DIR, 'outbox.sqlite'));
});

afterAll(async () => {
  await outbox.close();
  await proxy.close();
  await api.close();
});

describe('delivery under injected faults', () => {
  it('delivers every accepted enquiry with its files once the platform recovers, and counts duplicates', async () => {
    const sent: SentSubmission[] = [];
    const answered: Record<string, Record<number, number>> = {};
    for (const [i, phase] of PHASES.entries()) {
      api.faults.reset();
      api.faults.set(phase.faults);
      const batch = await sendSubmissions(
        proxy.url,
        { from: i * 100, to: (i + 1) * 100 },
        { concurrency: 16, runId: RUN },
      );
      answered[phase.name] = countBy(batch.map((s) => s.status));
      sent.push(...batch);
      // The platform misbehaving this way while it delivers this phase's enquiries.
      if (phase.drainedWithin)
        expect(await waitUntil(async () => (await outbox.counts()).queued === 0, 60_000, 200)).toBe(
          true,
        );
    }

    const recoveredAt = Date.now();
    api.faults.reset();
    const drained = await waitUntil(async () => (await outbox.counts()).queued === 0, 90_000, 200);
    const drainSeconds = (Date.now() - recoveredAt) / 1000;
    expect(drained).toBe(true);

    const recorded = new Map<string, number | null>();
    for (const submission of await storedLeads(outbox))
      recorded.set(submission.reference, submission.enquiryId);
    const result = reconcile(
      sent,
      await arrivals(api, RUN),
      (reference) => recorded.get(reference) ?? null,
    );
    const counts = await outbox.counts();
    const figures = {
      sent: sent.length,
      answered,
      accepted: result.accepted,
      delivered: counts.delivered,
      deliveredIntact: result.deliveredIntact,
      lost: result.lost.length,
      dead: counts.dead,
      duplicateEnquiriesAtPlatform: result.duplicateEnquiries,
      possibleDuplicatesCounted: counts.possibleDuplicates,
      possibleDuplicateUploadsCounted: counts.possibleDuplicateUploads,
      duplicateUploads: result.duplicateUploads,
      drainSeconds,
      platformStats: { ...api.store.stats },
    };
    console.log(`fault-injection figures: ${JSON.stringify(figures)}`);

    expect(result.accepted).toBe(500);
    expect(result.lost).toEqual([]);
    expect(counts).toMatchObject({ delivered: 500, queued: 0, dead: 0 });
    // Every real duplicate was flagged: the counter may over-count (a hang that never created), never under-count.
    expect(counts.possibleDuplicates).toBeGreaterThanOrEqual(result.duplicateEnquiries);
    expect(counts.possibleDuplicateUploads).toBeGreaterThanOrEqual(result.duplicateUploads);
    expect(result.duplicateEnquiries).toBeGreaterThan(0);
    expect(logs.text()).toContain('possible duplicate');
    const basic = Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64');
    for (const secret of [CREDENTIALS.username, CREDENTIALS.password, basic])
      expect(logs.text()).not.toContain(secret);
  }, 300_000);
});

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
