import { describe, expect, it } from 'vitest';
import { bilingual, lawFirm } from '../../../demo/forms/index.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { FunnelResponse } from '../../funnel/funnel-report.ts';
import { harnessPerTest, ORIGIN, validEnquiry } from '../../test/fixtures/proxy-harness.ts';
import { adasValues, keepingPage, KEPT_TEXT } from '../../test/fixtures/unfinished.ts';

const setUp = harnessPerTest();
const KEEPING = { keepDays: 7, remindAfterHours: 24 };

function keeping(config: FormConfig = lawFirm, options: Parameters<typeof setUp>[0] = {}) {
  return setUp({ config: { ...config, unfinished: KEEPING }, ...options });
}

/** An answer as a visitor would compare two of them: status, body, and the headers that matter. */
const seen = async (response: Response) => ({
  status: response.status,
  body: await response.text(),
  headers: [...response.headers].filter(([name]) => !['x-request-id', 'date'].includes(name)),
});

describe('POST /api/unfinished', () => {
  it('keeps what the page sends, with the consent its visitor read, until keepDays after the last change', async () => {
    const h = keeping();
    const page = keepingPage(h);
    expect((await page.keep()).status).toBe(204);
    h.clock.now += 60_000;
    expect((await page.keep(adasValues({ surname: 'King' }))).status).toBe(204);
    const record = await h.store.unfinishedRecord(page.id);
    expect(record).toMatchObject({
      fields: { forename: 'Ada', surname: 'King', answers: { notes: KEPT_TEXT } },
      marketing: { campaign: 'spring-2027' },
      consent: { at: h.clock.now - 60_000 },
      expiresAt: h.clock.now + 7 * 86_400_000,
    });
    expect(record?.consent.statement).toBe(
      'Keep what I have typed so that the firm can help if I do not finish\n' +
        'Only the firm will see it. It is erased 7 days after your last change, or at once if you untick this box. Until you tick it, nothing you type leaves this page. Files are not kept.',
    );
  });

  it('keeps the consent in the language the visitor read, and choices by their stored values', async () => {
    const h = setUp({
      config: { ...bilingual.first, unfinished: KEEPING },
      translations: {
        ...bilingual,
        inLanguage: (lang) => ({ ...bilingual.inLanguage(lang), unfinished: KEEPING }),
      },
    });
    const page = keepingPage(h);
    const values = adasValues({ answers: { transaction: 'Prynu' } });
    expect((await page.keep(values, { lang: 'cy' })).status).toBe(204);
    const record = await h.store.unfinishedRecord(page.id);
    expect(record?.lang).toBe('cy');
    expect(record?.fields.answers).toEqual({ transaction: 'buying' });
    expect(record?.consent.statement).toContain('Cadw’r hyn rwyf wedi’i deipio');
    expect(record?.consent.statement).toContain('7 diwrnod');
  });

  it('answers another page’s id as its own, and keeps nothing over that page’s record', async () => {
    const h = keeping();
    const ada = keepingPage(h);
    await ada.keep();
    const intruder = keepingPage(h, { id: ada.id, secret: 'A'.repeat(22) });
    const stranger = keepingPage(h);
    const overwrite = await seen(await intruder.keep(adasValues({ surname: 'Intruder' })));
    const fresh = await seen(await stranger.keep(adasValues({ surname: 'Stranger' })));
    expect(overwrite).toEqual(fresh);
    expect((await h.store.unfinishedRecord(ada.id))?.fields.surname).toBe('Lovelace');
    expect(await seen(await intruder.erase())).toEqual(await seen(await stranger.erase()));
    expect(await h.store.unfinishedRecord(ada.id)).not.toBeNull();
  });

  it('refuses another site’s page, a page without a live form token, and keeps nothing', async () => {
    const h = keeping();
    const page = keepingPage(h);
    const elsewhere = await page.post(
      '/api/unfinished',
      { id: page.id },
      { origin: 'https://elsewhere.example' },
    );
    expect(elsewhere.status).toBe(403);
    const forged = await page.keep(adasValues(), { form_token: 'forged' });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ issues: [{ field: 'form_token' }] });
    expect(await h.store.unfinishedRecord(page.id)).toBeNull();
  });

  it('keeps nothing without an email address or telephone number, nor what no field takes', async () => {
    const h = keeping();
    const page = keepingPage(h);
    const nobody = await page.keep(adasValues({ email: 'ada@', telephone_mobile: '' }));
    expect(nobody.status).toBe(400);
    expect(await nobody.json()).toMatchObject({ issues: [{ field: 'email', code: 'required' }] });
    const long = await page.keep(adasValues({ forename: 'A'.repeat(101) }));
    expect(await long.json()).toMatchObject({ issues: [{ field: 'forename', code: 'too_long' }] });
    const unknown = await page.keep(adasValues({ answers: { lender: 'x', pets: 'cat' } }));
    expect(await unknown.json()).toMatchObject({
      issues: [{ field: 'answers.pets', code: 'unknown_question' }],
    });
    expect(await h.store.unfinishedRecord(page.id)).toBeNull();
    // By telephone alone, and with an address still being typed, it is kept as typed.
    const byPhone = await page.keep(
      adasValues({ email: 'ada@exam', telephone_mobile: '07700 900123' }),
    );
    expect(byPhone.status).toBe(204);
    expect((await h.store.unfinishedRecord(page.id))?.fields.email).toBe('ada@exam');
  });

  it('erases an unticked record at once, and a keep sent before the untick arrives too late to keep it', async () => {
    const h = keeping();
    const page = keepingPage(h);
    await page.keep();
    const late = page.keep(adasValues({ surname: 'Late' }));
    expect((await page.erase()).status).toBe(204);
    await late;
    expect(await h.store.unfinishedRecord(page.id)).toBeNull();
    expect(await h.store.unfinishedOf({ email: 'ada@example.com' })).toEqual([]);
  });

  it('is not there while the form keeps no unfinished enquiries', async () => {
    const h = setUp({ config: lawFirm });
    expect((await keepingPage(h).keep()).status).toBe(404);
  });

  it('holds each client to its keeps a minute, with Retry-After', async () => {
    const h = keeping(lawFirm, { unfinished: { perClient: 2 } });
    const page = keepingPage(h);
    expect((await page.keep()).status).toBe(204);
    expect((await page.keep()).status).toBe(204);
    const refused = await page.keep();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps a reminder asked for with an email address, due remindAfterHours after the last change', async () => {
    const h = keeping();
    const page = keepingPage(h);
    await page.keep(adasValues(), { remind: true });
    expect((await h.store.unfinishedRecord(page.id))?.reminder).toMatchObject({
      dueAt: h.clock.now + 24 * 3_600_000,
      sentAt: null,
      statement:
        'Email me one reminder with a link back to this form\nOnce, 1 day after your last change, unless you send your enquiry first. The link opens only with a code we send to your email address.',
    });
    // Not without an address, nor from a page of another origin than its own.
    const byPhone = keepingPage(h);
    await byPhone.keep(adasValues({ email: '', telephone_mobile: '07700 900123' }), {
      remind: true,
    });
    expect((await h.store.unfinishedRecord(byPhone.id))?.reminder).toBeNull();
    const elsewhere = keepingPage(h);
    await elsewhere.keep(adasValues(), { remind: true, page: 'https://elsewhere.example/x' });
    expect((await h.store.unfinishedRecord(elsewhere.id))?.reminder).toBeNull();
  });

  it('offers no reminder while the mailer cannot send one', async () => {
    const h = keeping(lawFirm, { unfinished: { remindersOn: false } });
    const page = keepingPage(h);
    await page.keep(adasValues(), { remind: true });
    expect((await h.store.unfinishedRecord(page.id))?.reminder).toBeNull();
  });
});

