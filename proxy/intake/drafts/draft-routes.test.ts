import { describe, expect, it } from 'vitest';
import { bilingual, lawFirm } from '../../../demo/forms/index.ts';
import type { DraftMailEvent } from '../../notify/events.ts';
import { draftClient, draftContent, openSealed, TYPED } from '../../test/fixtures/drafts.ts';
import { harnessPerTest, ORIGIN, type ProxyHarness } from '../../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const DRAFTS = { limits: { perAddressPerDay: 10, perClientPerHour: 10, perHour: 100 } };

function drafting(evenMs = 0, welsh = false) {
  const h = setUp({
    config: { ...(welsh ? bilingual.first : lawFirm), drafts: DRAFTS },
    drafts: { evenMs },
    ...(welsh ? { translations: bilingual } : {}),
  });
  return { h, drafts: draftClient(h) };
}

/** The emails queued for the visitor, oldest first. */
async function emails(h: ProxyHarness) {
  const due = await h.store.dueNotifications(h.clock.now + 1, 50);
  return due.map((n) => n.payload as DraftMailEvent);
}

/** The six digits of the last code emailed. */
async function lastCode(h: ProxyHarness) {
  const code = (await emails(h)).filter((e) => e.event === 'draft.code').at(-1);
  return /\b(\d{6})\b/.exec(code?.text ?? '')?.[1] ?? '';
}

async function saved(d: ReturnType<typeof drafting>) {
  const { response, key, body } = await d.drafts.save();
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, key, body };
}

describe('POST /api/drafts', () => {
  it('keeps only ciphertext, and emails the link to the page it was saved on, its key in the fragment', async () => {
    const d = drafting();
    const { id, key, body } = await saved(d);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const [link] = await emails(d.h);
    expect(link).toMatchObject({ event: 'draft.link', to: 'ada@example.com' });
    expect(link?.text).toContain(
      `${ORIGIN}/road-accidents?utm_source=mail#enquiry-draft=${id}.${key}`,
    );
    expect(link?.html).toContain(`#enquiry-draft=${id}.${key}`);
    expect(JSON.stringify(link)).not.toContain(TYPED);
    expect(openSealed(body.ciphertext, key).values.answers.notes).toBe(TYPED);
  });

  it('refuses a page on another origin than the saving one, and keeps nothing', async () => {
    const d = drafting();
    const { response } = await d.drafts.save(draftContent(), {
      page: 'https://elsewhere.example/x',
    });
    expect(response.status).toBe(400);
    expect(await emails(d.h)).toEqual([]);
  });

  it('refuses a save without a live form token or with an address mail cannot reach', async () => {
    const d = drafting();
    expect((await d.drafts.save(draftContent(), { form_token: 'forged' })).response.status).toBe(
      400,
    );
    const bad = await d.drafts.save(draftContent({ email: 'ada@example' }));
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toMatchObject({ issues: [{ field: 'email' }] });
  });

  it('saves again under the same id by its owner’s secret only, and refuses an expired one', async () => {
    const d = drafting();
    const content = draftContent();
    const { id } = await saved(d);
    const again = await d.drafts.save(content, { id, write: content.write });
    // `saved` made its own content: this one's secret is not that draft's.
    expect(again.response.status).toBe(404);
    const first = await d.drafts.save(content);
    const { id: mine } = (await first.response.json()) as { id: string };
    const second = await d.drafts.save(content, { id: mine });
    expect(second.response.status).toBe(201);
    expect(await second.response.json()).toMatchObject({ id: mine });
    d.h.clock.now += 8 * 86_400_000;
    expect(
      (await d.drafts.save(content, { id: mine, form_token: d.h.formToken() })).response.status,
    ).toBe(404);
  });

  it('counts each request once against the client’s allowance, a save as any other', async () => {
    const h = setUp({ config: { ...lawFirm, drafts: DRAFTS }, drafts: { perClient: 3 } });
    const drafts = draftClient(h);
    for (let i = 0; i < 3; i++) expect((await drafts.save()).response.status).toBe(201);
    expect((await drafts.save()).response.status).toBe(429);
  });
});

