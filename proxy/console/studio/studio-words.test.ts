import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';

const setUp = studioHarnessPerTest();
const read = (name: string) =>
  JSON.parse(readFileSync(`demo/forms/${name}.json`, 'utf8')) as unknown;
const QUESTION = '/admin/form/case-types/0/questions/0';
/** A page's text without its tags or character references, for sentences that cross them. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('refusals in the studio’s words', () => {
  it('says to type the stored value to keep, never to write it as {"value": …}', async () => {
    const { as, submit, page } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator');
    // "Buying" removed, and added again with another stored value typed.
    await submit(editor, QUESTION, {
      action: 'remove:options:0',
      'options.2.label.en': 'Buying',
      'options.2.label.cy': 'Prynu',
      'options.2.value': 'purchase',
    });
    const html = words((await page(editor, QUESTION)).html);
    expect(html).toContain(
      'was published with the stored value "buying", which it keeps: enquiries already hold it. Type buying as its stored value: only its label may change.',
    );
    // Left to be proposed from its label, "Buying" reads as "buying": said the same way.
    await submit(editor, QUESTION, { 'options.1.value': '' });
    const again = words((await page(editor, QUESTION)).html);
    expect(again).toContain(
      'stores "Buying", which reads as "buying", a value enquiries already hold: type buying as its stored value',
    );
    expect(html + again).not.toContain('write it');
  });

  it('names a condition by its field on the page, and says what to choose', async () => {
    const { as, submit, page } = await studioConsole(setUp, read('law-firm'));
    const editor = await as('operator');
    // "Which lender?" is shown after "Are you buying or selling?": moved above it, to the top.
    for (const move of ['up:questions:2', 'up:questions:1'])
      expect(
        (
          await submit(
            editor,
            '/admin/form/case-types/0',
            { move },
            '/admin/form/case-types/0/move',
          )
        ).status,
      ).toBe(303);
    const html = words((await page(editor, '/admin/form/case-types/0/questions/0')).html);
    expect(html).toContain(
      'When to show it: it names “transaction”, which is not a question before this one: choose an earlier question, or Always.',
    );
    expect(html).not.toContain('showIf');
    // The form's page lists it the same way, after the page it is on.
    expect(words((await page(editor, '/admin/form')).html)).toContain(
      'Question “Which lender is providing your mortgage?”: When to show it: it names “transaction”',
    );
  });
});