describe('an enquiry sent from a kept record', () => {
  it('takes the record over in its own transaction: one lead, nothing unfinished left', async () => {
    const h = keeping();
    const page = keepingPage(h);
    await page.keep();
    const response = await h.submit({ ...validEnquiry(), form_token: page.formToken });
    expect(response.status).toBeLessThan(300);
    expect(await h.store.unfinishedRecord(page.id)).toBeNull();
    expect(await h.store.unfinishedCounts()).toMatchObject({ kept: 0, finished: 1 });
    // The page's last keep, fired after Send, brings nothing back.
    await page.keep();
    expect(await h.store.unfinishedRecord(page.id)).toBeNull();
  });

  it('is finished by its page when the enquiry went with a renewed form token', async () => {
    const h = keeping();
    const page = keepingPage(h);
    await page.keep();
    const response = await h.submit({ ...validEnquiry(), form_token: h.formToken(5) });
    const { reference } = (await response.json()) as { reference: string };
    expect(await h.store.unfinishedRecord(page.id)).not.toBeNull();
    expect((await page.erase(reference)).status).toBe(204);
    expect(await h.store.unfinishedRecord(page.id)).toBeNull();
    expect(await h.store.unfinishedCounts()).toMatchObject({ finished: 1, unticked: 0 });
  });
});

describe('the funnel of kept records', () => {
  it('shows each campaign’s kept unfinished and finished later, in JSON and CSV, small groups withheld', async () => {
    const h = keeping(lawFirm, { deps: { adminToken: 'a'.repeat(43), funnelMinCount: 2 } });
    const spring = [keepingPage(h), keepingPage(h)];
    for (const page of spring) await page.keep();
    await keepingPage(h).keep(adasValues(), {
      marketing: { lead_referer: '', campaign: 'tiny', keywords: '', detail: '' },
    });
    await h.submit({ ...validEnquiry(), form_token: spring[0]?.formToken ?? '' });
    const day = new Date(h.clock.now).toISOString().slice(0, 10);
    const ask = (accept: string) =>
      h.app.request(`/admin/funnel?from=${day}&to=${day}`, {
        headers: { authorization: `Bearer ${'a'.repeat(43)}`, accept },
      });
    const funnel = (await (await ask('application/json')).json()) as FunnelResponse;
    expect(funnel.rows.map((row) => [row.campaign, row.keptUnfinished, row.finishedLater])).toEqual(
      [['spring-2027', 2, 1]],
    );
    expect(funnel.totals).toMatchObject({ keptUnfinished: 3, finishedLater: 1 });
    expect(funnel.withheld).toMatchObject({ groups: 1, keptUnfinished: 1, finishedLater: 0 });
    const [header, first] = (await (await ask('text/csv')).text()).split('\r\n');
    expect(header?.endsWith(',noShow,keptUnfinished,finishedLater')).toBe(true);
    expect(first?.endsWith(',2,1')).toBe(true);
  });
});

describe('CORS of /api/unfinished', () => {
  it('answers an allowed page’s preflight, and no other’s', async () => {
    const h = keeping();
    const ask = (origin: string) =>
      h.app.request('/api/unfinished', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    expect((await ask(ORIGIN)).headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(
      (await ask('https://elsewhere.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });
});