describe('POST /api/drafts/code and /api/drafts/open', () => {
  it('sends a code only to the address it was saved for, and opens the draft once with it', async () => {
    const d = drafting();
    const { id, key } = await saved(d);
    expect((await d.drafts.askCode(id, 'bea@example.com')).status).toBe(202);
    expect((await emails(d.h)).filter((e) => e.event === 'draft.code')).toEqual([]);
    // The same mailbox however it is spelt: the code goes to the address typed.
    const asked = await d.drafts.askCode(id, 'Ada+later@Example.com');
    expect(asked.status).toBe(202);
    const code = (await emails(d.h)).find((e) => e.event === 'draft.code');
    expect(code?.to).toBe('Ada+later@Example.com');
    const opened = await d.drafts.open(id, await lastCode(d.h));
    expect(opened.status).toBe(200);
    const { ciphertext } = (await opened.json()) as { ciphertext: string };
    expect(openSealed(ciphertext, key).values.answers.notes).toBe(TYPED);
    expect((await d.drafts.open(id, await lastCode(d.h))).status).toBe(400);
  });

  it('answers an unknown draft as a known one: the same status, headers and body', async () => {
    const d = drafting();
    const { id } = await saved(d);
    const unknown = 'f'.repeat(32);
    const answers = [];
    for (const each of [id, unknown]) {
      const asked = await d.drafts.askCode(each, 'ada@example.com');
      const tried = await d.drafts.open(each, '000000');
      answers.push({
        asked: [asked.status, await asked.text()],
        tried: [tried.status, await tried.text(), tried.headers.get('content-type')],
      });
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('takes five tries a draft, then makes even the right code wait, known or not', async () => {
    const d = drafting();
    const { id } = await saved(d);
    await d.drafts.askCode(id, 'ada@example.com');
    const code = await lastCode(d.h);
    const wrong = code === '123456' ? '654321' : '123456';
    for (const each of [id, 'e'.repeat(32)]) {
      for (let i = 0; i < 5; i++) expect((await d.drafts.open(each, wrong)).status).toBe(400);
      const locked = await d.drafts.open(each, code);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    }
    d.h.clock.now += 6 * 60_000;
    expect((await d.drafts.open(id, code)).status).toBe(200);
  });

  it('answers a code at the floor’s time, found or not', async () => {
    const d = drafting(150);
    const { id } = await saved(d);
    for (const each of [id, 'a'.repeat(32)]) {
      const started = performance.now();
      await d.drafts.askCode(each, 'ada@example.com');
      expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    }
  });

  it('writes each email in the language the visitor read the form in', async () => {
    const d = drafting(0, true);
    const { id } = (await (
      await d.drafts.save(draftContent(), { lang: 'cy' })
    ).response.json()) as {
      id: string;
    };
    await d.drafts.askCode(id, 'ada@example.com', 'cy');
    await d.drafts.askCode(id, 'ada@example.com', 'en');
    const [link, welsh, english] = await emails(d.h);
    expect(link?.subject).toBe('Eich ymholiad sydd wedi’i gadw');
    expect(link?.html).toContain('<html lang="cy">');
    expect(welsh?.subject).toBe('Eich cod i barhau â’ch ymholiad');
    expect(english?.subject).toBe('Your code to continue your enquiry');
  });
});

describe('POST /api/drafts/discard', () => {
  it('forgets the draft and its emails for its owner only', async () => {
    const d = drafting();
    const content = draftContent();
    const first = await d.drafts.save(content);
    const { id } = (await first.response.json()) as { id: string };
    expect((await d.drafts.discard(id, 'A'.repeat(22))).status).toBe(204);
    expect(await emails(d.h)).toHaveLength(1);
    expect((await d.drafts.discard(id, content.write)).status).toBe(204);
    expect(await emails(d.h)).toEqual([]);
  });
});
