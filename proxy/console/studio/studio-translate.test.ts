import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at } from './raw-config.ts';

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

describe('the translation page', () => {
  it('lists every Welsh text beside its English on one page, and saves them all with one Save', async () => {
    const { studio, editor, page, post, drawn } = await withWelsh();
    const path = '/admin/form/languages/cy';
    const html = (await page(editor, path)).html;
    // Every text the form's page lists as missing its Welsh, all here.
    const listed = /(\d+) texts without Welsh/.exec((await page(editor, '/admin/form')).html)?.[1];
    expect(html).toContain(`${listed ?? '?'} texts of ${listed ?? '?'} without Welsh yet`);
    // Each under its page's heading, named as its page names it, its English beside it.
    expect(html).toContain('<h2 id="page-0">Question “Are you buying or selling?”</h2>');
    expect(html).toContain(
      '<span class="visually-hidden">Option 2: “Selling”: Label: </span>Welsh',
    );
    const fields = await drawn(editor, path);
    const selling = '/admin/form/case-types/0/questions/0#options.1.label';
    const caseType = '/admin/form/case-types/0#label';
    expect(fields[selling]).toBe('');
    const saved = await post(editor, path, {
      ...fields,
      [selling]: 'Gwerthu',
      [caseType]: 'Prynu neu werthu eiddo',
    });
    expect(saved.status).toBe(303);
    const config = (await studio.draft()).config;
    expect(at(config, ['caseTypes', 0, 'questions', 0, 'options', 1])).toEqual({
      value: 'Selling',
      label: { en: 'Selling', cy: 'Gwerthu' },
    });
    expect(at(config, ['caseTypes', 0, 'label'])).toEqual({
      en: 'Buying or selling a property',
      cy: 'Prynu neu werthu eiddo',
    });
    // The texts left empty are still missing, and marked so; none was written empty.
    expect(at(config, ['caseTypes', 0, 'questions', 0, 'options', 0, 'label'])).toEqual({
      en: 'Buying',
    });
    const after = (await page(editor, saved.headers.get('location') ?? '')).html;
    expect(after).toContain('Saved to the draft as revision');
    expect(after).toMatch(/name="[^"]*options\.1\.label"[^>]*value="Gwerthu"/);
  });

  it('places a problem with a Welsh text beside its box, in the studio’s words', async () => {
    const bilingual = JSON.parse(readFileSync('demo/forms/bilingual.json', 'utf8')) as unknown;
    const { as, page, submit } = await studioConsole(setUp, bilingual);
    const editor = await as('operator');
    const path = '/admin/form/languages/cy';
    // The Welsh of "Buying" may not be another option's stored value: a visitor's answer could
    // then be read as either.
    await submit(editor, path, {
      '/admin/form/case-types/0/questions/0#options.0.label': 'selling',
    });
    const html = (await page(editor, path)).html;
    expect(html).toMatch(
      /id="t-2-error"><span class="visually-hidden">Error:<\/span> Option 1: “Buying”: Label: &quot;selling&quot; is another option&#39;s value\./,
    );
    expect(html).toContain('<a href="#t-2">Option 1: “Buying”: Label:');
  });

  it('is there only for the form’s languages but the firm’s, and a reader sees it without boxes', async () => {
    const { as, editor, page } = await withWelsh();
    expect((await page(editor, '/admin/form/languages/en')).status).toBe(404);
    expect((await page(editor, '/admin/form/languages/fr')).status).toBe(404);
    const reader = (await page(await as('marketer'), '/admin/form/languages/cy')).html;
    expect(reader).toContain('Are you buying or selling?');
    expect(reader).not.toContain('name="/admin/form/case-types/0/questions/0#label"');
  });
});

describe('a language the form has not got (issue #85, minor 5)', () => {
  it('is a console page saying to add Welsh on the Languages page first, not an API’s JSON', async () => {
    const { as, page } = await studioConsole(setUp, lawFirm());
    const viewer = await as('staff');
    const welsh = await page(viewer, '/admin/form/languages/cy');
    expect(welsh.status).toBe(404);
    expect(welsh.html).toMatch(/^<!doctype html>/i);
    expect(welsh.html).toContain('<h1>The form has no Welsh yet</h1>');
    expect(welsh.html).toContain(
      'Add Welsh on <a href="/admin/form/languages">the Languages page</a> first.',
    );
    expect(welsh.html).not.toContain('not_found');
    const english = await page(viewer, '/admin/form/languages/en');
    expect(english.html).toContain('<h1>English is the form’s first language</h1>');
  });
});
