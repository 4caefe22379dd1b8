import { describe, expect, it, vi } from 'vitest';
import { lawFirmWithConsent } from '../proxy/test/fixtures/consent-config.ts';
import { emptyValues } from './draft.ts';
import { buildEnquiryPart } from './late/enquiry-part.ts';
import { applyPrefill, hiddenAnswers, pageReader } from './page-values.ts';

const tag = (attributes: Record<string, string>) => ({
  getAttribute: (name: string) => attributes[name] ?? null,
});
const marketing = { lead_referer: '', campaign: '', keywords: '', detail: '' };
const conveyancing = () => ({
  ...emptyValues(),
  forename: 'Ada',
  case_type: lawFirmWithConsent.caseTypes[0]?.id ?? '',
});

describe('values from the page', () => {
  it('sends a hidden question’s value from the URL, and leaves out one it could not take', () => {
    const read = pageReader(tag({}), '?partner=acme&utm_source=x');
    expect(
      buildEnquiryPart(lawFirmWithConsent, conveyancing(), marketing, (c) => hiddenAnswers(c, read))
        .answers,
    ).toMatchObject({
      partner: 'acme',
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const forbidden = pageReader(tag({}), '?partner=initech');
    expect(
      buildEnquiryPart(lawFirmWithConsent, conveyancing(), marketing, (c) =>
        hiddenAnswers(c, forbidden),
      ).answers,
    ).not.toHaveProperty('partner');
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('"initech" is not an option of "partner"'),
    );
    warn.mockRestore();
  });

  it('prefills a question from the tag once, and never over what the visitor typed', () => {
    const read = pageReader(tag({ 'data-lender': 'Nationwide' }), '');
    const answers = {};
    applyPrefill(lawFirmWithConsent, answers, read);
    expect(answers).toEqual({ lender: 'Nationwide' });
    const typed = { lender: 'Halifax' };
    applyPrefill(lawFirmWithConsent, typed, read);
    expect(typed).toEqual({ lender: 'Halifax' });
  });

  it('sends every consent statement, an unticked one as declined', () => {
    const values = { ...conveyancing(), consent: { consent_contact: true } };
    const part = buildEnquiryPart(lawFirmWithConsent, values, marketing);
    expect(part.consent).toEqual({ consent_contact: true, consent_marketing: false });
  });
});
