/**
 * The proxy shuts down gently: a visitor whose enquiry is in flight when the proxy is told to
 * stop (SIGTERM calls `close()`) still gets the answer, and new connections are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../demo/enquiry-api/server.ts';
import { loadProxyEnv } from './env.ts';
import { createMemoryLogger } from './logger.ts';
import { startProxy } from './server.ts';
import { proxyEnvFor } from './test/fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from './test/fixtures/proxy-harness.ts';

const CREDENTIALS = { username: 'shutdown-test', password: 'shutdown test password' };
let api: RunningEnquiryApi;

beforeAll(async () => {
  // Each call to the platform takes 300 ms, so a delivery is in flight for most of a second.
  api = await startEnquiryApi({ credentials: CREDENTIALS, faults: { latencyMs: 300 } });
});
afterAll(async () => api.close());

describe('shutting down', () => {
  it('finishes the request in flight, then refuses new ones', async () => {
    const logs = createMemoryLogger('info');
    const proxy = await startProxy(
      loadProxyEnv(proxyEnvFor(api, CREDENTIALS, { DELIVERY_DEADLINE_MS: '5000' })),
      logs.log,
    );
    const { token } = (await (await fetch(`${proxy.url}/api/form-token`)).json()) as {
      token: string;
    };
    const form = new FormData();
    form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token }));
    const inFlight = fetch(`${proxy.url}/api/enquiries`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    });

    await expect.poll(() => logs.text()).toContain('enquiry accepted');
    const closed = proxy.close();
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ status: 'delivered' });
    await closed;
    await expect(fetch(`${proxy.url}/healthz`)).rejects.toThrow();
    expect(logs.lines().map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'shutting down: no new requests; finishing what is in flight',
        'stopped',
      ]),
    );
  });
});
