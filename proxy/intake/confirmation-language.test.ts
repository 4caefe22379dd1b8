/**
 * The confirmation email in the visitor's language: a Welsh visitor of a bilingual form gets
 * the email in Welsh (the firm's subject and intro as translated in the configuration, the
 * product's words, their questions and chosen options as they read them), through the same
 * real SMTP conversation as `confirmation.test.ts`, while the platform still receives the
 * firm's English and an English visitor's email is what it was.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { parseFormConfigs } from '../contract/schemas/form-config.ts';
import { ENGLISH } from '../contract/strings/english.ts';
import { WELSH } from '../contract/strings/cy.ts';
import { answerOf, confirmingProxies } from '../test/fixtures/confirming-proxy.ts';

const confirmingProxy = confirmingProxies();

/** The bilingual example with a confirmation block translated like any other text. */
const bilingualConfirming = parseFormConfigs({
  ...(JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object),
  confirmation: {
    subject: {
      en: 'We have your enquiry ({reference})',
      cy: 'Mae eich ymholiad gennym ({reference})',
    },
    intro: {
      en: 'Thank you for contacting Lovelace & Partners. We will call you within a day.',
      cy: 'Diolch am gysylltu â Lovelace & Partners. Byddwn yn eich ffonio o fewn diwrnod.',
    },
    includeAnswers: true,
    strings: { files: { en: 'Your files', cy: 'Eich ffeiliau' } },
  },
});

const proxy = () =>
  confirmingProxy(bilingualConfirming.first, { translations: bilingualConfirming });

const enquiry = (lang: string) => ({
  case_type: 'conveyancing',
  lang,
  answers: { transaction: 'selling', notes: 'Symud ym mis Mai' },
  consent: { consent_contact: true },
});

const PDF = { name: 'cynllun.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') };

/** Every English word of ours or the firm's a Welsh visitor's email could carry. */
const ENGLISH_WORDS = [
  ...Object.entries(ENGLISH)
    .filter(([key]) => key.startsWith('confirmation.'))
    .map(([, words]) => words),
  'We have your enquiry',
  'Thank you for contacting',
  'Your files',
  'Are you buying or selling?',
  'Anything else we should know?',
  'Selling',
  'March',
];

describe('the confirmation email of a form in several languages', () => {
  it('is written wholly in Welsh for a Welsh visitor, from the questions and options they read', async () => {
    const { harness, mail, send } = await proxy();
    const answer = await answerOf(await harness.submit(enquiry('cy-GB'), [PDF]));
    await send();

    expect(mail.received).toHaveLength(1);
    const [email] = mail.received;
    expect(email?.subject).toBe(`Mae eich ymholiad gennym (${answer.reference})`);
    const text = email?.text ?? '';
    const html = String(email?.html);
    expect(text).toContain('Diolch am gysylltu â Lovelace & Partners.');
    expect(text).toContain(`${WELSH['confirmation.reference']}: ${answer.reference}`);
    expect(text).toContain(`${WELSH['confirmation.receipt']}: ${answer.receipt ?? ''}`);
    expect(text).toContain('27 Mawrth 2027');
    expect(text).toContain(`${WELSH['confirmation.answers']}:`);
    expect(text).toContain('Ydych chi’n prynu neu’n gwerthu?\n  Gwerthu');
    expect(text).toContain('Oes unrhyw beth arall y dylem ei wybod?');
    expect(text).toContain('Eich ffeiliau:');
    expect(text).toContain(WELSH['confirmation.notReply']);
    expect(html).toContain('<html lang="cy">');
    for (const words of ENGLISH_WORDS) {
      expect(text).not.toContain(words);
      expect(html).not.toContain(words);
      expect(email?.subject).not.toContain(words);
    }
    // Upstream, the firm reads its own questions and options.
    const stored = await harness.store.get(answer.reference);
    expect(stored?.upstream.meta[0]).toEqual({
      id: 'transaction',
      label: 'Are you buying or selling?',
      value: 'Selling',
    });
  });

  it('is unchanged for an English visitor of the same form', async () => {
    const { harness, mail, send } = await proxy();
    const answer = await answerOf(await harness.submit(enquiry('en-GB')));
    await send();

    const [email] = mail.received;
    expect(email?.subject).toBe(`We have your enquiry (${answer.reference})`);
    const text = email?.text ?? '';
    expect(text).toContain('Thank you for contacting Lovelace & Partners.');
    expect(text).toContain(`${ENGLISH['confirmation.reference']}: ${answer.reference}`);
    expect(text).toContain('27 March 2027');
    expect(text).toContain('Are you buying or selling?\n  Selling');
    expect(text).toContain(ENGLISH['confirmation.notReply']);
    expect(String(email?.html)).toContain('<html lang="en-GB">');
  });
});
