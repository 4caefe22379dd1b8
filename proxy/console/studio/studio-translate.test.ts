import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';

const setUp = studioHarnessPerTest();
const lawFirm = () => JSON.parse(readFileSync('demo/forms/law-firm.json', 'utf8')) as unknown;

/** The law firm's form with Welsh added on the languages page, as a newcomer adds it. */
async function withWelsh() {
  const studio = await studioConsole(setUp, lawFirm());
  const editor = await studio.as('operator');
  await studio.submit(editor, '/admin/form/languages', { add: 'cy', firm: 'en' });
  return { ...studio, editor };
}

describe('texts still missing a language', () => {
  it('links each option’s Welsh to the option’s own box, and counts every missing text once, none as a problem', async () => {
    const { editor, page } = await withWelsh();
    const form = (await page(editor, '/admin/form')).html;
    expect(form).toContain(
      'href="/admin/form/case-types/0/questions/0#f-options-1-label-cy">Question “Are you buying or selling?”: Option 2: “Selling”: Label (Welsh)',
    );
    const question = (await page(editor, '/admin/form/case-types/0/questions/0')).html;
    expect(question).toContain('4 texts on this page still missing a language');
    expect(question).toContain(
      '<a href="#f-options-2-label-cy">Option 3: “Both”: Label (Welsh)</a>',
    );
    // Missing words are marked where they are missing, never also counted as problems in red.
    expect(question).not.toContain('error-summary');
  });
});
