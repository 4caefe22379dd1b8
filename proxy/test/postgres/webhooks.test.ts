/**
 * Two proxy instances sharing one PostgreSQL outbox send the same endpoint's webhooks at once:
 * every message arrives, and no try is sent by both (each arrives exactly once, with no crash
 * to excuse a repeat).
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { Webhooks } from '../../webhooks/webhooks.ts';
import { missing } from '../fixtures/postgres-server.ts';
import { usePostgresServer } from '../fixtures/use-postgres-server.ts';
import { sampleSubmission, stored } from '../fixtures/outbox.ts';
import { newSecret, startWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { waitUntil } from '../reliability/load.ts';

const absent = missing();
const postgres = usePostgresServer();

describe.skipIf(absent)('webhooks from two instances on one PostgreSQL outbox', () => {
  it('deliver every message, and never the same try from both', async () => {
    const url = await postgres().createDatabase();
    const [a, b] = await Promise.all([openPostgresOutbox(url), openPostgresOutbox(url)]);
    const secret = newSecret();
    const hook = await startWebhookReceiver({ secret, delayMs: 30 });
    const endpoint = {
      url: hook.url,
      secret,
      events: ['enquiry.received' as const],
      includeFiles: false,
    };
    const instances = [a, b].map(
      (store) =>
        new Webhooks({
          endpoints: [endpoint],
          store,
          log: createMemoryLogger().log,
          timeoutMs: 5000,
          concurrency: 4,
          filesMaxBytes: 0,
          pollMs: 20,
        }),
    );
    try {
      await instances[0]?.sweep();
      const COUNT = 40;
      for (let i = 0; i < COUNT; i += 1)
        await stored(
          a,
          sampleSubmission({ reference: `EQ-PG-${String(i)}`, receivedAt: Date.now() }),
        );
      for (const instance of instances) instance.start();
      expect(
        await waitUntil(async () => Promise.resolve(hook.messages().length === COUNT), 30_000, 50),
      ).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hook.refused).toEqual([]);
      expect(hook.arrivals).toHaveLength(COUNT);
      const owners = await a.listWebhooks({ limit: 100 });
      expect(owners.every((d) => d.state === 'delivered' && d.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop(1000)));
      await hook.close();
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
