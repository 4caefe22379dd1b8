import { describe, expect, it } from 'vitest';
import { consentLabel, consentRecord, consentText } from './consent.ts';

const PRIVACY = 'I have read the [privacy notice](https://firm.example/privacy) and agree.';

describe('consent statements', () => {
  it('splits a label around its one link', () => {
    expect(consentLabel(PRIVACY)).toEqual({
      before: 'I have read the ',
      link: { text: 'privacy notice', url: 'https://firm.example/privacy' },
      after: ' and agree.',
    });
    expect(consentLabel('Send me news.')).toEqual({ before: 'Send me news.', after: '' });
  });

  it('records the words the visitor read, agreed or declined, to the second in UTC', () => {
    expect(consentText(PRIVACY)).toBe('I have read the privacy notice and agree.');
    const at = new Date('2026-11-22T10:15:00.789Z');
    expect(consentRecord(PRIVACY, true, at)).toBe(
      'Agreed: "I have read the privacy notice and agree." at 2026-11-22T10:15:00Z',
    );
    expect(consentRecord('Send me news.', false, at)).toBe(
      'Declined: "Send me news." at 2026-11-22T10:15:00Z',
    );
  });

  it('takes only http(s) addresses as links, so a label cannot carry a script URL', () => {
    expect(consentLabel('See [this](javascript:alert(1)).').link).toBeUndefined();
  });
});
