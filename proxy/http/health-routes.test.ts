/**
 * Health for its three audiences: `/healthz` says only ok, degraded or failing; `/readyz` says
 * whether to send traffic; `/admin/status` and `/metrics` give the details, to the admin token
 * only, and do not exist without one.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { OperatorView } from '../outbox/store.ts';
import { createMetrics } from './metrics.ts';
import { apiError, sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { harnessPerTest, sampleFiles } from '../test/fixtures/proxy-harness.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();
const admin = { authorization: `Bearer ${TOKEN}` };

describe('GET /healthz', () => {
  it('says ok, with nothing else, when all is well', async () => {
    const { app, submit } = setUp();
    expect((await submit()).status).toBe(201);
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('says failing (503) while the platform does not answer, and ok once it does again', async () => {
    let down = true;
    const { app, submit, clock } = setUp({
      answer: (call) => {
        if (down) throw apiError('retryable', call.endpoint, { status: 503 });
        return call.endpoint === 'create' ? 1001 : 5001;
      },
    });
    expect((await submit()).status).toBe(202);
    const failing = await app.request('/healthz');
    expect([failing.status, await failing.json()]).toEqual([503, { status: 'failing' }]);

    down = false;
    clock.now += 60_000;
    expect((await submit()).status).toBe(201);
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('says degraded while a lead is dead-lettered', async () => {
    const { app, submit } = setUp({
      answer: (call) => {
        throw apiError('validation', call.endpoint, { status: 400 });
      },
    });
    await submit();
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'degraded' });
  });

  it('says degraded while a lead is partly delivered: a file the platform refused', async () => {
    const { app, submit } = setUp({
      answer: (call) => {
        if (call.endpoint === 'create') return 1001;
        throw apiError('validation', call.endpoint, { status: 400 });
      },
    });
    const plan = { name: 'plan.pdf', bytes: sampleFiles.pdf() };
    expect((await submit({}, [plan])).status).toBe(201);
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'degraded' });
  });

  it('says degraded once the oldest waiting enquiry has waited ALERT_QUEUED_AFTER_MS', async () => {
    const { app, store, clock } = setUp();
    await stored(store, sampleSubmission({ receivedAt: clock.now - 3_600_000 + 1 }));
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    clock.now += 1;
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'degraded' });
  });

  it('never counts the leads: anyone may ask it, as often as they like', async () => {
    // A count reads every lead of its state; what it asks instead costs the same with ten leads
    // or a million (`attention`).
    const { app, store, submit } = setUp({
      answer: (call) => {
        throw apiError('validation', call.endpoint, { status: 400 });
      },
    });
    await submit();
    const counts = vi.spyOn(store, 'counts');
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'degraded' });
    expect(counts).not.toHaveBeenCalled();
  });
});

describe('GET /readyz', () => {
  it('answers 503 with the reason when the proxy cannot take enquiries', async () => {
    const { app } = setUp({
      deps: { readiness: () => Promise.resolve('the outbox disk is full') },
    });
    const response = await app.request('/readyz');
    expect([response.status, await response.json()]).toEqual([
      503,
      { ready: false, problem: 'the outbox disk is full' },
    ]);
    expect((await setUp().app.request('/readyz')).status).toBe(200);
  });
});

describe('GET /admin/status and /metrics', () => {
  it('do not exist without ADMIN_TOKEN, and refuse a wrong token', async () => {
    const { app } = setUp();
    expect((await app.request('/admin/status', { headers: admin })).status).toBe(404);
    expect((await app.request('/metrics', { headers: admin })).status).toBe(404);
    const guarded = setUp({ deps: { adminToken: TOKEN } });
    const wrong = { authorization: 'Bearer not-the-token-at-all-000' };
    expect((await guarded.app.request('/admin/status', { headers: wrong })).status).toBe(401);
    expect((await guarded.app.request('/admin/status')).status).toBe(401);
  });

  it('refuse the right token without "Bearer " before it', async () => {
    const { app } = setUp({ deps: { adminToken: TOKEN } });
    // Each from an address of its own: each is a wrong try, and five a minute are allowed.
    let client = 0;
    for (const authorization of [TOKEN, `Basic ${TOKEN}`, `Token ${TOKEN}`, `Bearer${TOKEN}`])
      for (const path of ['/admin/status', '/metrics']) {
        client += 1;
        const headers = { authorization, 'x-test-ip': `198.51.100.${String(client)}` };
        expect((await app.request(path, { headers })).status).toBe(401);
      }
    expect((await app.request('/admin/status', { headers: admin })).status).toBe(200);
  });

  it('say since when the platform fails to answer as an ISO time, like every other time', async () => {
    const { app, submit, clock } = setUp({
      deps: { adminToken: TOKEN },
      answer: (call) => {
        throw apiError('retryable', call.endpoint, { status: 503 });
      },
    });
    expect((await submit()).status).toBe(202);
    const status = (await (await app.request('/admin/status', { headers: admin })).json()) as {
      lastUpstreamError: { since: unknown; error: string };
    };
    expect(status.lastUpstreamError.since).toBe(new Date(clock.now).toISOString());
  });

  it('names why documents are off (their box not proven) among the reasons, as degraded', async () => {
    const off =
      'CONVERT_DOCUMENTS=1 but documents are not offered: LibreOffice never runs outside its box, and the box could not be proven here (bwrap failed)';
    const { app } = setUp({
      deps: {
        adminToken: TOKEN,
        converter: { inspect: () => Promise.resolve(undefined), warnings: [off] },
      },
    });
    const status = (await (await app.request('/admin/status', { headers: admin })).json()) as {
      status: string;
      reasons: string[];
    };
    expect(status).toMatchObject({ status: 'degraded', reasons: [off] });
  });

  it('give the outbox counts, the dead letters, and the metrics of what happened', async () => {
    // The metrics read the harness's own store, known once the harness is made.
    const late: { store?: Pick<OperatorView, 'counts'> } = {};
    const metrics = createMetrics({
      counts: () => (late.store as Pick<OperatorView, 'counts'>).counts(),
    });
    const { app, submit, store } = setUp({
      deps: { adminToken: TOKEN, metrics },
      answer: (call) => {
        throw apiError('validation', call.endpoint, { status: 400 });
      },
    });
    late.store = store;
    const answer = (await (await submit()).json()) as { reference: string };
    const status = (await (
      await app.request('/admin/status', { headers: admin })
    ).json()) as Record<string, unknown>;
    expect(status).toMatchObject({
      status: 'degraded',
      reasons: ['1 enquiry could not be delivered'],
      delivery: 'running',
      outbox: { dead: 1, queued: 0 },
      deadLetters: [{ reference: answer.reference, notified: false }],
    });
    const text = await (await app.request('/metrics', { headers: admin })).text();
    expect(text).toContain('enquiry_accepted_total{state="queued"} 1');
    expect(text).toContain('enquiry_outbox_submissions{state="dead"} 1');
  });

  it('list the 20 newest dead letters, oldest of them first, however many there are', async () => {
    const { app, submit } = setUp({
      deps: { adminToken: TOKEN },
      answer: (call) => {
        throw apiError('validation', call.endpoint, { status: 400 });
      },
    });
    const references: string[] = [];
    for (let n = 0; n < 23; n++)
      references.push(((await (await submit()).json()) as { reference: string }).reference);
    const status = (await (await app.request('/admin/status', { headers: admin })).json()) as {
      outbox: { dead: number };
      deadLetters: { reference: string }[];
    };
    expect(status.outbox.dead).toBe(23);
    expect(status.deadLetters.map((dead) => dead.reference)).toEqual(references.slice(3));
  });
});
