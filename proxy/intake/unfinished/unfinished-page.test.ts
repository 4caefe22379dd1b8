/**
 * The box of unfinished enquiries on the form without JavaScript, in memory on the harness's
 * SQLite outbox: the page's box and line, what its buttons keep and erase (the record the widget
 * would keep, with its consent), and the enquiry sent from the page taking the record over.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bilingual, lawFirm } from '../../../demo/forms/index.ts';
import { readFormConfigs } from '../../studio/form-file.ts';
import { formPage } from '../page/form-page.ts';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, ORIGIN } from '../../test/fixtures/proxy-harness.ts';
import { storedLeads } from '../../test/fixtures/outbox.ts';

const setUp = harnessPerTest();
const arabic = readFormConfigs(
  new URL('../../../demo/forms/arabic.json', import.meta.url).pathname,
);
const KEEPING = { keepDays: 7 };
type Harness = ReturnType<typeof setUp>;

const keeping = () => setUp({ config: { ...lawFirm, unfinished: KEEPING } });

/** A hidden field's value on `page`. */
const valueOf = (page: string, name: string) =>
  /value="([^"]*)"/.exec(inputs(page, name)[0] ?? '')?.[1] ?? '';

/** Where `page`'s "Keep what I have typed" posts, as a browser reads its `formaction`. */
const keepAction = (page: string) =>
  (/formaction="(\/form\/unfinished[^"]*)"/.exec(page)?.[1] ?? '').replaceAll('&amp;', '&');

/** The page a visitor without script gets, with what its box posts. */
async function drawnPage(h: Harness, path = '/form?case-type=conveyancing') {
  const page = await (await h.app.request(path, { headers: { referer: `${ORIGIN}/buy` } })).text();
  return {
    page,
    action: keepAction(page),
    box: {
      'unfinished.id': valueOf(page, 'unfinished.id'),
      'unfinished.secret': valueOf(page, 'unfinished.secret'),
    },
    token: valueOf(page, 'form_token'),
  };
}

/** A post of the page's form to `action`, with `fields` besides Ada's. */
const press = (h: Harness, action: string, token: string, fields: Record<string, string>) =>
  postPlain(h, plainForm(token, fields), { action });

describe('the form without JavaScript, with the unfinished block', () => {
  it('shows the widget’s box unticked under the contact fields, with its line, a record id and secret, and Send first', async () => {
    const { page, action, box } = await drawnPage(keeping());
    const tick = inputs(page, 'unfinished.keep')[0] ?? '';
    expect(tick).toContain('type="checkbox"');
    expect(tick).not.toContain('checked');
    expect(page).toContain('Keep what I have typed so that the firm can help if I do not finish');
    expect(page).toContain('It is erased 7 days after your last change');
    expect(box['unfinished.id']).toMatch(/^[0-9a-f]{32}$/);
    expect(box['unfinished.secret']).toMatch(/^[\w-]{22}$/);
    expect(page.indexOf('name="unfinished.keep"')).toBeGreaterThan(page.indexOf('name="email"'));
    // Enter in a field presses the first button: Send, never the box's.
    expect(page.indexOf('<button type="submit">')).toBeLessThan(
      page.indexOf(action.split('?')[0] ?? '?'),
    );
    expect(action).toMatch(/^\/form\/unfinished\?idempotency-key=[\w-]{36}&back=/);
    const plain = await (await setUp().app.request('/form?case-type=conveyancing')).text();
    expect(plain).not.toContain('unfinished');
  });

  it('says it in Welsh on the Welsh page', async () => {
    const translations = {
      ...bilingual,
      inLanguage: (lang: string) => ({ ...bilingual.inLanguage(lang), unfinished: KEEPING }),
    };
    const h = setUp({ config: { ...bilingual.first, unfinished: KEEPING }, translations });
    const { page } = await drawnPage(h, '/form?case-type=conveyancing&lang=cy');
    expect(page).toContain('Cadw’r hyn rwyf wedi’i deipio fel y gall y cwmni helpu');
    expect(page).toContain('7 diwrnod');
    expect(page).toContain('>\n      Cadw’r hyn rwyf wedi’i deipio\n');
  });

  it('says it in Arabic, from the strings file, on the Arabic page', async () => {
    const h = setUp({
      config: { ...arabic.first, unfinished: KEEPING },
      translations: {
        ...arabic,
        inLanguage: (lang: string) => ({ ...arabic.inLanguage(lang), unfinished: KEEPING }),
      },
    });
    const { page } = await drawnPage(h, '/form?lang=ar');
    const words = JSON.parse(readFileSync('demo/strings/ar.json', 'utf8')) as Record<
      string,
      string
    >;
    expect(page).toContain('<html lang="ar" dir="rtl">');
    for (const key of ['unfinishedKeep', 'unfinished.pageKeep'])
      expect(page).toContain(words[key] ?? '?');
  });

  it('draws the box in the studio’s preview without its buttons: nothing is kept from a preview', async () => {
    const preview = (
      await formPage({
        config: { ...lawFirm, unfinished: KEEPING },
        caseType: lawFirm.caseTypes[0],
        values: new Map(),
        formToken: 'preview',
        sendTo: '/admin/form/preview/k/api/enquiries?idempotency-key=x',
      })
    ).toString();
    expect(preview).toContain('name="unfinished.keep"');
    expect(preview).not.toContain('formaction');
  });
});

