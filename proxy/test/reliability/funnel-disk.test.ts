/**
 * Page views never take the outbox's disk from enquiries, on a real proxy whose `DATA_DIR` is a
 * small tmpfs: thousands of loads of `GET /form`, each with a new campaign and a variant of
 * 12 KB in its address, leave room for the next real enquiry; and once the disk has no more
 * room than enquiries need, the funnel stops counting while enquiries are still taken.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { loadProxyEnv } from '../../env.ts';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { READY_MIN_FREE_BYTES, freeBytes } from '../../lifecycle/disk-room.ts';
import { startProxy, type RunningProxy } from '../../server.ts';
import { maxSubmissionBytes } from '../../intake/read-multipart.ts';
import { proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { ORIGIN, sampleFiles, validEnquiry } from '../fixtures/proxy-harness.ts';
import { onSmallDisk, ROOT } from '../fixtures/small-disk.ts';

const CREDENTIALS = { username: 'funnel-disk', password: 'funnel disk password' };
/** Files of 4 MiB at most: the funnel keeps 64 MiB and the largest enquiry (about 4 MiB) free. */
const FILES = { ...lawFirm.files, maxFiles: 1, maxFileBytes: 4 * 1024 * 1024 };
/** The law firm, its variant a hidden question taken from the page's address (`?layout=`). */
const CONFIG = {
  ...structuredClone(lawFirm),
  files: FILES,
  caseTypes: lawFirm.caseTypes.map((caseType, i) =>
    i === 0
      ? {
          ...caseType,
          questions: [
            ...caseType.questions,
            { id: 'layout', label: 'Layout', type: 'hidden', from: { param: 'layout' } },
          ],
        }
      : caseType,
  ),
  analytics: { variant: 'layout' },
};
const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);
let api: RunningEnquiryApi;

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS });
});
afterAll(async () => api.close());

/** A proxy on `dataDir` behind a trusted proxy (127.0.0.1), so each load names its client. */
async function proxyOn(dataDir: string): Promise<RunningProxy> {
  const configPath = join(dataDir, '..', 'form.json');
  writeFileSync(configPath, JSON.stringify(CONFIG));
  const env = proxyEnvFor(api, CREDENTIALS, {
    DATA_DIR: dataDir,
    FORM_CONFIG: configPath,
    TRUSTED_PROXIES: '127.0.0.1',
  });
  return startProxy(loadProxyEnv(env), createMemoryLogger('info').log);
}

/** `count` loads of the page, `concurrency` at a time, each from a client of its own /24. */
async function pageLoads(proxy: RunningProxy, count: number, query: (n: number) => string) {
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const answer = await fetch(`${proxy.url}/form?case-type=conveyancing&${query(n)}`, {
        headers: { 'x-forwarded-for': `10.${String(n % 250)}.${String((n >> 8) % 250)}.9` },
      });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** A real enquiry with a 300 KB PDF, as the widget sends it; resolves with the status. */
async function enquiry(proxy: RunningProxy, n: number): Promise<number> {
  const form = new FormData();
  const answers = { ...validEnquiry().answers, notes: `funnel-disk ${String(n)}` };
  form.append(
    'enquiry',
    JSON.stringify({ ...validEnquiry(), answers, form_token: tokens.issue() }),
  );
  form.append('files', new File([sampleFiles.pdf(300_000).slice()], 'plan.pdf'));
  const answer = await fetch(`${proxy.url}/api/enquiries`, {
    method: 'POST',
    headers: { origin: ORIGIN },
    body: form,
  });
  return answer.status;
}

/** The views the outbox holds, read beside the running proxy. */
function viewsIn(dataDir: string): number {
  const db = new Database(join(dataDir, 'outbox.sqlite'), { readonly: true });
  try {
    return Number(db.prepare('SELECT COALESCE(SUM(views), 0) FROM funnel_counts').pluck().get());
  } finally {
    db.close();
  }
}

describe.runIf(ROOT)('the funnel on a small disk', () => {
  it(
    'leaves room for a real enquiry after thousands of page loads with new campaigns and 12 KB variants',
    () =>
      onSmallDisk('96m', async ({ dataDir }) => {
        const proxy = await proxyOn(dataDir);
        try {
          const variant = 'v'.repeat(12 * 1024);
          await pageLoads(
            proxy,
            4000,
            (n) => `utm_campaign=made-up-${String(n)}&layout=${variant}`,
          );
          const free = await freeBytes(dataDir);
          console.log(
            `4,000 page loads: ${String(viewsIn(dataDir))} views counted, ${String(Math.round(free / 1024 / 1024))} MB free`,
          );
          expect(viewsIn(dataDir)).toBeGreaterThan(0);
          expect(await enquiry(proxy, 1)).toBe(201);
        } finally {
          await proxy.close();
        }
      }),
    120_000,
  );

  it(
    'stops counting views once the disk has no more room than enquiries need, and takes enquiries',
    () =>
      onSmallDisk('96m', async ({ mount, dataDir }) => {
        const proxy = await proxyOn(dataDir);
        try {
          // Leave room between the two lines: above what /readyz wants, below what the funnel keeps.
          const reserve = READY_MIN_FREE_BYTES + maxSubmissionBytes(FILES);
          const leave = READY_MIN_FREE_BYTES + (reserve - READY_MIN_FREE_BYTES) / 2;
          const filler = join(mount, 'filler');
          writeFileSync(filler, Buffer.alloc(Math.max(0, (await freeBytes(dataDir)) - leave)));
          // The funnel looks at the disk once a second at most.
          await new Promise((resolve) => setTimeout(resolve, 1100));
          await pageLoads(proxy, 50, () => 'utm_campaign=spring-2027');
          expect(viewsIn(dataDir)).toBe(0);
          expect(await enquiry(proxy, 2)).toBe(201);
          expect((await fetch(`${proxy.url}/readyz`)).status).toBe(200);
          rmSync(filler);
          await new Promise((resolve) => setTimeout(resolve, 1100));
          await pageLoads(proxy, 5, () => 'utm_campaign=spring-2027');
          expect(viewsIn(dataDir)).toBe(5);
        } finally {
          await proxy.close();
        }
      }),
    120_000,
  );
});
