/**
 * `GET /api/form?lang=` as the widget reads it: the form's texts, the widget's words and the
 * language fields in the visitor's language, and a one-language English form's answer as it was.
 */
import { describe, expect, it } from 'vitest';
import { bilingual, lawFirm } from '../../demo/forms/index.ts';
import { publicConfig } from '../contract/public-config.ts';
import { parseFormConfigs, type PublicFormConfig } from '../contract/schemas/form-config.ts';
import { ENGLISH, WIDGET_STRINGS } from '../contract/strings/english.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const welshSetUp = () => setUp({ config: bilingual.first, translations: bilingual });
const read = async (response: Response) => (await response.json()) as PublicFormConfig;

describe('GET /api/form for a form in one language, English', () => {
  it('answers every lang byte for byte as it answers none, without language fields', async () => {
    const harness = setUp({ config: lawFirm });
    const plain = await (await harness.app.request('/api/form')).text();
    expect(plain).toBe(
      JSON.stringify({ ...publicConfig(lawFirm, { minFillSeconds: 3 }), version: 1 }),
    );
    for (const lang of ['cy', 'cy-GB,en', 'ar', 'en-GB'])
      expect(await (await harness.app.request(`/api/form?lang=${lang}`)).text()).toBe(plain);
  });
});

describe('GET /api/form for a form in English and Welsh', () => {
  it('answers cy-GB,en in Welsh with the widget’s every word and the languages offered', async () => {
    const welsh = await read(await welshSetUp().app.request('/api/form?lang=cy-GB,en'));
    expect(welsh.language).toBe('cy');
    expect(welsh.languages).toEqual([
      { tag: 'en', name: 'English' },
      { tag: 'cy', name: 'Cymraeg' },
    ]);
    expect(Object.keys(welsh.strings ?? {}).sort()).toEqual(Object.keys(WIDGET_STRINGS).sort());
    expect(welsh.strings?.submit).toBe('Anfon ymholiad');
    expect(welsh.strings?.uploadChecked).toBe('Wedi’i llwytho i fyny a’i gwirio');
    expect(welsh.strings).not.toHaveProperty('page.title');
    expect(welsh.picker.kinds).toMatch(/ neu [A-Za-z]+$/);
    expect(welsh).not.toHaveProperty('dir');
  });

  it('takes the first language of a list that the form offers', async () => {
    const harness = welshSetUp();
    expect((await read(await harness.app.request('/api/form?lang=fr-BE,cy,en'))).language).toBe(
      'cy',
    );
    expect((await read(await harness.app.request('/api/form?lang=fr,en-GB,cy'))).language).toBe(
      'en',
    );
  });

  it('answers English with the language fields and no strings: the widget has them', async () => {
    const english = await read(await welshSetUp().app.request('/api/form?lang=en'));
    expect(english.language).toBe('en');
    expect(english.languages?.map((one) => one.tag)).toEqual(['en', 'cy']);
    expect(english).not.toHaveProperty('strings');
    expect(english.picker.kinds).toMatch(/ or [A-Za-z]+$/);
  });

  it('gives each language its own ETag, revalidated by it alone', async () => {
    const harness = welshSetUp();
    const welsh = await harness.app.request('/api/form?lang=cy');
    const english = await harness.app.request('/api/form?lang=en');
    const etag = welsh.headers.get('etag') ?? '';
    expect(etag).not.toBe(english.headers.get('etag'));
    expect(welsh.headers.get('content-language')).toBe('cy');
    expect(welsh.headers.get('cache-control')).toBe('no-cache');
    const again = (lang: string) =>
      harness.app.request(`/api/form?lang=${lang}`, { headers: { 'if-none-match': etag } });
    expect((await again('cy-GB')).status).toBe(304);
    expect((await again('en')).status).toBe(200);
  });
});

describe('GET /api/form for a right-to-left language', () => {
  const input = {
    languages: ['en', 'ar'],
    caseTypes: [{ id: 'advice', label: { en: 'Advice', ar: 'استشارة' } }],
  };
  const arabic = { ...ENGLISH, submit: 'إرسال الاستفسار' };

  it.each(['ar', 'ar-EG'])('says %s is written right to left', async (lang) => {
    const forms = parseFormConfigs({ ...input, strings: { ar: 'ar.json' } }, () => arabic);
    const harness = setUp({ config: forms.first, translations: forms });
    const answer = await read(await harness.app.request(`/api/form?lang=${lang}`));
    expect(answer).toMatchObject({ language: 'ar', dir: 'rtl' });
    expect(answer.strings?.submit).toBe('إرسال الاستفسار');
    expect(await read(await harness.app.request('/api/form'))).not.toHaveProperty('dir');
  });
});
