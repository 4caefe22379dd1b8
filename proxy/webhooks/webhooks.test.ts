import { describe, expect, it } from 'vitest';
import { Deliverer } from '../delivery/deliverer.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { Notifier } from '../notify/notifier.ts';
import {
  fakeClient,
  leaseOf,
  SAMPLE_PDF,
  SAMPLE_PNG,
  sampleSubmission,
  stored,
} from '../test/fixtures/outbox.ts';
import { deliveredWith, round, webhooksHarness } from '../test/fixtures/webhooks-harness.ts';
import { RETRY_SCHEDULE_MS } from './schedule.ts';

const { receiver, webhooksOn, openStore, afterTest } = webhooksHarness();

describe('signed webhooks', () => {
  it('signs every message so the Standard Webhooks library verifies it, and the receiver refuses a replay and a tampered body', async () => {
    const store = openStore();
    const hook = await receiver();
    const { webhooks } = webhooksOn(store, { endpoints: [hook.endpoint] });
    await round(webhooks); // the endpoint is first seen now: it is owed what comes after
    const { id } = await stored(store, sampleSubmission({ receivedAt: Date.now() }));
    await round(webhooks);
    await store.finish(await leaseOf(store, id, Date.now()), { kind: 'delivered', at: Date.now() });
    await round(webhooks);

    expect(hook.refused).toEqual([]);
    expect(hook.messages().map((m) => m.payload.type)).toEqual([
      'enquiry.received',
      'enquiry.delivered',
    ]);
    const [received, delivered] = hook.messages();
    expect(received?.id).toMatch(/^msg_/);
    expect(received?.payload.data).toMatchObject({
      reference: 'EQ-TEST-0001',
      enquiryId: null,
      enquiry: {
        forename: 'Ada',
        email: 'ada@example.com',
        meta: [{ id: 'transaction', label: 'Are you buying or selling?', value: 'Buying' }],
        marketing_campaign: 'spring-2027',
      },
      files: [
        {
          name: 'plan.pdf',
          mime: 'application/pdf',
          size: SAMPLE_PDF.byteLength,
          sha256: 'a',
          outcome: 'pending',
        },
        {
          name: 'photo.png',
          mime: 'image/png',
          size: SAMPLE_PNG.byteLength,
          sha256: 'b',
          outcome: 'pending',
        },
      ],
    });
    expect(JSON.stringify(received?.payload)).not.toContain('content');
    expect(delivered?.payload.data).toMatchObject({ state: 'delivered' });

    const headers = hook.headersOf(0);
    const body = received?.body ?? '';
    expect(await hook.replay({ headers, body: body.replace('Ada', 'Eve') })).toBe(400);
    // The same request replayed six minutes later: its timestamp is too old to be believed.
    const sixMinutesAgo = String(Math.floor(Date.now() / 1000) - 360);
    expect(
      await hook.replay({ headers: { ...headers, 'webhook-timestamp': sixMinutesAgo }, body }),
    ).toBe(400);
    expect(hook.refused).toEqual([
      expect.stringMatching(/signature/i),
      expect.stringMatching(/signature|too old/i),
    ]);
    // Replayed at once, it verifies, and the receiver sees its webhook-id again: one message.
    expect(await hook.replay({ headers, body })).toBe(204);
    expect(hook.arrivals).toHaveLength(3);
    expect(hook.messages()).toHaveLength(2);
  });

  it('sends the files’ bytes to an endpoint that asks for them, within the configured size, even once delivery dropped them', async () => {
    const store = openStore();
    const hook = await receiver();
    const { webhooks } = webhooksOn(store, {
      endpoints: [{ ...hook.endpoint, includeFiles: true }],
      filesMaxBytes: SAMPLE_PDF.byteLength,
    });
    await round(webhooks);
    await deliveredWith(store, webhooks);
    await round(webhooks);
    const [received] = hook.messages();
    expect(received?.payload.data.files).toMatchObject([
      { name: 'plan.pdf', content: Buffer.from(SAMPLE_PDF).toString('base64') },
      { name: 'photo.png', content: null, contentOmitted: 'too_large' },
    ]);
  });

  it('retries an endpoint answering 500 on the Svix schedule, then gives it up and alerts the firm, while the platform and a healthy endpoint are on time', async () => {
    const store = openStore();
    const clock = { now: Date.UTC(2027, 2, 27, 9) };
    const now = () => clock.now;
    const failing = await receiver({ answer: () => 500, now });
    const healthy = await receiver({ now });
    const { webhooks } = webhooksOn(store, {
      endpoints: [failing.endpoint, healthy.endpoint],
      now,
    });
    await round(webhooks);
    const { client, calls } = fakeClient((call) => (call.endpoint === 'create' ? 1001 : 7));
    const deliverer = new Deliverer({
      store,
      client,
      log: createMemoryLogger().log,
      now,
      beforeAttempt: (submission) => webhooks.beforeAttempt(submission),
    });
    afterTest(() => deliverer.stop(0));
    const { id } = await stored(store, sampleSubmission({ receivedAt: clock.now }));
    expect(await deliverer.deliverNow(id, 5000)).toMatchObject({ state: 'delivered' });
    expect(calls.map((call) => call.endpoint)).toEqual(['create', 'upload', 'upload']);
    await round(webhooks);
    expect(healthy.messages().map((m) => [m.payload.type, m.at])).toEqual([
      ['enquiry.received', Math.floor(clock.now / 1000) * 1000],
      ['enquiry.delivered', Math.floor(clock.now / 1000) * 1000],
    ]);
    // enquiry.received's tries, second by second through a day and a half.
    const start = clock.now;
    const triedAt = () =>
      failing.arrivals
        .filter((a) => a.payload.type === 'enquiry.received')
        .map((a) => a.at - start);
    const waits = RETRY_SCHEDULE_MS.slice(1);
    for (const [index, wait] of waits.entries()) {
      clock.now += wait - 1000;
      await round(webhooks);
      expect(triedAt().length).toBe(index + 1);
      clock.now += 1000;
      await round(webhooks);
    }
    let elapsed = 0;
    expect(triedAt()).toEqual([0, ...waits.map((wait) => (elapsed += wait))]);
    expect(healthy.arrivals).toHaveLength(2);
    clock.now += 24 * 3_600_000;
    await round(webhooks);
    expect(triedAt()).toHaveLength(8);
    expect(await store.deadWebhooks()).toMatchObject({
      count: 2,
      latest: { endpoint: failing.endpoint.url },
    });

    // The firm is told through the existing alerts.
    const alerts: unknown[] = [];
    const notifier = new Notifier({
      store,
      channels: { webhook: async (event) => void alerts.push(event) },
      log: createMemoryLogger().log,
      pauseState: () => undefined,
      queuedAlertMs: 3_600_000,
      deadWebhooks: () => store.deadWebhooks(),
      now,
    });
    await notifier.tick();
    expect(alerts).toEqual([
      expect.objectContaining({
        event: 'alert.webhooks',
        message: expect.stringContaining(`2 webhook messages were given up after every retry`),
        hint: expect.stringContaining('npm run outbox -- webhooks retry'),
      }),
    ]);
  });

  it('honours Retry-After when the endpoint asks to wait longer than the schedule', async () => {
    const store = openStore();
    const clock = { now: Date.UTC(2027, 2, 27, 9) };
    const now = () => clock.now;
    const busy = await receiver({
      answer: (n) => (n === 1 ? { status: 503, headers: { 'Retry-After': '120' } } : 204),
      now,
    });
    const { webhooks } = webhooksOn(store, {
      endpoints: [{ ...busy.endpoint, events: ['enquiry.received'] }],
      now,
    });
    await round(webhooks);
    await stored(store, sampleSubmission({ receivedAt: clock.now }));
    await round(webhooks);
    clock.now += 60_000; // the schedule's 5 s are long past; Retry-After's 2 minutes are not
    await round(webhooks);
    expect(busy.arrivals).toHaveLength(1);
    clock.now += 60_000;
    await round(webhooks);
    expect(busy.arrivals.map((a) => a.id)).toEqual([busy.arrivals[0]?.id, busy.arrivals[0]?.id]);
    expect((await store.listWebhooks({ limit: 1 }))[0]).toMatchObject({
      state: 'delivered',
      attempts: 2,
    });
  });

  it('lets an endpoint that never answers hold up neither the platform’s delivery nor another endpoint', async () => {
    const store = openStore();
    const hung = await receiver({ hang: true });
    const healthy = await receiver();
    const { webhooks } = webhooksOn(store, {
      endpoints: [hung.endpoint, healthy.endpoint],
      concurrency: 1,
    });
    const { client } = fakeClient((call) => (call.endpoint === 'create' ? 1001 : 7));
    const deliverer = new Deliverer({
      store,
      client,
      log: createMemoryLogger().log,
      beforeAttempt: (submission) => webhooks.beforeAttempt(submission),
    });
    afterTest(() => deliverer.stop(0));
    webhooks.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    for (const reference of ['EQ-1', 'EQ-2']) {
      // Stored leased to this delivery, as the enquiry route stores it while the visitor waits.
      const outcome = await store.accept(
        sampleSubmission({ reference, receivedAt: Date.now(), lease: deliverer.leaseForNew() }),
      );
      if (outcome.kind !== 'stored' || !outcome.lease) throw new Error('not stored');
      const claimed = { submission: outcome.submission, lease: outcome.lease };
      expect(await deliverer.deliverNow(claimed, 10_000)).toMatchObject({ state: 'delivered' });
    }
    // Well within the hung endpoint's 5 s timeout: nobody waited for it.
    expect(Date.now() - started).toBeLessThan(2500);
    await expect.poll(() => healthy.messages().length, { timeout: 2500 }).toBe(4);
    expect(Date.now() - started).toBeLessThan(2500);
    // The hung one holds its one slot (WEBHOOK_CONCURRENCY 1) until its timeout.
    expect(hung.arrivals).toHaveLength(1);
  });
});
