/**
 * The proxy on a real port, delivering to the stand-in enquiry API on another: what the
 * platform receives is checked, not only what the proxy answers.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { loadProxyEnv } from '../env.ts';
import { createMemoryLogger } from './fixtures/memory-logger.ts';
import { startProxy, type RunningProxy } from '../server.ts';
import { proxyEnvFor } from './fixtures/proxy-env.ts';
import { ORIGIN, sampleFiles, VALID_ENQUIRY_META, validEnquiry } from './fixtures/proxy-harness.ts';
import { fetchInbox } from '../../demo/enquiry-api/inbox.ts';

const USERNAME = 'proxy-integration-user';
const PASSWORD = 'Pr0xy integration pa55word';
const SECRETS = [USERNAME, PASSWORD, Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')];

let api: RunningEnquiryApi;
let proxy: RunningProxy;
const logs = createMemoryLogger('debug');
const responseTexts: string[] = [];

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: { username: USERNAME, password: PASSWORD } });
  const env = loadProxyEnv(proxyEnvFor(api, { username: USERNAME, password: PASSWORD }));
  proxy = await startProxy(env, logs.log);
  // The start's platform check posts one (empty) create: counted before the tests count.
  expect((await proxy.checked)?.ok).toBe(true);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

/** Every answer is kept, to scan for the credentials at the end. */
async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${proxy.url}${path}`, init);
  const text = await response.clone().text();
  responseTexts.push(JSON.stringify([...response.headers]), text);
  return response;
}

async function post(
  enquiry: Record<string, unknown>,
  files: { name: string; bytes: Uint8Array }[] = [],
  origin = ORIGIN,
) {
  const { token } = (await (await call('/api/form-token')).json()) as { token: string };
  const form = new FormData();
  form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token, ...enquiry }));
  for (const file of files)
    form.append('files', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return call('/api/enquiries', { method: 'POST', body: form, headers: { origin } });
}

const stats = () => ({ ...api.store.stats });
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the proxy with the stand-in enquiry API', () => {
  it('turns one POST with two files into one create and two uploads with the same bytes', async () => {
    const before = stats();
    const pdf = sampleFiles.pdf(1_500_000);
    const jpeg = sampleFiles.jpeg(800_000);
    const response = await post({}, [
      { name: 'survey.pdf', bytes: pdf },
      { name: 'kitchen.jpg', bytes: jpeg },
    ]);
    expect(response.status).toBe(201);
    const { enquiryId } = (await response.json()) as { enquiryId: number };
    const after = stats();
    expect(after.createRequests - before.createRequests).toBe(1);
    expect(after.uploadRequests - before.uploadRequests).toBe(2);

    const stored = (await fetchInbox(api.origin)).find((e) => e.id === enquiryId);
    expect(stored).toMatchObject({
      forename: 'Ada',
      surname: 'Lovelace',
      case_type: 'conveyancing',
      marketing_lead_referer: 'google-ads',
      marketing_campaign: 'spring-2027',
      marketing_keywords: 'conveyancing solicitor',
      marketing_detail: 'hero banner B',
      meta: VALID_ENQUIRY_META,
    });
    expect(stored?.files.map((f) => [f.name, f.mime, f.sha256])).toEqual([
      ['survey.pdf', 'application/pdf', sha(pdf)],
      ['kitchen.jpg', 'image/jpeg', sha(jpeg)],
    ]);
    const download = new Uint8Array(
      await (await fetch(`${api.origin}${stored?.files[0]?.url ?? ''}`)).arrayBuffer(),
    );
    expect(sha(download)).toBe(sha(pdf));
  });

  it('answers every invalid request with a 4xx JSON body and sends nothing upstream', async () => {
    const before = stats();
    const answers = [
      await post({}, [], 'https://elsewhere.example'),
      await post({ forename: '' }),
      await post({}, [{ name: 'setup.pdf', bytes: sampleFiles.exe() }]),
      await post({ case_type: 'nope' }),
      await call('/api/enquiries', { method: 'POST', body: 'hello', headers: { origin: ORIGIN } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([403, 400, 415, 400, 400]);
    for (const answer of answers)
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(stats()).toEqual(before);
  });

  it('serves the public configuration and health without any secret', async () => {
    expect((await call('/api/form', { headers: { origin: ORIGIN } })).status).toBe(200);
    expect(await (await call('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('never shows the credentials in a response or a log line', () => {
    const everything = [...responseTexts, logs.text()].join('\n');
    expect(logs.lines().length).toBeGreaterThan(5);
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });
});
