/**
 * The proxy is killed with SIGKILL in the middle of delivering, then started again on the same
 * data directory: everything it had accepted must still arrive, with its files.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import { adminStatus, proxyEnvFor } from '../fixtures/proxy-env.ts';
import { arrivals, reconcile, sendSubmissions, waitUntil } from './load.ts';
import { startProxyProcess } from './proxy-process.ts';
import { storedLeads } from '../fixtures/outbox.ts';

const CREDENTIALS = { username: 'crash-test', password: 'crash test password' };
const RUN = `crash-${Date.now()}`;
const COUNT = 60;

let api: RunningEnquiryApi;
let dataDir: string;

beforeAll(async () => {
  // Slow enough that deliveries are mid-way when the proxy is killed.
  api = await startEnquiryApi({ credentials: CREDENTIALS, faults: { latencyMs: 150 } });
  dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
});
afterAll(async () => {
  await api.close();
});

/** Starts `npm run proxy`'s entry point as a separate process and resolves with its URL. */
async function startProxy(): Promise<{ url: string; child: ChildProcess }> {
  const proxy = startProxyProcess(
    proxyEnvFor(api, CREDENTIALS, {
      DATA_DIR: dataDir,
      DELIVERY_DEADLINE_MS: '0',
      RETRY_BASE_MS: '50',
      RETRY_MAX_DELAY_MS: '500',
    }),
  );
  return { url: await proxy.listening, child: proxy.child };
}

const health = async (url: string) =>
  (await adminStatus<{ outbox: { queued: number; delivered: number } }>(url)).outbox;

describe('a proxy killed mid-delivery', () => {
  it('delivers everything it accepted after a restart', async () => {
    const first = await startProxy();
    const sent = await sendSubmissions(
      first.url,
      { from: 0, to: COUNT },
      { concurrency: 8, runId: RUN },
    );
    expect(sent.every((s) => s.status === 202)).toBe(true);
    // Let some deliveries finish and others be caught half-way, then pull the plug.
    await waitUntil(async () => (await health(first.url)).delivered >= 5, 20_000, 50);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const outbox = openSqliteOutbox(join(dataDir, 'outbox.sqlite'));
    const atCrash = await outbox.counts();
    expect(atCrash.queued).toBeGreaterThan(0);

    const restartedAt = Date.now();
    const second = await startProxy();
    const drained = await waitUntil(
      async () => (await health(second.url)).queued === 0,
      60_000,
      100,
    );
    expect(drained).toBe(true);

    const recorded = new Map((await storedLeads(outbox)).map((s) => [s.reference, s.enquiryId]));
    const result = reconcile(
      sent,
      await arrivals(api, RUN),
      (reference) => recorded.get(reference) ?? null,
    );
    const counts = await outbox.counts();
    console.log(
      `crash figures: ${JSON.stringify({
        accepted: result.accepted,
        deliveredBeforeKill: atCrash.delivered,
        queuedAtKill: atCrash.queued,
        delivered: counts.delivered,
        lost: result.lost.length,
        duplicateEnquiriesAtPlatform: result.duplicateEnquiries,
        possibleDuplicatesCounted: counts.possibleDuplicates,
        possibleDuplicateUploadsCounted: counts.possibleDuplicateUploads,
        duplicateUploads: result.duplicateUploads,
        secondsToDrainAfterRestart: (Date.now() - restartedAt) / 1000,
      })}`,
    );
    await outbox.close();
    second.child.kill('SIGTERM');

    expect(result).toMatchObject({ accepted: COUNT, deliveredIntact: COUNT, lost: [] });
    expect(counts).toMatchObject({ delivered: COUNT, queued: 0, dead: 0 });
    expect(counts.possibleDuplicates).toBeGreaterThanOrEqual(result.duplicateEnquiries);
    expect(counts.possibleDuplicateUploads).toBeGreaterThanOrEqual(result.duplicateUploads);
  }, 120_000);
});
