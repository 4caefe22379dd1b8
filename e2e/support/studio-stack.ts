/**
 * The form studio's end-to-end stack: the stand-in platform and the proxy built as `server.ts`
 * builds it (the environment, the outbox on SQLite in a data directory, `buildParts`), serving
 * the real widget, with the console's studio over `STUDIO` (below). Until the studio's store over
 * the outbox is merged, that is the in-memory fake of its seam; swapping in the real store is the
 * one line marked. The funnel is seeded with visitors who left at the first question, so the
 * studio has a share to show beside it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { EnquiryStore } from '../../demo/enquiry-api/store.ts';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { createApp } from '../../proxy/app.ts';
import { openConverter } from '../../proxy/convert/open-converter.ts';
import { loadProxyEnv } from '../../proxy/env.ts';
import { buildParts } from '../../proxy/lifecycle/build-parts.ts';
import { openOutbox } from '../../proxy/lifecycle/open-outbox.ts';
import { createLogger } from '../../proxy/logger.ts';
import { funnelDay } from '../../proxy/outbox/funnel-counts.ts';
import { readFormConfigs } from '../../proxy/server.ts';
import { MemoryFormStudio } from '../../proxy/test/fixtures/memory-form-studio.ts';

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

/** Starts the stack on the bilingual example (English and Welsh). */
export async function openStudioStack(): Promise<StudioStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-studio-'));
  const log = createLogger({ level: 'error' });
  const credentials = { username: 'studio', password: randomBytes(18).toString('base64url') };
  const api = await startEnquiryApi({
    credentials,
    store: new EnquiryStore(join(dataDir, 'enquiry-api.sqlite')),
    port: 0,
    host: '127.0.0.1',
  });
  const path = exampleConfigPath('bilingual');
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
  const forms = readFormConfigs(path);
  const converter = await openConverter(env, log);
  const outbox = await openOutbox(env, log);
  const parts = await buildParts(env, log, forms.first, { ...outbox, converter }, forms);
  const now = Date.now();
  for (let n = 0; n < STUDIO_FUNNEL.shown; n += 1) {
    const left = n < STUDIO_FUNNEL.left ? 1 : 0;
    await outbox.store.addFunnelTally({
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
  // The studio's store: swap this line for the store over the outbox once it is merged.
  const studio = new MemoryFormStudio(JSON.parse(readFileSync(path, 'utf8')));
  if (!parts.deps.console) throw new Error('the console was not built');
  const app = createApp({ ...parts.deps, console: { ...parts.deps.console, studio } });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      resolve(listening);
    });
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    api,
    stored: async () => {
      const { queued, delivered, partial, dead, spam } = await outbox.store.counts();
      return queued + delivered + partial + dead + spam;
    },
    async close() {
      await new Promise((done) => server.close(done));
      await parts.deliverer.stop(0);
      await outbox.close();
      await converter.close();
      await api.close();
      api.store.close();
    },
  };
}
