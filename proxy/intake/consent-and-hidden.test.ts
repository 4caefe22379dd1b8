/**
 * Consent on record, hidden and prefilled answers: the proxy is the law whatever the browser
 * did, and what goes upstream records the exact words shown and when.
 */
import { describe, expect, it } from 'vitest';
import { CONTACT_STATEMENT, lawFirmWithConsent } from '../test/fixtures/consent-config.ts';
import { harnessPerTest, START, validEnquiry } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const consentSetUp = () => setUp({ config: lawFirmWithConsent });
const issuesOf = async (response: Response) =>
  ((await response.json()) as { issues: { field: string; code: string }[] }).issues.map(
    (i) => `${i.field}:${i.code}`,
  );
const ISO_START = new Date(START).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('POST /api/enquiries with consent statements', () => {
  it('refuses an enquiry without the required consent, whatever the browser checked', async () => {
    const { submit, calls } = consentSetUp();
    const response = await submit({ consent: { consent_marketing: true } });
    expect(response.status).toBe(400);
    expect(await issuesOf(response)).toEqual(['consent.consent_contact:required']);
    expect(calls).toEqual([]);
  });

  it('refuses a statement the form does not make', async () => {
    const { submit } = consentSetUp();
    const response = await submit({ consent: { consent_contact: true, consent_sale: true } });
    expect(await issuesOf(response)).toEqual(['consent.consent_sale:unrecognized_key']);
  });

  it('sends each statement upstream with the words shown, agreed or declined, and the time', async () => {
    const { submit, store } = consentSetUp();
    const response = await submit({ consent: { consent_contact: true } });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const meta = (await store.get(reference))?.upstream.meta ?? [];
    const shown =
      'I agree that the firm may contact me about this enquiry, as the privacy notice explains.';
    expect(CONTACT_STATEMENT).toContain('[privacy notice](https://firm.example/privacy)');
    expect(meta.slice(-2)).toEqual([
      { id: 'consent_contact', label: shown, value: `Agreed: "${shown}" at ${ISO_START}` },
      {
        id: 'consent_marketing',
        label: 'Send me occasional news by email.',
        value: `Declined: "Send me occasional news by email." at ${ISO_START}`,
      },
    ]);
  });
});

describe('POST /api/enquiries with hidden and prefilled answers', () => {
  const withHidden = (answers: Record<string, string>) => ({
    consent: { consent_contact: true },
    answers: { ...validEnquiry().answers, ...answers },
  });

  it('sends hidden values upstream as meta entries, labelled from the configuration', async () => {
    const { submit, store } = consentSetUp();
    const response = await submit(withHidden({ partner: 'acme', variant: 'hero-b' }));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const meta = (await store.get(reference))?.upstream.meta ?? [];
    expect(meta.filter((m) => ['partner', 'variant'].includes(m.id))).toEqual([
      { id: 'partner', label: 'Partner', value: 'acme' },
      { id: 'variant', label: 'Landing page variant', value: 'hero-b' },
    ]);
  });

  it('refuses a hidden value the configuration does not allow, so a URL injects nothing', async () => {
    const { submit, calls } = consentSetUp();
    const wrong = await submit(withHidden({ partner: 'evil-corp' }));
    expect(wrong.status).toBe(400);
    expect(await issuesOf(wrong)).toEqual(['answers.partner:not_an_option']);
    const long = await submit(withHidden({ variant: 'x'.repeat(21) }));
    expect(await issuesOf(long)).toEqual(['answers.variant:too_long']);
    const controls = await submit(withHidden({ variant: 'a\nb' }));
    expect(await issuesOf(controls)).toEqual(['answers.variant:invalid_characters']);
    expect(calls).toEqual([]);
  });
});
