import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at } from './raw-config.ts';

const setUp = studioHarnessPerTest();
const read = (name: string) =>
  JSON.parse(readFileSync(`demo/forms/${name}.json`, 'utf8')) as unknown;
const QUESTION = '/admin/form/case-types/0/questions/0';

describe('editing the draft in the studio', () => {
  it('saves a question’s words in each language to the draft, names the revision, and records who', async () => {
    const { h, studio, as, submit, page } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator', 'ann@firm.example');
    const saved = await submit(editor, QUESTION, { 'label.cy': 'Ydych chi’n prynu?' });
    expect(saved.status).toBe(303);
    const draft = await studio.draft();
    expect(saved.headers.get('location')).toBe(`${QUESTION}?saved=${String(draft.revision)}`);
    expect(at(draft.config, ['caseTypes', 0, 'questions', 0, 'label'])).toEqual({
      en: 'Are you buying or selling?',
      cy: 'Ydych chi’n prynu?',
    });
    // The id, the options and the rest are as they were.
    expect(at(draft.config, ['caseTypes', 0, 'questions', 0, 'id'])).toBe('transaction');
    expect(at(draft.config, ['caseTypes', 0, 'questions', 0, 'options', 1])).toEqual({
      value: 'selling',
      label: { en: 'Selling', cy: 'Gwerthu' },
    });
    expect(draft.savedBy).toBe('ann@firm.example');
    const again = (await page(editor, saved.headers.get('location') ?? '')).html;
    expect(again).toContain(`Saved to the draft as revision ${String(draft.revision)}.`);
    expect(again).toContain('value="Ydych chi’n prynu?"');
    const audit = await h.store.listAudit({ limit: 5 });
    expect(audit[0]).toMatchObject({
      action: 'form save',
      person: 'ann@firm.example',
      role: 'operator',
    });
  });

  it('keeps a published id and a published option’s value fixed, and a label change keeps the id', async () => {
    const { studio, as, page, submit } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator');
    const html = (await page(editor, QUESTION)).html;
    // Shown, never an input: the platform files answers under them.
    expect(html).not.toContain('name="id"');
    expect(html).not.toContain('name="options.0.value"');
    expect(html).toContain('<code>transaction</code>');
    expect(html).toContain('<code>buying</code>');
    // A new option's value may be typed.
    expect(html).toContain('name="options.2.value"');
    await submit(editor, QUESTION, {
      'label.en': 'Are you buying, or selling?',
      id: 'changed',
      'options.0.value': 'bought',
    });
    const question = at((await studio.draft()).config, ['caseTypes', 0, 'questions', 0]);
    expect(at(question, ['id'])).toBe('transaction');
    expect(at(question, ['label', 'en'])).toBe('Are you buying, or selling?');
    expect(at(question, ['options', 0, 'value'])).toBe('buying');
  });

  it('adds an option typed in the empty row, its value proposed from its label, and leaves empty rows out', async () => {
    const { studio, as, submit } = await studioConsole(setUp, read('law-firm'));
    const editor = await as('operator');
    await submit(editor, QUESTION, { 'options.3.label': 'Remortgaging' });
    const options = at((await studio.draft()).config, ['caseTypes', 0, 'questions', 0, 'options']);
    // A form in one language writes an option whose label is its value as one string.
    expect(options).toEqual(['Buying', 'Selling', 'Both', 'Remortgaging']);
  });

  it('shows each problem beside its field in words, with a summary linking to it, and keeps what was typed', async () => {
    const { studio, as, submit, page } = await studioConsole(setUp, read('law-firm'));
    const editor = await as('operator');
    const path = '/admin/form/case-types/0/questions/4';
    await submit(editor, path, { maxLength: 'lots' });
    const saved = await submit(editor, QUESTION, { label: '' });
    const html = (await page(editor, saved.headers.get('location') ?? '')).html;
    expect(html).toContain('role="alert"');
    // In the studio's words: the field by its name on the page, what to do, never a file's key.
    const empty = 'Question: it may not be left empty.';
    expect(html).toContain(`<a href="#f-label">${empty}</a>`);
    expect(html).toMatch(`id="f-label-error"><span class="visually-hidden">Error:</span> ${empty}`);
    expect(html).toContain('aria-invalid="true"');
    // The number that is not one stays in its box, its problem beside it.
    const other = (await page(editor, path)).html;
    expect(other).toMatch(/name="maxLength"[^>]*value="lots"/);
    expect(other).toMatch(
      /id="f-maxLength-error">[\s\S]*?Longest answer: enter a number, in digits\./,
    );
    expect(at((await studio.draft()).config, ['caseTypes', 0, 'questions', 4, 'maxLength'])).toBe(
      'lots',
    );
  });

  it('moves an option with its own button, keeps focus on it and says where it went', async () => {
    const { studio, as, submit, page } = await studioConsole(setUp, read('law-firm'));
    const editor = await as('operator');
    const moved = await submit(editor, QUESTION, {
      action: 'down:options:0',
      label: 'Buying or selling?',
    });
    const location = moved.headers.get('location') ?? '';
    expect(location).toMatch(/focus=down%3Aoptions%3A1/);
    const question = at((await studio.draft()).config, ['caseTypes', 0, 'questions', 0]);
    expect(at(question, ['options'])).toEqual(['Selling', 'Buying', 'Both']);
    // What was typed in the same form is saved with the move.
    expect(at(question, ['label'])).toBe('Buying or selling?');
    const html = (await page(editor, location)).html;
    expect(html).toMatch(/value="down:options:1"[^>]*autofocus/);
    expect(html).toContain('data-message="Option “Buying” moved to position 2 of 3."');
  });
});

