/**
 * A platform that echoes the credentials back in every kind of answer, or answers a create
 * with 100 MB: no credential reaches a log line, an answer or the outbox on disk; memory stays
 * flat; and a create that was taken is never sent again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProxyEnv } from '../../env.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { startProxy, type RunningProxy } from '../../server.ts';
import { adminStatus, proxyEnvFor } from '../fixtures/proxy-env.ts';
import { ORIGIN, sampleFiles, validEnquiry } from '../fixtures/proxy-harness.ts';
import {
  ECHO_MODES,
  startHostilePlatform,
  type HostileMode,
  type HostilePlatform,
} from './hostile-platform.ts';
import { eventually } from './platform-session.ts';

const USERNAME = 'echo-user-5d1c';
const PASSWORD = 'qwer TYUI 8812 zxcv BNMa 0p0p';
const SECRETS = [
  USERNAME,
  PASSWORD,
  PASSWORD.replace(/ /g, ''),
  `${USERNAME}:${PASSWORD}`,
  Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64'),
];

let running: { proxy: RunningProxy; platform: HostilePlatform }[] = [];
afterEach(async () => {
  for (const { proxy, platform } of running) {
    await proxy.close();
    await platform.close();
  }
  running = [];
});

async function setUp(mode: HostileMode, logs = createMemoryLogger('debug')) {
  const platform = await startHostilePlatform(() => mode);
  const env = proxyEnvFor(
    platform,
    { username: USERNAME, password: PASSWORD },
    {
      RETRY_BASE_MS: '50',
      RETRY_MAX_DELAY_MS: '100',
      AUTH_RETRY_MS: '100',
      DELIVERY_DEADLINE_MS: '3000',
    },
  );
  const proxy = await startProxy(loadProxyEnv(env), logs.log);
  running.push({ proxy, platform });
  await proxy.checked;
  const submit = async () => {
    const { token } = (await (await fetch(`${proxy.url}/api/form-token`)).json()) as {
      token: string;
    };
    const form = new FormData();
    form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token }));
    form.append('files', new File([sampleFiles.pdf(5000)], 'a.pdf'));
    const response = await fetch(`${proxy.url}/api/enquiries`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    });
    const text = `${JSON.stringify([...response.headers])}${await response.text()}`;
    return { status: response.status, text };
  };
  const health = async () => adminStatus<{ outbox: Record<string, number> }>(proxy.url);
  return { platform, proxy, dataDir: env.DATA_DIR ?? '', logs, submit, health };
}

/** Every byte the proxy wrote to its data directory (outbox, WAL, files), as Latin-1. */
const diskText = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');

describe('a platform that echoes the credentials', () => {
  it('never lets them into a log line, an answer or the outbox, in any kind of answer', async () => {
    const logs = createMemoryLogger('debug');
    const seen: string[] = [];
    for (const mode of ECHO_MODES) {
      const { submit, proxy, dataDir, platform } = await setUp(mode, logs);
      const answer = await submit();
      seen.push(answer.text);
      await eventually(
        async () => platform.creates + platform.uploads,
        (calls) =>
          calls > 0 || mode === 'echo-401' || mode === 'echo-redirect' || mode === 'echo-html-200',
      );
      await proxy.close();
      seen.push(diskText(dataDir));
    }
    const everything = `${logs.text()}\n${seen.join('\n')}`;
    // The echo did reach the proxy: the scrubbed dumps are in the log.
    expect(everything).toContain('Authorization: Basic [redacted]');
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
    // Logged upstream bodies are cut to 2 KB.
    for (const line of logs.lines()) {
      const response = JSON.stringify(line.response ?? '');
      expect(response.length).toBeLessThan(2048 + 200);
    }
  });
});

describe('an answer past the reading cap', () => {
  it.each(['huge-201', 'gzip-bomb-201'] as const)(
    '%s: memory stays flat, the visitor is told it is received, and the create is never repeated',
    async (mode) => {
      const { submit, platform, health, logs } = await setUp(mode);
      globalThis.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const answer = await submit();
      const counts = await eventually(health, (h) => h.outbox.dead === 1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      clearInterval(sampler);
      const growthMb = (peak - before) / 2 ** 20;
      console.log(`${mode}: RSS growth ${growthMb.toFixed(1)} MB`);

      expect(answer.status).toBe(202);
      expect(growthMb).toBeLessThan(50);
      expect(platform.creates).toBe(1);
      expect(platform.uploads).toBe(0);
      expect(counts.outbox).toMatchObject({ queued: 0, dead: 1 });
      const [dead] = logs
        .lines()
        .filter((line) => String(line.msg).includes('created, id unknown'));
      expect(dead?.status).toBe(201);
    },
  );
});