describe('POST /form/unfinished', () => {
  it('keeps what is posted with the box ticked, with its consent, and a second press changes the same record', async () => {
    const h = keeping();
    const { action, box, token } = await drawnPage(h);
    const first = await press(h, action, token, { ...box, 'unfinished.keep': 'on' });
    expect(first.status).toBe(200);
    const answer = await first.text();
    const until = new Date(h.clock.now + 7 * 86_400_000);
    const date = until.toLocaleDateString('en', { dateStyle: 'long', timeZone: 'Europe/London' });
    expect(answer).toContain(`<p role="status">What you have typed is kept until ${date}.`);
    expect(answer).toContain('To take it back, press “Erase what is kept”: it is erased at once.');
    expect(inputs(answer, 'unfinished.keep')[0]).toContain('checked');
    expect(valueOf(answer, 'unfinished.id')).toBe(box['unfinished.id']);
    expect(valueOf(answer, 'form_token')).toBe(token);
    expect(keepAction(answer)).toBe(action);
    const record = await h.store.unfinishedRecord(box['unfinished.id']);
    expect(record).toMatchObject({
      fields: { forename: 'Ada', email: 'ada@example.com', answers: { notes: 'First home' } },
      marketing: { campaign: 'spring-2027' },
      lang: 'en',
      consent: { at: h.clock.now },
      expiresAt: h.clock.now + 7 * 86_400_000,
    });
    expect(record?.consent.statement).toMatch(/^Keep what I have typed so that the firm/);
    h.clock.now += 60_000;
    await press(h, action, token, { ...box, 'unfinished.keep': 'on', surname: 'King' });
    expect((await h.store.unfinishedRecord(box['unfinished.id']))?.fields.surname).toBe('King');
    expect(await h.store.unfinishedCounts()).toMatchObject({ kept: 1 });
  });

  it('keeps nothing with the box unticked, and erases at once what was kept', async () => {
    const h = keeping();
    const { action, box, token } = await drawnPage(h);
    const unticked = await (await press(h, action, token, box)).text();
    expect(unticked).toContain('Nothing was kept: tick the box');
    expect(await h.store.unfinishedRecord(box['unfinished.id'])).toBeNull();
    h.clock.now += 1000;
    await press(h, action, token, { ...box, 'unfinished.keep': 'on' });
    h.clock.now += 1000;
    const erase = { ...box, 'unfinished.keep': 'on', 'unfinished.erase': 'on' };
    const erased = await (await press(h, action, token, erase)).text();
    expect(erased).toContain('<p role="status">What you had typed is erased.</p>');
    expect(inputs(erased, 'unfinished.keep')[0]).not.toContain('checked');
    expect(await h.store.unfinishedRecord(box['unfinished.id'])).toBeNull();
    expect(await h.store.unfinishedCounts()).toMatchObject({ kept: 0, unticked: 1 });
  });

  it('keeps nothing without an email address or telephone number, and says so', async () => {
    const h = keeping();
    const { action, box, token } = await drawnPage(h);
    const fields = { ...box, 'unfinished.keep': 'on', email: 'ada@', telephone_mobile: '' };
    const answer = await (await press(h, action, token, fields)).text();
    expect(answer).toContain('Nothing was kept: type your email address or telephone number');
    expect(await h.store.unfinishedRecord(box['unfinished.id'])).toBeNull();
  });

  it('refuses another site’s page and a page without a live form token, keeping nothing', async () => {
    const h = keeping();
    const { action, box, token } = await drawnPage(h);
    const ticked = { ...box, 'unfinished.keep': 'on' };
    const elsewhere = await postPlain(h, plainForm(token, ticked), {
      action,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(elsewhere.status).toBe(403);
    const forged = await press(h, action, 'forged', ticked);
    expect(forged.status).toBe(400);
    expect(await h.store.unfinishedRecord(box['unfinished.id'])).toBeNull();
  });

  it('is not there while the form keeps no unfinished enquiries', async () => {
    const h = setUp();
    const response = await press(h, '/form/unfinished', h.formToken(), {});
    expect(response.status).toBe(404);
  });
});

describe('the enquiry sent from the page', () => {
  it('takes the kept record over: one lead, nothing unfinished left, even from a page drawn again after a refusal', async () => {
    const h = keeping();
    const { action, box, token } = await drawnPage(h);
    const ticked = { ...box, 'unfinished.keep': 'on' };
    await press(h, action, token, ticked);
    const send = action.replace('/form/unfinished?', '/api/enquiries?');
    // Refused first (no email): the page drawn again has a token of its own.
    const refused = await (await press(h, send, token, { ...ticked, email: '' })).text();
    const redrawnToken = valueOf(refused, 'form_token');
    expect(redrawnToken).not.toBe(token);
    const sent = await press(h, send, redrawnToken, ticked);
    expect(sent.status).toBe(303);
    expect(await h.store.unfinishedRecord(box['unfinished.id'])).toBeNull();
    expect(await h.store.unfinishedCounts()).toMatchObject({ kept: 0, finished: 1 });
    expect(await storedLeads(h.store)).toHaveLength(1);
  });
});