describe('two people editing the same draft', () => {
  it('tells the second what the first changed, saves nothing of theirs, and loses nothing they typed', async () => {
    const { studio, as, drawn, post } = await studioConsole(setUp, read('bilingual'));
    const ann = await as('operator', 'ann@firm.example');
    const bob = await as('operator', 'bob@firm.example');
    const annForm = await drawn(ann, QUESTION);
    const bobForm = await drawn(bob, QUESTION);
    expect((await post(ann, QUESTION, { ...annForm, 'label.cy': 'Ann’s Welsh' })).status).toBe(303);
    const clash = await post(bob, QUESTION, {
      ...bobForm,
      'label.cy': 'Bob’s Welsh',
      'hint.en': 'Bob’s hint',
    });
    expect(clash.status).toBe(409);
    const html = await clash.text();
    expect(html).toContain('Not saved yet:');
    expect(html).toContain('ann@firm.example saved this part of the draft');
    expect(html).toContain('Question (Welsh): “Ydych chi’n prynu neu’n gwerthu?” → “Ann’s Welsh”');
    // Bob's words are in the form again, ready to save over Ann's revision.
    expect(html).toContain('value="Bob’s Welsh"');
    expect(html).toContain('Bob’s hint');
    expect(at((await studio.draft()).config, ['caseTypes', 0, 'questions', 0, 'label', 'cy'])).toBe(
      'Ann’s Welsh',
    );
    const { pageForm } = await import('../../test/fixtures/page-form.ts');
    const again = await post(bob, QUESTION, pageForm(html, QUESTION).fields);
    expect(again.status).toBe(303);
    expect(at((await studio.draft()).config, ['caseTypes', 0, 'questions', 0, 'label', 'cy'])).toBe(
      'Bob’s Welsh',
    );
  });

  it('saves an edit of another part on top of someone’s save, and says so', async () => {
    const { studio, as, drawn, post } = await studioConsole(setUp, read('bilingual'));
    const ann = await as('operator', 'ann@firm.example');
    const bob = await as('operator', 'bob@firm.example');
    const bobForm = await drawn(bob, QUESTION);
    await post(ann, '/admin/form/consent', {
      ...(await drawn(ann, '/admin/form/consent')),
      'privacyNotice.url': 'https://firm.example/privacy-2',
    });
    const merged = await post(bob, QUESTION, { ...bobForm, 'label.en': 'Buying or selling?' });
    expect(merged.status).toBe(200);
    expect(await merged.text()).toContain(
      'ann@firm.example had saved the draft since you opened this page',
    );
    const config = (await studio.draft()).config;
    expect(at(config, ['consent', 'privacyNotice', 'url'])).toBe('https://firm.example/privacy-2');
    expect(at(config, ['caseTypes', 0, 'questions', 0, 'label', 'en'])).toBe('Buying or selling?');
  });
});
