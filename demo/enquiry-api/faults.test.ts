import { describe, expect, it } from 'vitest';
import { createEnquiryApi } from './app.ts';
import { FaultSettingsError } from './fault-settings.ts';
import { ConnectionDroppedError, FaultInjector } from './faults.ts';
import { EnquiryStore } from './store.ts';
import { CREDENTIALS, ENQUIRY, serviceClient, uploadBody } from './test-fixtures.ts';

const fates = (faults: FaultInjector, n: number) =>
  Array.from({ length: n }, () => faults.decide('create')).join(' ');

describe('FaultInjector', () => {
  it('fails exactly the next N requests of a burst, then lets them pass', () => {
    const faults = new FaultInjector({ failNext: 3 });
    expect(fates(faults, 5)).toBe('fail fail fail pass pass');
    expect(faults.settings.failNext).toBe(0);
  });

  it('fails the same requests for the same seed, and about the stated share', () => {
    const faults = new FaultInjector({ failRate: 0.3, seed: 7 });
    const first = fates(faults, 200);
    faults.set({ seed: 7 });
    expect(fates(faults, 200)).toBe(first);
    const failed = first.split(' ').filter((fate) => fate === 'fail').length;
    expect(failed).toBeGreaterThan(40);
    expect(failed).toBeLessThan(80);
  });

  it('hangs every request at a hang rate of 1 and none at 0', () => {
    expect(fates(new FaultInjector({ hangRate: 1 }), 3)).toBe('hang hang hang');
    expect(fates(new FaultInjector(), 3)).toBe('pass pass pass');
  });

  it('leaves the endpoints it does not apply to alone', () => {
    const faults = new FaultInjector({ failRate: 1, endpoints: ['upload'] });
    expect([faults.decide('create'), faults.decide('upload')]).toEqual(['pass', 'fail']);
  });

  it('merges new settings into the current ones', () => {
    const faults = new FaultInjector({ failRate: 0.5 });
    faults.set({ latencyMs: 10 });
    expect(faults.settings).toMatchObject({ failRate: 0.5, latencyMs: 10 });
  });

  it('keeps its settings when given a bad value', () => {
    const faults = new FaultInjector({ failRate: 0.5 });
    expect(() => faults.set({ failRate: 2 })).toThrow(FaultSettingsError);
    expect(faults.settings.failRate).toBe(0.5);
  });

  it('forgets every fault on reset', () => {
    const faults = new FaultInjector({ failNext: 2, hangRate: 1 });
    faults.reset();
    expect(fates(faults, 2)).toBe('pass pass');
  });
});

const appWith = (faults: ConstructorParameters<typeof FaultInjector>[0]) => {
  const store = new EnquiryStore(':memory:');
  const app = createEnquiryApi({ credentials: CREDENTIALS, store, faults });
  return { store, api: serviceClient(app) };
};

describe('faults on the service routes', () => {
  it('answers a burst of failures in the envelope, then serves again', async () => {
    const { store, api } = appWith({ failNext: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.create()).status);
    expect(statuses).toEqual([503, 503, 201]);
    expect(store.stats).toMatchObject({ createRequests: 3, created: 1, faulted: 2, rejected: 0 });
  });

  it('uses the configured status and sets Retry-After', async () => {
    const { api } = appWith({ failNext: 1, failStatus: 429, retryAfterSeconds: 30 });
    const res = await api.create();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({
      code: 429,
      status: 'Injected fault: the service answered 429.',
      result: false,
    });
  });

  it('stores nothing for a failed request', async () => {
    const { store, api } = appWith({ failRate: 1 });
    await api.create();
    expect(store.listEnquiries()).toEqual([]);
  });

  it('fails uploads only when told to, leaving creates alone', async () => {
    const { api } = appWith({ failRate: 1, endpoints: ['upload'] });
    expect((await api.create()).status).toBe(201);
    expect((await api.upload(uploadBody('1001'))).status).toBe(503);
  });

  it('answers after the configured latency', async () => {
    const { api } = appWith({ latencyMs: 120 });
    const started = performance.now();
    expect((await api.create()).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('never answers a hung request, and lets it go when its client does', async () => {
    const { store, api } = appWith({ hangRate: 1 });
    const client = new AbortController();
    let settled = false;
    const pending = api.create(ENQUIRY, {}, client.signal).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    expect(store.stats.faulted).toBe(1);
    client.abort();
    // Nobody reads this answer; what matters is that the handler ends instead of leaking.
    expect((await pending).status).toBe(499);
    expect(store.listEnquiries()).toEqual([]);
  });

  it('never answers the creates of the visitors it hangs for, and answers every other at once', async () => {
    const { store, api } = appWith({ hangFor: ['stuck@example.com'] });
    const client = new AbortController();
    let settled = false;
    const stuck = api.create({ ...ENQUIRY, email: 'stuck@example.com' }, {}, client.signal);
    void stuck.finally(() => {
      settled = true;
    });
    expect((await api.create({ ...ENQUIRY, email: 'ada@example.com' })).status).toBe(201);
    expect(settled).toBe(false);
    expect(store.stats.faulted).toBe(1);
    client.abort();
    expect((await stuck).status).toBe(499);
    expect(store.listEnquiries().map((e) => e.email)).toEqual(['ada@example.com']);
  });

  it('stores the enquiry, then drops the connection instead of answering', async () => {
    const { store, api } = appWith({ dropAfterCreateRate: 1 });
    await expect(api.create()).rejects.toThrow(ConnectionDroppedError);
    expect(store.listEnquiries().map((e) => e.forename)).toEqual(['Ada']);
    expect(store.stats).toMatchObject({ created: 1, faulted: 1 });
    expect(store.wasDropped(1001)).toBe(true);
  });

  it('answers a refused create normally even when dropping is on', async () => {
    const { api } = appWith({ dropAfterCreateRate: 1 });
    expect((await api.create({})).status).toBe(400);
  });
});
