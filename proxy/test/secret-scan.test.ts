/**
 * The credentials live in the proxy's environment and nowhere else: not in the widget bundle
 * (or its source map or manifest) that every visitor downloads, and not in the logs or answers
 * even when the platform refuses them. (The end-to-end guard also scans everything the browser
 * receives; the integration test scans every answer and log line of a working delivery.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { loadProxyEnv } from '../env.ts';
import { createMemoryLogger } from './fixtures/memory-logger.ts';
import { startProxy, type RunningProxy } from '../server.ts';
import { proxyEnvFor } from './fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from './fixtures/proxy-harness.ts';

const USERNAME = 'scan-user-7f3a';
const WRONG_PASSWORD = 'wrong pass 9c1e 44d0';
const secretsOf = (username: string, password: string) => [
  username,
  password,
  Buffer.from(`${username}:${password}`).toString('base64'),
];

describe('the widget bundle', () => {
  it('holds no credential-shaped configuration of the proxy', () => {
    const dir = 'dist/widget';
    const files = readdirSync(dir);
    expect(files).toContain('enquiry-form.js');
    const text = files.map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
    for (const name of [
      'ENQUIRY_API_USERNAME',
      'ENQUIRY_API_PASSWORD',
      'FORM_TOKEN_SECRET',
      'TURNSTILE_SECRET_KEY',
    ]) {
      expect(text).not.toContain(name);
    }
    expect(text).not.toMatch(/authorization:\s*['"`]?Basic /i);
  });
});

describe('a platform that refuses the credentials', () => {
  let api: RunningEnquiryApi;
  let proxy: RunningProxy;
  const logs = createMemoryLogger('debug');

  beforeAll(async () => {
    api = await startEnquiryApi({ credentials: { username: USERNAME, password: 'the right one' } });
    proxy = await startProxy(
      loadProxyEnv(proxyEnvFor(api, { username: USERNAME, password: WRONG_PASSWORD })),
      logs.log,
    );
  });
  afterAll(async () => {
    await proxy.close();
    await api.close();
  });

  it('queues the enquiry and logs a configuration error without the credentials', async () => {
    const { token } = (await (await fetch(`${proxy.url}/api/form-token`)).json()) as {
      token: string;
    };
    const form = new FormData();
    form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token }));
    const response = await fetch(`${proxy.url}/api/enquiries`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    });
    const answer = `${JSON.stringify([...response.headers])}${await response.text()}`;
    expect(response.status).toBe(202);
    expect(logs.text()).toContain('configuration error: ');
    expect(logs.text()).toContain('Delivery is paused and checked again');
    for (const secret of secretsOf(USERNAME, WRONG_PASSWORD)) {
      expect(logs.text()).not.toContain(secret);
      expect(answer).not.toContain(secret);
    }
  });
});
