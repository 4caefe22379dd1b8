/**
 * A form in several languages, as the proxy serves and takes it: the visitor reads the option
 * labels while the values sent never change, and the firm receives its own language.
 */
import { describe, expect, it } from 'vitest';
import { bilingual } from '../../demo/forms/index.ts';
import type { PublicFormConfig } from '../contract/schemas/form-config.ts';
import { inputs } from '../test/fixtures/plain-post.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();

const enquiry = {
  case_type: 'conveyancing',
  answers: { transaction: 'selling', notes: 'Moving in May' },
  consent: { consent_contact: true },
};

describe('a form with translated options', () => {
  it('shows each option’s label on the page without JavaScript, its value in the field', async () => {
    const harness = setUp({ config: bilingual.first });
    const page = await (await harness.app.request('/form?case-type=conveyancing')).text();
    expect(inputs(page, 'answers.transaction', 'selling')).toHaveLength(1);
    expect(page).toMatch(/value="selling"\s*\/>\s*Selling<\/label/);
  });

  it('gives the widget each option as the visitor reads it, a showIf naming it too', async () => {
    const harness = setUp({ config: bilingual.first });
    const config = (await (await harness.app.request('/api/form')).json()) as PublicFormConfig;
    const [transaction] = config.caseTypes[0]?.questions ?? [];
    expect(transaction?.options).toEqual(['Buying', 'Selling']);
    expect(JSON.stringify(config)).not.toContain('optionLabels');
  });

  it.each([
    ['the label the widget showed', 'Selling'],
    ['the value the page without JavaScript sends', 'selling'],
  ])(
    'takes %s as the option and sends the platform its label in the firm’s language',
    async (_, answer) => {
      const harness = setUp({ config: bilingual.first });
      const response = await harness.submit({
        ...enquiry,
        answers: { ...enquiry.answers, transaction: answer },
      });
      expect(response.status).toBe(201);
      const { reference } = (await response.json()) as { reference: string };
      const stored = await harness.store.get(reference);
      expect(stored?.upstream.meta[0]).toEqual({
        id: 'transaction',
        label: 'Are you buying or selling?',
        value: 'Selling',
      });
    },
  );
});

describe('a form read in Welsh', () => {
  const welshSetUp = () => setUp({ config: bilingual.first, translations: bilingual });

  it('answers GET /api/form?lang=cy-GB with the Welsh texts and the same ids', async () => {
    const harness = welshSetUp();
    const response = await harness.app.request('/api/form?lang=cy-GB');
    expect(response.headers.get('content-language')).toBe('cy');
    const welsh = (await response.json()) as PublicFormConfig;
    const english = (await (await harness.app.request('/api/form')).json()) as PublicFormConfig;
    expect(welsh.caseTypes[0]?.label).toBe('Prynu neu werthu cartref');
    expect(welsh.caseTypes[0]?.questions[0]?.options).toEqual(['Prynu', 'Gwerthu']);
    expect(welsh.caseTypes[0]?.questions.map((q) => q.id)).toEqual(
      english.caseTypes[0]?.questions.map((q) => q.id),
    );
    expect(english.caseTypes[0]?.label).toBe('Buying or selling a home');
  });

  it('answers a language it does not offer in the first, as a form in one language', async () => {
    const harness = welshSetUp();
    const french = await (await harness.app.request('/api/form?lang=fr')).text();
    expect(french).toBe(await (await harness.app.request('/api/form')).text());
  });

  it('sends the firm its own words, the visitor’s language and the Welsh consent wording', async () => {
    const harness = welshSetUp();
    const response = await harness.submit({
      ...enquiry,
      lang: 'cy',
      answers: { transaction: 'Gwerthu', notes: 'Symud ym mis Mai' },
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const meta = (await harness.store.get(reference))?.upstream.meta ?? [];
    const welshConsent =
      'Rwy’n cytuno y caiff y cwmni gysylltu â mi am yr ymholiad hwn, fel y mae’r hysbysiad preifatrwydd yn ei egluro.';
    expect(meta).toEqual([
      { id: 'transaction', label: 'Are you buying or selling?', value: 'Selling' },
      { id: 'notes', label: 'Anything else we should know?', value: 'Symud ym mis Mai' },
      {
        id: 'consent_contact',
        label:
          'I agree that the firm may contact me about this enquiry, as the privacy notice explains.',
        value: `Agreed: "${welshConsent}" (cy) at 2027-03-27T09:00:00Z`,
      },
      { id: 'visitor_language', label: 'Visitor’s language', value: 'cy' },
    ]);
  });

  it('names English as the visitor’s language when the enquiry names none', async () => {
    const harness = welshSetUp();
    const response = await harness.submit(enquiry);
    const { reference } = (await response.json()) as { reference: string };
    const meta = (await harness.store.get(reference))?.upstream.meta ?? [];
    expect(meta.at(-1)).toEqual({
      id: 'visitor_language',
      label: 'Visitor’s language',
      value: 'en',
    });
    expect(meta.at(-2)?.value).toMatch(/^Agreed: "I agree that .*" \(en\) at /);
  });
});
