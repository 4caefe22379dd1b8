/**
 * Files sent ahead never take the disk from enquiries (issue 55), on a real proxy whose
 * `DATA_DIR` is a tmpfs of 200 MB: several addresses upload 8 MB files at once until they are
 * refused, and then a visitor's enquiry with a 1 MB PDF is still stored; no answer on the way was
 * a 500, and the proxy still says it is ready. Before, two addresses' uploads left the disk with
 * nothing free: the enquiry got 503 `storage_full` and the PATCH that met the full disk a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { loadProxyEnv } from '../../env.ts';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { freeBytes, READY_MIN_FREE_BYTES } from '../../lifecycle/disk-room.ts';
import { maxSubmissionBytes } from '../../intake/read-multipart.ts';
import { startProxy, type RunningProxy } from '../../server.ts';
import { lawFirm } from '../../../demo/forms/index.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { ORIGIN, sampleFiles, validEnquiry } from '../fixtures/proxy-harness.ts';
import { cannotMount, onSmallDisk } from '../fixtures/small-disk.ts';

const CREDENTIALS = { username: 'upload-disk', password: 'upload disk password' };
const MB = 1024 * 1024;
const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);
const TUS = { 'tus-resumable': '1.0.0', origin: ORIGIN };
const b64 = (text: string) => Buffer.from(text).toString('base64');
let api: RunningEnquiryApi;

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS });
});
afterAll(async () => api.close());

/** Every status answered, by kind of request. */
interface Answers {
  statuses: number[];
  stored: number;
}

/** One address sending 8 MB files ahead, one after another, until one is refused. */
async function uploadUntilRefused(proxy: RunningProxy, address: string, answers: Answers) {
  const file = sampleFiles.pdf(8 * MB);
  const from = { ...TUS, 'x-forwarded-for': address };
  for (let n = 0; n < 12; n++) {
    const created = await fetch(`${proxy.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...from,
        'upload-length': String(file.byteLength),
        'upload-metadata': `filename ${b64('plan.pdf')},form_token ${b64(tokens.issue())}`,
      },
    });
    answers.statuses.push(created.status);
    if (created.status !== 201) return;
    const sent = await fetch(`${proxy.url}${created.headers.get('location') ?? ''}`, {
      method: 'PATCH',
      headers: {
        ...from,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      body: file,
    });
    answers.statuses.push(sent.status);
    if (sent.status !== 204) return;
    answers.stored += file.byteLength;
  }
}

/** A visitor's enquiry with a 1 MB PDF, as the widget sends a file it could not send ahead. */
async function enquiryWithFile(proxy: RunningProxy): Promise<number> {
  const form = new FormData();
  form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: tokens.issue() }));
  form.append('files', new File([sampleFiles.pdf(MB).slice()], 'plan.pdf'));
  const answer = await fetch(`${proxy.url}/api/enquiries`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'x-forwarded-for': '192.0.2.50' },
    body: form,
  });
  return answer.status;
}

const lack = cannotMount('uploads on a 200 MB disk');

describe.skipIf(lack)('uploads on a 200 MB data disk', () => {
  it(
    'refuse uploads from several addresses before they take the room an enquiry with a file needs',
    () =>
      onSmallDisk('200m', async ({ dataDir }) => {
        const env = proxyEnvFor(api, CREDENTIALS, {
          DATA_DIR: dataDir,
          TRUSTED_PROXIES: '127.0.0.1',
          DELIVERY_DEADLINE_MS: '0',
        });
        const proxy = await startProxy(loadProxyEnv(env), createMemoryLogger('info').log);
        try {
          const answers: Answers = { statuses: [], stored: 0 };
          await Promise.all(
            ['198.51.100.1', '198.51.100.2', '203.0.113.3', '203.0.113.4'].map((address) =>
              uploadUntilRefused(proxy, address, answers),
            ),
          );
          const free = await freeBytes(dataDir);
          console.log(
            `uploads stored ${String(answers.stored / MB)} MB, then were refused; ${String(Math.round(free / MB))} MB free`,
          );
          expect(answers.stored).toBeGreaterThan(0);
          expect(answers.statuses).toContain(507);
          expect(answers.statuses.filter((status) => status >= 500 && status !== 507)).toEqual([]);
          // The reserve held: room for the largest enquiry above what /readyz wants.
          expect(free).toBeGreaterThanOrEqual(
            READY_MIN_FREE_BYTES + maxSubmissionBytes(lawFirm.files),
          );
          expect([201, 202]).toContain(await enquiryWithFile(proxy));
          expect((await fetch(`${proxy.url}/readyz`)).status).toBe(200);
        } finally {
          await proxy.close();
        }
      }),
    180_000,
  );
});
