/**
 * Consent statements as people read them. A statement's label may hold one link written as
 * `[text](https://…)` (the privacy notice, usually): the form shows the link, and what is
 * recorded upstream is the text as shown, link text included, without the address.
 */

/** A statement label split around its one link. */
export interface ConsentLabel {
  before: string;
  link?: { text: string; url: string };
  after: string;
}

/** `[text](http(s)://…)`: the one link a label may hold. */
export const CONSENT_LINK = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]{1,2000})\)/;

/**
 * The label around its link, if it has one.
 *
 * @example consentLabel('I have read the [privacy notice](https://firm.example/privacy).')
 *   // { before: 'I have read the ', link: { text: 'privacy notice', url: '…' }, after: '.' }
 */
export function consentLabel(label: string): ConsentLabel {
  const match = CONSENT_LINK.exec(label);
  if (!match) return { before: label, after: '' };
  const [whole, text = '', url = ''] = match;
  return {
    before: label.slice(0, match.index),
    link: { text, url },
    after: label.slice(match.index + whole.length),
  };
}

/** The label as the visitor reads it: the link's text in place of its markup. */
export function consentText(label: string): string {
  const { before, link, after } = consentLabel(label);
  return `${before}${link?.text ?? ''}${after}`;
}

/**
 * What is recorded upstream for one statement: the words shown, agreed or declined, in which
 * language when the form has several (the words are the visitor's, the rest the record's), and
 * when (to the second, UTC).
 *
 * @example consentRecord('I agree.', true, new Date('2026-11-22T10:15:00.123Z'))
 *   // 'Agreed: "I agree." at 2026-11-22T10:15:00Z'
 * consentRecord('Rwy’n cytuno.', true, new Date('2026-11-22T10:15:00Z'), 'cy')
 *   // 'Agreed: "Rwy’n cytuno." (cy) at 2026-11-22T10:15:00Z'
 */
export function consentRecord(label: string, agreed: boolean, at: Date, lang?: string): string {
  const time = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const shownIn = lang ? ` (${lang})` : '';
  return `${agreed ? 'Agreed' : 'Declined'}: "${consentText(label)}"${shownIn} at ${time}`;
}
