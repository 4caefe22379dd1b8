/**
 * The form without JavaScript in Welsh (`GET /form?lang=cy`), end to end in memory: the page,
 * its errors when sent wrong, the confirmation when sent right, and an API client's refusal in
 * the enquiry's `lang`: no English word of the product's or the firm's on the way.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bilingual, exampleConfigPath } from '../../../demo/forms/index.ts';
import { parseFormConfigs } from '../../contract/schemas/form-config.ts';
import { ENGLISH } from '../../contract/strings/english.ts';
import { WELSH } from '../../contract/strings/cy.ts';
import { plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, ORIGIN, type ProxyHarness } from '../../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const welshSetUp = () => setUp({ config: bilingual.first, translations: bilingual });

/** The page's text as a visitor reads it: the tags, the style and the values sent left out. */
const visibleText = (page: string) =>
  page
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&quot;|&amp;/g, ' ')
    .replace(/\s+/g, ' ');

/** The English a visitor could meet on these pages: the product's words and the firm's. */
const ENGLISH_WORDS = [
  ...['forename', 'surname', 'email', 'submit', 'optional', 'errorSummaryTitle', 'errorPrefix'],
  ...['deliveredTitle', 'reference', 'receiptHint', 'honeypot', 'page.title'],
  ...['forename.required', 'question.required_choice', 'consent.required'],
].map((key) => ENGLISH[key as keyof typeof ENGLISH]);
const FIRM_ENGLISH = ['Buying or selling a home', 'Are you buying or selling?', 'Selling'];

const expectNoEnglish = (page: string) => {
  const text = visibleText(page);
  for (const words of [...ENGLISH_WORDS, ...FIRM_ENGLISH]) expect(text).not.toContain(words);
};

/** The Welsh page's fields, as a visitor fills them in, with `overrides`. */
const welshPost = (harness: ProxyHarness, overrides: Record<string, string | string[]> = {}) =>
  plainForm(harness.formToken(), {
    lang: 'cy',
    'answers.transaction': 'selling',
    'answers.property_value': [],
    'answers.notes': 'Symud ym mis Mai',
    'consent.consent_contact': 'on',
    ...overrides,
  });

describe('the form without JavaScript in Welsh', () => {
  it('draws every word in Welsh, and says in its post which language was read', async () => {
    const harness = welshSetUp();
    const page = await (await harness.app.request('/form?lang=cy')).text();
    expect(page).toContain('<html lang="cy" dir="ltr">');
    expect(page).toContain('<title>Anfon ymholiad</title>');
    expect(page).toContain('<h1>Prynu neu werthu cartref</h1>');
    expect(page).toContain(`>${WELSH.forename}`);
    expect(page).toMatch(/<input type="hidden" name="lang" value="cy" \/>/);
    expectNoEnglish(page);
  });

  it('answers a post with errors in Welsh, the form again with what was typed', async () => {
    const harness = welshSetUp();
    const form = welshPost(harness, { forename: '', 'consent.consent_contact': [] });
    const response = await postPlain(harness, form);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<title>Gwall: Anfon ymholiad</title>');
    expect(page).toContain('Mae problem wedi codi');
    expect(page).toContain('Rhowch eich enw cyntaf');
    expect(page).toContain('Ticiwch y blwch i gytuno i “Rwy’n cytuno');
    expect(page).toContain('Symud ym mis Mai');
    expectNoEnglish(page);
  });

  it('sends a post in Welsh and confirms it in Welsh', async () => {
    const harness = welshSetUp();
    const response = await postPlain(harness, welshPost(harness));
    expect(response.status).toBe(303);
    const address = response.headers.get('location') ?? '';
    expect(address).toMatch(/^\/form\/sent\?pass=[^&]+&lang=cy$/);
    const page = await (await harness.app.request(address)).text();
    expect(page).toContain('<h1>Ymholiad wedi’i anfon</h1>');
    expect(page).toContain('Eich cyfeirnod yw');
    expect(page).toContain(`>Yn ôl i ${new URL(ORIGIN).host}</a>`);
    expectNoEnglish(page);
    const reference = /<span class="reference">([^<]+)</.exec(page)?.[1] ?? '';
    const stored = await harness.store.get(reference);
    expect(stored?.upstream.meta.at(-1)).toMatchObject({ id: 'visitor_language', value: 'cy' });
    expect(stored?.upstream.meta[0]).toMatchObject({ label: 'Are you buying or selling?' });
  });

  it('says in Welsh that there is no enquiry to confirm', async () => {
    const response = await welshSetUp().app.request('/form/sent?pass=made-up&lang=cy');
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain('<h1>Dim ymholiad i’w gadarnhau</h1>');
    expectNoEnglish(page);
  });
});

describe('an API client’s enquiry in Welsh', () => {
  it('is refused in Welsh, each field’s words and the message counting them', async () => {
    const harness = welshSetUp();
    const response = await harness.submit({
      case_type: 'conveyancing',
      forename: '',
      lang: 'cy-GB',
      answers: {},
      consent: {},
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: { message: string }[] };
    expect(body.issues.map((issue) => issue.message)).toEqual([
      'Rhowch eich enw cyntaf',
      'Dewiswch eich ateb i “Ydych chi’n prynu neu’n gwerthu?”',
      expect.stringMatching(/^Ticiwch y blwch i gytuno i “Rwy’n cytuno/),
    ]);
    expect(body.message).toBe('Mae 3 problem gyda’r ymholiad.');
  });

  it('is refused in English when it names no language', async () => {
    const harness = welshSetUp();
    const response = await harness.submit({ case_type: 'conveyancing', forename: '' });
    const body = (await response.json()) as { issues: { message: string }[] };
    expect(body.issues[0]?.message).toBe('Enter your first name');
  });
});

/** A Welsh enquiry an API client sends, every answer right. */
const welshEnquiry = {
  case_type: 'conveyancing',
  answers: { transaction: 'selling' },
  consent: { consent_contact: true },
};

describe('a Welsh visitor of a form that takes text files', () => {
  const withText = parseFormConfigs({
    ...(JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object),
    files: { kinds: ['pdf', 'txt'] },
  });
  const textSetUp = () => setUp({ config: withText.first, translations: withText });

  it('reads the kinds in Welsh on the page, in GET /api/form and in a refusal', async () => {
    const harness = textSetUp();
    const page = await (await harness.app.request('/form?lang=cy')).text();
    expect(visibleText(page)).toContain('PDF neu ffeil destun');
    expect(visibleText(page)).not.toMatch(/\btext\b/);
    const form = (await (await harness.app.request('/api/form?lang=cy')).json()) as {
      picker: { kinds: string };
    };
    expect(form.picker.kinds).toBe('PDF neu ffeil destun');
    const refused = await harness.submit({ ...welshEnquiry, lang: 'cy' }, [
      { name: 'llun.gif', bytes: new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]) },
    ]);
    const body = (await refused.json()) as { issues: { message: string }[] };
    expect(body.issues[0]?.message).toContain('PDF neu ffeil destun');
  });

  it('still reads "text" in English', async () => {
    const form = (await (await textSetUp().app.request('/api/form?lang=en')).json()) as {
      picker: { kinds: string };
    };
    expect(form.picker.kinds).toBe('PDF or text');
  });
});
