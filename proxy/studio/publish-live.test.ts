import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadWidgetAssets } from '../http/widget-assets.ts';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { EDITOR, studioHarnessPerTest } from '../test/fixtures/studio-harness.ts';
import { ORIGIN, VALID_ENQUIRY_META } from '../test/fixtures/proxy-harness.ts';
import { FORM_TOKEN_MAX_AGE_MS } from '../http/bots/bot-check.ts';
import { inputs, plainForm, postPlain } from '../test/fixtures/plain-post.ts';

const LAW_FIRM = readFileSync(exampleConfigPath('law-firm'), 'utf8');
const setUp = studioHarnessPerTest();

type Config = { caseTypes: { id: string; questions: { id: string; label: string }[] }[] };

/** Publishes version 2: the conveyancing lender question removed, notes renamed. */
async function publishVersion2(h: Awaited<ReturnType<typeof setUp>>) {
  const draft = await h.studio.draft();
  const config = structuredClone(draft.config) as Config;
  const conveyancing = config.caseTypes[0]!;
  conveyancing.questions = conveyancing.questions.filter((q) => q.id !== 'lender');
  conveyancing.questions.find((q) => q.id === 'notes')!.label = 'Is there anything else?';
  await h.studio.saveDraft(config, draft.revision, EDITOR);
  const outcome = await h.studio.publish(draft.revision + 1, EDITOR);
  expect(outcome).toMatchObject({ published: { version: 2 } });
}

const formJson = async (h: Awaited<ReturnType<typeof setUp>>) => {
  const response = await h.app.request('/api/form', { headers: { origin: ORIGIN } });
  return {
    etag: response.headers.get('etag'),
    body: (await response.json()) as { version: number; caseTypes: Config['caseTypes'] },
  };
};

describe('a version published in the studio, served without a restart', () => {
  it('is what GET /api/form answers from the next request on, with a new ETag', async () => {
    const h = await setUp({ text: LAW_FIRM });
    const before = await formJson(h);
    expect(before.body.version).toBe(1);
    await publishVersion2(h);
    const after = await formJson(h);
    expect(after.body.version).toBe(2);
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.caseTypes[0]?.questions.map((q) => q.id)).not.toContain('lender');
  });

  it('signs the version a form was drawn from in its token, while it may still be sent', async () => {
    const h = await setUp({ text: LAW_FIRM });
    await publishVersion2(h);
    const token = async (asked: string) =>
      h.tokens.verify(
        (
          (await (
            await h.app.request(`/api/form-token${asked}`, { headers: { origin: ORIGIN } })
          ).json()) as { token: string }
        ).token,
      );
    expect(await token('?form_version=1')).toMatchObject({ valid: true, formVersion: 1 });
    expect(await token('')).toMatchObject({ formVersion: 2 });
    expect(await token('?form_version=9')).toMatchObject({ formVersion: 2 });
    // A day after version 2 replaced it, version 1 is no longer signed.
    h.clock.now += FORM_TOKEN_MAX_AGE_MS + 1;
    expect(await token('?form_version=1')).toMatchObject({ formVersion: 2 });
  });
});

describe('a visitor whose form was drawn from the version before a publish', () => {
  it('is accepted and delivered with the ids and labels of the version they saw', async () => {
    const h = await setUp({ text: LAW_FIRM });
    // The form was drawn from version 1, and its token fetched, before version 2 was published.
    const formToken = h.formToken(30, 1);
    await publishVersion2(h);
    const response = await h.submit({ form_token: formToken, form_version: 1 });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect((await h.store.get(reference))?.upstream.meta).toEqual(VALID_ENQUIRY_META);
  });

  it('is taken from the page without JavaScript too, checked as the page was drawn', async () => {
    const h = await setUp({ text: LAW_FIRM });
    const page = await (
      await h.app.request('http://proxy.example/form?case-type=conveyancing')
    ).text();
    expect(inputs(page, 'form_version', '1')).toHaveLength(1);
    const [token = ''] = /name="form_token" value="([^"]+)"/.exec(page)?.slice(1) ?? [];
    expect(h.tokens.verify(token)).toMatchObject({ formVersion: 1 });
    h.clock.now += 30_000;
    await publishVersion2(h);
    const posted = await postPlain(
      h,
      plainForm(token, { form_version: '1', 'answers.lender': 'Nationwide' }),
      { headers: { 'idempotency-key': 'a2b1c3d4-0000-4000-8000-000000000001' } },
    );
    expect(posted.status).toBe(303);
    const [reference] = (await h.store.leadPage({ limit: 1 })).map((lead) => lead.reference);
    expect((await h.store.get(reference ?? ''))?.upstream.meta.map((m) => m.id)).toContain(
      'lender',
    );
  });

  it('cannot name a version older than its token’s, nor one no longer served within a token’s life', async () => {
    const h = await setUp({ text: LAW_FIRM });
    await publishVersion2(h);
    // The token was drawn from version 2: a bare form_version of 1 does not take it back.
    const older = await h.submit({ form_token: h.formToken(30, 2), form_version: 1 });
    expect(older.status).toBe(400);
    expect(await older.json()).toMatchObject({
      issues: [{ field: 'answers.lender', code: 'unknown_question' }],
    });
    // A day and more after version 2 replaced it, version 1's answers are judged by version 2.
    h.clock.now += FORM_TOKEN_MAX_AGE_MS + 60_000;
    const stale = await h.submit({ form_token: h.formToken(30), form_version: 1 });
    expect(stale.status).toBe(400);
  });

  it('is checked against the version served now when it names one never published', async () => {
    const h = await setUp({ text: LAW_FIRM });
    await publishVersion2(h);
    const { lender: _gone, ...answers } = {
      transaction: 'Buying',
      property_value: 'Under £250,000',
      lender: 'x',
      notes: 'First home',
    };
    const response = await h.submit({ form_token: h.formToken(30, 2), form_version: 99, answers });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect((await h.store.get(reference))?.upstream.meta.at(-1)).toEqual({
      id: 'notes',
      label: 'Is there anything else?',
      value: 'First home',
    });
  });
});

describe('the widget script that carries the form', () => {
  it('is revalidated at every load, and its ETag changes with the version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-'));
    writeFileSync(join(dir, 'enquiry-form.js'), 'export const widget = 1;\n');
    const h = await setUp({ text: LAW_FIRM, deps: { widget: loadWidgetAssets(dir) } });
    const script = () =>
      h.app.request('/enquiry-form.js', { headers: { origin: ORIGIN, 'accept-encoding': 'br' } });
    const first = await script();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await publishVersion2(h);
    const second = await script();
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(second.headers.get('content-encoding')).toBe('br');
    const text = brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString();
    expect(text).toMatch(/^const ENQUIRY_FORM_CONFIG=\{.*"version":2\};\n/);
    expect(
      (
        await h.app.request('/enquiry-form.js', {
          headers: { origin: ORIGIN, 'if-none-match': first.headers.get('etag') ?? '' },
        })
      ).status,
    ).toBe(200);
  });
});
