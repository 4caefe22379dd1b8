import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EnquiryPartInput } from '#contract';
import type { EnquiryDraftPart } from './enquiry-part.ts';
import { submissionFingerprint } from './enquiry-body.ts';

const part: EnquiryDraftPart = {
  forename: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  telephone_mobile: '07700 900123',
  case_type: 'conveyancing',
  answers: { transaction: 'Buying' },
  marketing: { lead_referer: 'google', campaign: 'spring', keywords: 'k', detail: 'd' },
};

describe('submissionFingerprint', () => {
  it('leaves out exactly the per-attempt fields the proxy leaves out of its own', () => {
    // Checked by `tsc`: the part the fingerprint is made from lacks these three, and only these.
    expectTypeOf<Exclude<keyof EnquiryPartInput, keyof EnquiryDraftPart>>().toEqualTypeOf<
      'form_token' | 'website' | 'turnstile_token'
    >();
    const print = submissionFingerprint(part, []);
    for (const key of Object.keys(part) as (keyof EnquiryDraftPart)[]) {
      const changed = { ...part, [key]: key === 'answers' || key === 'marketing' ? {} : 'x' };
      expect(submissionFingerprint(changed, []), key).not.toBe(print);
    }
  });
});
