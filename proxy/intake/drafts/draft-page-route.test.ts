import { describe, expect, it } from 'vitest';
import { bilingual, lawFirm } from '../../../demo/forms/index.ts';
import type { DraftMailEvent } from '../../notify/events.ts';
import { draftClient, openSealed } from '../../test/fixtures/drafts.ts';
import { plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import {
  harnessPerTest,
  ORIGIN,
  sampleFiles,
  type HarnessOptions,
  type ProxyHarness,
} from '../../test/fixtures/proxy-harness.ts';
import { EDITOR, studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';

const setUp = harnessPerTest();
const setUpStudio = studioHarnessPerTest();
const DRAFTS = { limits: { perAddressPerDay: 10, perClientPerHour: 10, perHour: 100 } };
const PAGE = `${ORIGIN}/conveyancing`;

function drafting(welsh = false, limits: HarnessOptions['limits'] = {}) {
  return setUp({
    config: { ...(welsh ? bilingual.first : lawFirm), drafts: DRAFTS },
    drafts: {},
    limits,
    ...(welsh ? { translations: bilingual } : {}),
  });
}

/** The form page as a browser from the site's page gets it. */
async function formPage(h: ProxyHarness, query = '?case-type=conveyancing') {
  const response = await h.app.request(`http://proxy.example/form${query}`, {
    headers: { referer: PAGE, host: 'proxy.example' },
  });
  return response.text();
}

/** The address the page's save button posts to. */
const saveAction = (page: string) =>
  /formaction="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';

async function linkEmails(h: ProxyHarness) {
  return (await h.store.dueNotifications(h.clock.now + 1, 10)).map(
    (n) => n.payload as DraftMailEvent,
  );
}

describe('POST /form/save: the page without JavaScript saves too', () => {
  it('offers the save beside Send only where the form offers saving', async () => {
    expect(saveAction(await formPage(drafting()))).toMatch(
      /^\/form\/save\?idempotency-key=.*&back=/,
    );
    expect(await formPage(setUp())).not.toContain('formaction');
  });

  it('seals what was typed with a key only the emailed link holds, and says where the link went', async () => {
    const h = drafting();
    const action = saveAction(await formPage(h));
    const response = await postPlain(
      h,
      plainForm(h.formToken(), { 'answers.notes': 'A chain of three' }),
      {
        action,
      },
    );
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Your answers are saved');
    expect(page).toContain('We have emailed a link to ada@example.com');
    expect(page).toContain(`href="${PAGE}"`);
    const [link] = await linkEmails(h);
    const found = /#enquiry-draft=([0-9a-f]{32})\.([\w-]{43})/.exec(link?.text ?? '');
    expect(link?.text).toContain(`${PAGE}#enquiry-draft=`);
    const [, id = '', key = ''] = found ?? [];
    const ciphertext = await openedByItsOwner(h, id);
    const content = openSealed(ciphertext, key);
    expect(content.values).toMatchObject({
      forename: 'Ada',
      case_type: 'conveyancing',
      answers: { transaction: 'Buying', notes: 'A chain of three' },
    });
    expect(content.asked.transaction).toBe('["radio",["Both","Buying","Selling"]]');
  });

  it('says the files kept by a page drawn again are not saved with the answers', async () => {
    const h = drafting();
    const action = saveAction(await formPage(h));
    const held = 'b6a4c1f0-0000-4000-8000-000000000000.a-key-the-page-carried';
    const response = await postPlain(h, plainForm(h.formToken(), { held, held_drawn: held }), {
      action,
    });
    expect(await response.text()).toContain('The files you chose are not kept with your answers');
  });

  it('keeps each answer with the question as the page asked it, though a version was published since', async () => {
    const h = await setUpStudio({
      text: JSON.stringify({ ...lawFirm, drafts: DRAFTS }),
      drafts: {},
    });
    const action = saveAction(await formPage(h));
    const token = h.formToken(30, 1);
    // Version 2 offers a fourth answer to the question the visitor answered on version 1's page.
    const draft = await h.studio.draft();
    const config = structuredClone(draft.config) as typeof lawFirm;
    const transaction = config.caseTypes[0]?.questions.find((q) => q.id === 'transaction');
    if (transaction?.type === 'radio')
      transaction.options = [...(transaction.options ?? []), 'Remortgaging'];
    await h.studio.saveDraft(config, draft.revision, EDITOR);
    expect(await h.studio.publish(draft.revision + 1, EDITOR)).toMatchObject({
      published: { version: 2 },
    });
    await postPlain(h, plainForm(token, { form_version: '1' }), { action });
    const [link] = await linkEmails(h);
    const [, id = '', key = ''] =
      /#enquiry-draft=([0-9a-f]{32})\.([\w-]{43})/.exec(link?.text ?? '') ?? [];
    // The widget then asks again what version 2 asks otherwise (`draft-content.ts`).
    expect(openSealed(await openedByItsOwner(h, id), key).asked.transaction).toBe(
      '["radio",["Both","Buying","Selling"]]',
    );
  });

  it('draws the form again, everything kept, when no address is given', async () => {
    const h = drafting();
    const action = saveAction(await formPage(h));
    const response = await postPlain(h, plainForm(h.formToken(), { email: '' }), { action });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Enter your email address');
    expect(page).toContain('value="Lovelace"');
    expect(saveAction(page)).toBe(action);
    expect(await linkEmails(h)).toEqual([]);
  });

  it('says it in Welsh, and writes the link’s email in Welsh, for a visitor reading the form in Welsh', async () => {
    const h = drafting(true);
    const action = saveAction(await formPage(h, '?case-type=conveyancing&lang=cy'));
    const form = plainForm(h.formToken(), { lang: 'cy', 'answers.transaction': 'buying' });
    const response = await postPlain(h, form, { action });
    expect(await response.text()).toContain('Mae eich atebion wedi’u cadw');
    expect((await linkEmails(h))[0]?.subject).toBe('Eich ymholiad sydd wedi’i gadw');
  });
});

describe('POST /form/save: its body is guarded as an enquiry’s', () => {
  /** A save's post whose bytes arrive only as far as `upTo` (then stall), or whole. */
  async function slowSave(h: ProxyHarness, action: string, upTo?: number) {
    const form = plainForm(h.formToken());
    form.append('files', new Blob([sampleFiles.pdf(40_000)]), 'plan.pdf');
    const posted = new Response(form);
    const bytes = new Uint8Array(await posted.arrayBuffer());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, upTo));
        if (upTo === undefined) controller.close();
      },
    });
    const type = posted.headers.get('content-type') ?? '';
    return postPlain(h, body, { action, headers: { 'content-type': type } });
  }

  it('ends a save whose body goes silent with 408, and saves nothing', async () => {
    const h = drafting(false, { bodyIdleMs: 100 });
    const response = await slowSave(h, saveAction(await formPage(h)), 600);
    expect(response.status).toBe(408);
    expect(await linkEmails(h)).toEqual([]);
  });

  it('answers 503 when the bytes held for every visitor are spent, and saves once they are not', async () => {
    const h = drafting(false, { uploadBytes: 16 * 1024 });
    const action = saveAction(await formPage(h));
    expect((await slowSave(h, action)).status).toBe(503);
    expect(await linkEmails(h)).toEqual([]);
    // A save without the file fits, and the budget is whole again after each post.
    expect((await postPlain(h, plainForm(h.formToken()), { action })).status).toBe(200);
    expect(await linkEmails(h)).toHaveLength(1);
  });
});

/** The ciphertext of draft `id`, as its owner opens it: a code to her address, then the code. */
async function openedByItsOwner(h: ProxyHarness, id: string) {
  const drafts = draftClient(h);
  await drafts.askCode(id, 'ada@example.com');
  const code = (await linkEmails(h)).find((mail) => mail.event === 'draft.code');
  const opened = await drafts.open(id, /\b(\d{6})\b/.exec(code?.text ?? '')?.[1] ?? '');
  return ((await opened.json()) as { ciphertext: string }).ciphertext;
}
