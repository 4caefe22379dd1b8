/**
 * The proxy shuts down gently: a visitor whose enquiry is in flight when the proxy is told to
 * stop (SIGTERM calls `close()`) still gets the answer, and new connections are refused.
 */
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../demo/enquiry-api/server.ts';
import { loadProxyEnv } from './env.ts';
import { createMemoryLogger } from './test/fixtures/memory-logger.ts';
import { startProxy } from './server.ts';
import { startMailServer } from './test/fixtures/mail-server.ts';
import { proxyEnvFor } from './test/fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from './test/fixtures/proxy-harness.ts';
import { widgetBuild } from './test/fixtures/widget-builds.ts';

const quiet = () => createMemoryLogger('error').log;

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

  it('ends within SHUTDOWN_DRAIN_MS while the mail server hangs on an alert', async () => {
    const silent = await startMailServer({ silent: true }); // the alert's email hangs
    const logs = createMemoryLogger('info');
    const wrongLogin = { ...CREDENTIALS, password: 'not the password' };
    const proxy = await startProxy(
      loadProxyEnv(
        proxyEnvFor(api, wrongLogin, {
          SHUTDOWN_DRAIN_MS: '2000',
          SMTP_URL: `smtp://127.0.0.1:${String(silent.port)}`,
          NOTIFY_EMAIL: 'ops@lovelace-law.example',
        }),
      ),
      logs.log,
    );
    try {
      await proxy.checked; // the login is refused: delivery pauses, and an alert is emailed
      await expect.poll(() => silent.connections(), { timeout: 5000 }).toBe(1);
      const started = Date.now();
      await proxy.close();
      expect(Date.now() - started).toBeLessThan(2500);
      expect(logs.text()).toContain('stay queued for the next start');
    } finally {
      await silent.close();
    }
  });
});

describe('the proxy on Node', () => {
  it('keeps DATA_DIR and its files private, and caps connections per address', async () => {
    const logs = createMemoryLogger('info');
    const env = loadProxyEnv(proxyEnvFor(api, CREDENTIALS, { MAX_CONNECTIONS_PER_CLIENT: '3' }));
    const proxy = await startProxy(env, logs.log);
    try {
      expect(statSync(env.DATA_DIR).mode & 0o777).toBe(0o700);
      expect(statSync(join(env.DATA_DIR, 'outbox.sqlite')).mode & 0o777).toBe(0o600);
      const { port } = new URL(proxy.url);
      const sockets = Array.from({ length: 5 }, () => connect(Number(port), '127.0.0.1'));
      const closed = await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<boolean>((resolve) => {
              socket.once('close', () => {
                resolve(true);
              });
              setTimeout(() => {
                resolve(false);
              }, 500);
            }),
        ),
      );
      expect(closed.filter(Boolean)).toHaveLength(2);
      expect(logs.text()).toContain('too many connections from one address: refused');
      for (const socket of sockets) socket.destroy();
    } finally {
      await proxy.close();
    }
  });

  it('makes its own request ids, and logs a client that goes away mid-upload at info', async () => {
    const logs = createMemoryLogger('info');
    const proxy = await startProxy(loadProxyEnv(proxyEnvFor(api, CREDENTIALS)), logs.log);
    try {
      const answer = await fetch(`${proxy.url}/healthz`, {
        headers: { 'x-request-id': 'chosen-by-the-client' },
      });
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(logs.lines().find((line) => line.msg === 'request')).toMatchObject({
        clientRequestId: 'chosen-by-the-client',
      });
      const { port } = new URL(proxy.url);
      const socket = connect(Number(port), '127.0.0.1');
      socket.write(
        'POST /api/enquiries HTTP/1.1\r\nHost: x\r\nOrigin: ' +
          ORIGIN +
          '\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 5000\r\n\r\n--b\r\n',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
      await expect.poll(() => logs.text()).toContain('the client went away');
      const levels = logs
        .lines()
        .filter((line) => line.level === 'error')
        .map((line) => line.msg);
      expect(levels).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('after a deploy on the same DATA_DIR, still serves the late bundle and chunks of the build before', async () => {
    const [before, after] = [widgetBuild('b4', 'before'), widgetBuild('af', 'after')];
    const env = proxyEnvFor(api, CREDENTIALS);
    const old = await startProxy(loadProxyEnv({ ...env, WIDGET_DIR: before.dir }), quiet());
    await old.close();
    const proxy = await startProxy(loadProxyEnv({ ...env, WIDGET_DIR: after.dir }), quiet());
    try {
      for (const [name, text] of Object.entries({ ...before.files, ...after.files })) {
        const response = await fetch(`${proxy.url}/${name}`);
        expect([name, response.status, await response.text()]).toEqual([name, 200, text]);
      }
      const entry = await (await fetch(`${proxy.url}/enquiry-form.js`)).text();
      expect(entry).toContain('after');
      expect((await fetch(`${proxy.url}/enquiry-form.late-b4x.js`)).status).toBe(404);
    } finally {
      await proxy.close();
    }
  });
});
