/**
 * Signed webhooks across a proxy killed with SIGKILL mid-delivery and started again on the same
 * data directory: each endpoint receives each event about each enquiry at least once, every
 * request verifies with the Standard Webhooks library, and deduplicating by `webhook-id` leaves
 * exactly one message per event.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { proxyEnvFor } from '../fixtures/proxy-env.ts';
import {
  newSecret,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../fixtures/webhook-receiver.ts';
import { sendSubmissions, waitUntil } from './load.ts';
import { kill, startProxyProcess } from './proxy-process.ts';

const CREDENTIALS = { username: 'webhook-crash', password: 'webhook crash password' };
const RUN = `webhook-crash-${String(Date.now())}`;
const COUNT = 12;
const EVENTS = ['enquiry.received', 'enquiry.delivered'] as const;

let api: RunningEnquiryApi;
let receivers: { hook: WebhookReceiver; secret: string }[];
let dataDir: string;

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS, faults: { latencyMs: 100 } });
  dataDir = mkdtempSync(join(tmpdir(), 'webhook-crash-'));
  // One quick endpoint and one slow one, so tries are in flight when the plug is pulled.
  receivers = await Promise.all(
    [0, 400].map(async (delayMs) => {
      const secret = newSecret();
      return { secret, hook: await startWebhookReceiver({ secret, delayMs }) };
    }),
  );
});
afterAll(async () => {
  await Promise.all(receivers.map(({ hook }) => hook.close()));
  await api.close();
});

const startProxy = () =>
  startProxyProcess(
    proxyEnvFor(api, CREDENTIALS, {
      DATA_DIR: dataDir,
      DELIVERY_DEADLINE_MS: '0',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_CONCURRENCY: '2',
      WEBHOOK_ENDPOINTS: JSON.stringify(
        receivers.map(({ hook, secret }) => ({ url: hook.url, secret, events: EVENTS })),
      ),
    }),
  );

const owed = (hook: WebhookReceiver) =>
  new Set(hook.messages().map((m) => `${m.payload.type}:${String(m.payload.data.reference)}`));

describe('signed webhooks across a proxy killed mid-delivery', () => {
  it('reach every endpoint with every event at least once, and exactly once by webhook-id', async () => {
    const first = startProxy();
    const url = await first.listening;
    const sent = await sendSubmissions(url, { from: 0, to: COUNT }, { concurrency: 4, runId: RUN });
    expect(sent.every((s) => s.status === 202)).toBe(true);
    const slow = receivers[1]?.hook;
    await waitUntil(async () => Promise.resolve((slow?.arrivals.length ?? 0) >= 3), 20_000, 20);
    await kill(first);

    const second = startProxy();
    await second.listening;
    const references = sent.map((s) => s.reference);
    const everything = new Set(EVENTS.flatMap((event) => references.map((r) => `${event}:${r}`)));
    const done = await waitUntil(
      async () =>
        Promise.resolve(receivers.every(({ hook }) => owed(hook).size === everything.size)),
      60_000,
      100,
    );
    await kill(second, 'SIGTERM');
    for (const { hook } of receivers) {
      expect(hook.refused).toEqual([]);
      expect(owed(hook)).toEqual(everything);
      expect(hook.messages()).toHaveLength(everything.size);
    }
    expect(done).toBe(true);
    console.log(
      `webhook crash figures: ${JSON.stringify(
        receivers.map(({ hook }) => ({
          arrivals: hook.arrivals.length,
          messages: hook.messages().length,
        })),
      )}`,
    );
  }, 120_000);
});
