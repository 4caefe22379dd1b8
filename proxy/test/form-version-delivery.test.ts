/**
 * A publish while a visitor fills the form in, on a real port with the stand-in enquiry API: a
 * version the CLI publishes into a running SQLite proxy's outbox is served within seconds, and
 * the visitor whose form was drawn from the version before is not refused: the platform receives
 * the ids and labels of the version they saw.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { fetchInbox } from '../../demo/enquiry-api/inbox.ts';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { runOutboxCommand } from '../cli/outbox-command.ts';
import { loadProxyEnv } from '../env.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { startProxy, type RunningProxy } from '../server.ts';
import { createMemoryLogger } from './fixtures/memory-logger.ts';
import { proxyEnvFor } from './fixtures/proxy-env.ts';
import { ORIGIN, VALID_ENQUIRY_META, validEnquiry } from './fixtures/proxy-harness.ts';
import { eventually } from './platform/platform-session.ts';

const CREDENTIALS = { username: 'form-version-user', password: 'F0rm version pa55word' };
let api: RunningEnquiryApi;
let proxy: RunningProxy;
let dataDir: string;

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS });
  const env = proxyEnvFor(api, CREDENTIALS);
  dataDir = env.DATA_DIR ?? '';
  proxy = await startProxy(loadProxyEnv(env), createMemoryLogger().log);
  await proxy.checked;
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

const get = async <T>(path: string) =>
  (await (await fetch(`${proxy.url}${path}`, { headers: { origin: ORIGIN } })).json()) as T;

/** `npm run outbox -- form import <file> --publish`, as an operator runs it beside the proxy. */
async function publishWithTheCli(text: string) {
  const file = join(dataDir, 'version-2.json');
  writeFileSync(file, text);
  const store = openSqliteOutbox(join(dataDir, 'outbox.sqlite'));
  const out: string[] = [];
  try {
    const code = await runOutboxCommand(['form', 'import', file, '--publish'], store, {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      now: Date.now,
    });
    expect({ code, out }).toMatchObject({ code: 0 });
  } finally {
    await store.close();
  }
}

describe('a version published while a visitor fills the form in', () => {
  it('is served within seconds, and the visitor’s Send reaches the platform as they saw it', async () => {
    expect((await get<{ version: number }>('/api/form')).version).toBe(1);
    // The visitor's form is drawn from version 1, and its token fetched for it.
    const { token } = await get<{ token: string }>('/api/form-token?form_version=1');

    // Then the firm removes the lender question and renames notes, from a shell.
    const config = JSON.parse(readFileSync(exampleConfigPath('law-firm'), 'utf8')) as {
      caseTypes: { questions: { id: string; label: string }[] }[];
    };
    const conveyancing = config.caseTypes[0]!;
    conveyancing.questions = conveyancing.questions.filter((q) => q.id !== 'lender');
    conveyancing.questions.find((q) => q.id === 'notes')!.label = 'Is there anything else?';
    await publishWithTheCli(`${JSON.stringify(config, null, 2)}\n`);
    await eventually(
      () => get<{ version: number }>('/api/form'),
      (form) => form.version === 2,
      5000,
    );

    const form = new FormData();
    form.append(
      'enquiry',
      JSON.stringify({ ...validEnquiry(), form_token: token, form_version: 1 }),
    );
    const response = await fetch(`${proxy.url}/api/enquiries`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    });
    expect(response.status).toBe(201);
    const { enquiryId } = (await response.json()) as { enquiryId: number };
    const received = (await fetchInbox(api.origin)).find((enquiry) => enquiry.id === enquiryId);
    expect(received?.meta).toEqual(VALID_ENQUIRY_META);
  });
});
