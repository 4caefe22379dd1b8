/**
 * "Save and continue later" follows the version served, as the rest of the form does: a version
 * published from the studio with `drafts` offers saving at once, without a restart, to the widget
 * (`draftDays`), at `POST /api/drafts` and on the page without JavaScript; one published without
 * it stops offering it the same way.
 */
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { draftClient } from '../../test/fixtures/drafts.ts';
import { ORIGIN } from '../../test/fixtures/proxy-harness.ts';
import { EDITOR, studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';

const setUp = studioHarnessPerTest();
const DRAFTS = { limits: { perAddressPerDay: 10, perClientPerHour: 10, perHour: 100 } };

type Harness = Awaited<ReturnType<typeof setUp>>;

/** Publishes the form as it is, with `drafts` or without. */
async function publish(h: Harness, drafts: typeof DRAFTS | undefined) {
  const draft = await h.studio.draft();
  const { drafts: _was, ...config } = draft.config as typeof lawFirm & { drafts?: unknown };
  await h.studio.saveDraft(drafts ? { ...config, drafts } : config, draft.revision, EDITOR);
  await h.studio.publish(draft.revision + 1, EDITOR);
}

/** What a visitor is offered now: by the widget, by the draft route, by the page. */
async function offered(h: Harness) {
  const form = await h.app.request('/api/form', { headers: { origin: ORIGIN } });
  const { draftDays } = (await form.json()) as { draftDays?: number };
  const saved = await draftClient(h).save(undefined, {
    form_token: h.formToken(30, h.live.current().version),
  });
  const page = await h.app.request('http://proxy.example/form?case-type=conveyancing', {
    headers: { referer: `${ORIGIN}/conveyancing`, host: 'proxy.example' },
  });
  return {
    draftDays,
    save: saved.response.status,
    pageSaves: (await page.text()).includes('formaction="/form/save'),
  };
}

describe('saving follows the version published', () => {
  it('offers saving once a version with "drafts" is published, and stops with one without, no restart', async () => {
    const h = await setUp({ text: JSON.stringify(lawFirm), drafts: {} });
    expect(await offered(h)).toEqual({ draftDays: undefined, save: 404, pageSaves: false });
    await publish(h, DRAFTS);
    expect(await offered(h)).toEqual({ draftDays: 7, save: 201, pageSaves: true });
    await publish(h, undefined);
    expect(await offered(h)).toEqual({ draftDays: undefined, save: 404, pageSaves: false });
  });
});
