/**
 * The form studio's end-to-end stack: the stand-in platform and the proxy as `npm start` runs it
 * (`startProxy`: the outbox on SQLite in a data directory, `FORM_CONFIG` published as version 1,
 * the console's studio over the versions in the outbox), serving the real widget. The funnel is
 * seeded through a connection of its own to the same outbox (as `npm run outbox` opens it), with visitors who left at
 * the first question, so the studio has a share to show beside it.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { EnquiryStore } from '../../demo/enquiry-api/store.ts';
import { exampleConfigPath, type ExampleName } from '../../demo/forms/index.ts';
import { loadProxyEnv } from '../../proxy/env.ts';
import { openSqliteOutbox } from '../../proxy/outbox/sqlite/store.ts';
import { createLogger } from '../../proxy/logger.ts';
import { funnelDay } from '../../proxy/outbox/funnel-counts.ts';
import { startProxy } from '../../proxy/server.ts';

export const ADMIN_TOKEN = randomBytes(32).toString('base64url');

/** Visitors seeded into the funnel: each shown the first question, some left there. */
export const STUDIO_FUNNEL = { shown: 40, left: 10 };

/** A running studio stack. */
export interface StudioStack {
  url: string;
  api: RunningEnquiryApi;
  /** Enquiries the proxy's outbox holds (none may come from a preview). */
  stored(): Promise<number>;
  close(): Promise<void>;
}

/** Starts the stack on an example form: the bilingual one (English and Welsh) unless named. */
export async function openStudioStack(example: ExampleName = 'bilingual'): Promise<StudioStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-studio-'));
  const log = createLogger({ level: 'error' });
  const credentials = { username: 'studio', password: randomBytes(18).toString('base64url') };
  const api = await startEnquiryApi({
    credentials,
    store: new EnquiryStore(join(dataDir, 'enquiry-api.sqlite')),
    port: 0,
    host: '127.0.0.1',
  });
  const path = exampleConfigPath(example);
  const env = loadProxyEnv({
    FORM_CONFIG: path,
    ENQUIRY_API_URL: api.url,
    ENQUIRY_API_USERNAME: credentials.username,
    ENQUIRY_API_PASSWORD: credentials.password,
    ALLOWED_ORIGINS: 'http://127.0.0.1:9',
    ADMIN_TOKEN,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const proxy = await startProxy(env, log);
  // Another connection to the running proxy's outbox, as `npm run outbox` opens it.
  const store = openSqliteOutbox(join(dataDir, 'outbox.sqlite'));
  const now = Date.now();
  for (let n = 0; n < STUDIO_FUNNEL.shown; n += 1) {
    const left = n < STUDIO_FUNNEL.left ? 1 : 0;
    await store.addFunnelTally({
      day: funnelDay(now),
      caseType: 'conveyancing',
      campaign: '',
      variant: '',
      views: 1,
      starts: 1,
      sends: 0,
      questions: [{ id: 'transaction', shown: 1, answered: left ? 0 : 1, left }],
    });
  }
  return {
    url: proxy.url,
    api,
    stored: async () => {
      const { queued, delivered, partial, dead, spam } = await store.counts();
      return queued + delivered + partial + dead + spam;
    },
    async close() {
      await store.close();
      await proxy.close();
      await api.close();
      api.store.close();
    },
  };
}

/**
 * The stack for the tests of one spec file (run in turn): started on `example` before them and
 * closed after; `on()` is the stack, `signIn(page)` signs a page in with the admin token (an
 * operator: the studio's every page, editing included).
 */
export function studioStackPerFile(example?: ExampleName) {
  let stack: StudioStack | undefined;
  test.beforeAll(async () => {
    stack = await openStudioStack(example);
  });
  test.afterAll(async () => {
    await stack?.close();
  });
  const on = () => {
    if (!stack) throw new Error('the studio stack did not start');
    return stack;
  };
  const signIn = async (page: Page) => {
    await page.goto(`${on().url}/admin/sign-in`);
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  };
  return { on, signIn };
}
