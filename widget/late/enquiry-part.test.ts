import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { emptyValues } from '../draft.ts';
import { buildEnquiryPart } from './enquiry-part.ts';

const values = { ...emptyValues(), forename: 'Ada', case_type: 'conveyancing' };
const marketing = { lead_referer: '', campaign: '', keywords: '', detail: '' };

describe('the attribution sent', () => {
  it('is cut to the proxy’s length limits', () => {
    const part = buildEnquiryPart(lawFirm, values, { ...marketing, campaign: 'x'.repeat(300) });
    expect(part.marketing?.campaign).toHaveLength(200);
  });

  it('never ends in half an emoji where the limit cuts one, which the proxy would refuse', () => {
    const campaign = `${'x'.repeat(199)}😀 more`;
    expect(buildEnquiryPart(lawFirm, values, { ...marketing, campaign }).marketing?.campaign).toBe(
      'x'.repeat(199),
    );
    expect(
      buildEnquiryPart(lawFirm, values, { ...marketing, campaign: '😀' }).marketing?.campaign,
    ).toBe('😀');
  });
});

describe('"Send me a copy"', () => {
  const confirming = {
    ...lawFirm,
    confirmation: {
      subject: 'Your enquiry',
      intro: 'Thank you.',
      includeAnswers: false,
      optIn: true,
      limits: { perAddressPerDay: 2, perClientPerHour: 2, perHour: 50 },
      lang: 'en-GB',
      timeZone: 'Europe/London',
      strings: {},
    },
  };

  it('asks the proxy for a copy only when the visitor ticked it on a form that offers it', () => {
    expect(buildEnquiryPart(confirming, { ...values, sendCopy: true }, marketing).send_copy).toBe(
      true,
    );
    expect(buildEnquiryPart(confirming, values, marketing)).not.toHaveProperty('send_copy');
    expect(buildEnquiryPart(lawFirm, { ...values, sendCopy: true }, marketing)).not.toHaveProperty(
      'send_copy',
    );
  });
});

describe('the version of the form', () => {
  it('is sent as form_version when the proxy named one, so the enquiry is checked against it', () => {
    expect(
      buildEnquiryPart({ ...lawFirm, version: 4 } as typeof lawFirm, values, marketing),
    ).toMatchObject({
      form_version: 4,
    });
    expect(buildEnquiryPart(lawFirm, values, marketing)).not.toHaveProperty('form_version');
  });
});
