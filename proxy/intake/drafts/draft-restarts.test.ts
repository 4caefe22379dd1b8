/**
 * A saved enquiry's tries survive the proxy: the real proxy on SQLite (its default outbox), its
 * code emailed over a real SMTP conversation, five wrong codes, then the proxy stopped and
 * started again on the same data, twice. A restart, a deploy or a crash gives nobody five more
 * guesses: the count is kept where the draft is.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { exampleConfigPath } from '../../../demo/forms/index.ts';
import { loadProxyEnv } from '../../env.ts';
import { startProxy } from '../../server.ts';
import { draftContent } from '../../test/fixtures/drafts.ts';
import { startMailServer, type RunningMailServer } from '../../test/fixtures/mail-server.ts';
import { createMemoryLogger } from '../../test/fixtures/memory-logger.ts';
import { proxyEnvFor } from '../../test/fixtures/proxy-env.ts';
import { ORIGIN } from '../../test/fixtures/proxy-harness.ts';
import { sealDraft } from './draft-seal.ts';

const CREDENTIALS = { username: 'draft-restarts', password: 'draft restarts password' };
let api: RunningEnquiryApi;
let mail: RunningMailServer;

beforeAll(async () => {
  [api, mail] = await Promise.all([
    startEnquiryApi({ credentials: CREDENTIALS }),
    startMailServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([api.close(), mail.close()]);
});

/** The law firm's form with saving on, as a file (`FORM_CONFIG`). */
function savingForm(dir: string): string {
  const path = join(dir, 'form.json');
  const config = JSON.parse(readFileSync(exampleConfigPath('law-firm'), 'utf8')) as object;
  writeFileSync(path, JSON.stringify({ ...config, drafts: true }));
  return path;
}

/** Runs `use` against a proxy started on `dataDir`, then stops it. */
async function withProxy<T>(dataDir: string, formConfig: string, use: (url: string) => Promise<T>) {
  const env = proxyEnvFor(api, CREDENTIALS, {
    DATA_DIR: dataDir,
    FORM_CONFIG: formConfig,
    SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
    CONFIRMATION_FROM: 'Lovelace & Co <enquiries@lovelace-law.example>',
  });
  const proxy = await startProxy(loadProxyEnv(env), createMemoryLogger('error').log);
  try {
    return await use(proxy.url);
  } finally {
    await proxy.close();
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
  });

describe('a saved enquiry’s wrong codes', () => {
  it('are still counted after the proxy is restarted twice on the same data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'draft-restarts-'));
    const dataDir = join(dir, 'data');
    const form = savingForm(dir);
    const content = draftContent();
    const { id, code } = await withProxy(dataDir, form, async (url) => {
      const { token } = (await (await fetch(`${url}/api/form-token`)).json()) as { token: string };
      const sealed = sealDraft(content);
      const saved = await post(`${url}/api/drafts`, {
        write: content.write,
        ...sealed,
        email: content.email,
        page: `${ORIGIN}/conveyancing`,
        uploads: [],
        form_token: token,
      });
      expect(saved.status).toBe(201);
      const { id } = (await saved.json()) as { id: string };
      expect((await post(`${url}/api/drafts/code`, { id, email: content.email })).status).toBe(202);
      await expect.poll(() => mail.received.length, { timeout: 10_000 }).toBe(2);
      const code = /\b(\d{6})\b/.exec(mail.received[1]?.text ?? '')?.[1] ?? '';
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++)
        expect((await post(`${url}/api/drafts/open`, { id, code: wrong })).status).toBe(400);
      return { id, code };
    });
    for (const restart of [1, 2]) {
      const answer = await withProxy(dataDir, form, (url) =>
        post(`${url}/api/drafts/open`, { id, code }),
      );
      expect({ restart, status: answer.status }).toEqual({ restart, status: 429 });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(60);
    }
  });
});
