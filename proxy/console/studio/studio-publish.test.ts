import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at, listAt } from './raw-config.ts';

const setUp = studioHarnessPerTest();
const read = (name: string) =>
  JSON.parse(readFileSync(`demo/forms/${name}.json`, 'utf8')) as unknown;

/** The text of a page without its tags, for sentences that cross them. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('case types and questions', () => {
  it('adds a case type and a question, each with an id proposed from its words, shown and editable until published', async () => {
    const { studio, as, post, page } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator');
    const added = await post(editor, '/admin/form/case-types', { label: 'Making a will' });
    expect(added.headers.get('location')).toMatch(
      /^\/admin\/form\/case-types\/1\?saved=\d+&added=1$/,
    );
    const question = await post(editor, '/admin/form/case-types/1/questions', {
      label: 'Do you own a home?',
      type: 'radio',
    });
    const location = question.headers.get('location') ?? '';
    expect(location).toMatch(/^\/admin\/form\/case-types\/1\/questions\/0\?/);
    const caseType = at((await studio.draft()).config, ['caseTypes', 1]);
    expect(caseType).toEqual({
      id: 'making_a_will',
      label: { en: 'Making a will' },
      questions: [
        {
          id: 'do_you_own_a_home',
          label: { en: 'Do you own a home?' },
          type: 'radio',
        },
      ],
    });
    const html = (await page(editor, location)).html;
    expect(html).toContain('Added with the id <code>do_you_own_a_home</code>');
    expect(html).toMatch(/name="id"[^>]*value="do_you_own_a_home"/);
    // Its Welsh is missing, where it is missing.
    expect(html).toContain('No Welsh yet.');
  });

  it('refuses an empty name with words, and keeps the type chosen', async () => {
    const { as, post } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator');
    const refused = await post(editor, '/admin/form/case-types/0/questions', {
      label: '  ',
      type: 'date',
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Enter the question.');
    expect(html).toMatch(/value="date"\s*checked/);
  });

  it('retires a removed question’s id: a new question with the same words gets another, and the old id is refused', async () => {
    const { studio, as, post, page, drawn, submit } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator');
    const remove = '/admin/form/case-types/0/questions/1/remove';
    expect(words((await page(editor, remove)).html)).toContain('Its id, notes , is then retired');
    // Answered no: nothing removed.
    await post(editor, remove, { ...(await drawn(editor, remove)), confirm: 'no' });
    expect(listAt((await studio.draft()).config, ['caseTypes', 0, 'questions'])).toHaveLength(2);
    await post(editor, remove, { ...(await drawn(editor, remove)), confirm: 'yes' });
    expect(listAt((await studio.draft()).config, ['caseTypes', 0, 'questions'])).toHaveLength(1);
    await post(editor, '/admin/form/publish', {
      revision: String((await studio.draft()).revision),
      confirm: 'yes',
    });

    const added = await post(editor, '/admin/form/case-types/0/questions', {
      label: 'Notes',
      type: 'textarea',
    });
    const path = (added.headers.get('location') ?? '').split('?')[0] ?? '';
    expect(at((await studio.draft()).config, ['caseTypes', 0, 'questions', 1, 'id'])).toBe(
      'notes_2',
    );
    // Given the retired id by hand, it is refused beside the id, naming why.
    await submit(editor, path, { id: 'notes' });
    const html = (await page(editor, path)).html;
    expect(html).toMatch(
      /id="f-id-error">[\s\S]*?cannot have the id &quot;notes&quot;: that was the question &quot;Anything else we should know\?&quot; until version 1/,
    );
  });
});

describe('making the draft live', () => {
  it('refuses, naming each missing Welsh text, until each is written; then lists what changes and publishes on yes', async () => {
    const { h, studio, as, post, page, submit } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator', 'ann@firm.example');
    await post(editor, '/admin/form/case-types', { label: 'Making a will' });
    await post(editor, '/admin/form/case-types/1/questions', {
      label: 'Do you own a home?',
      type: 'text',
    });
    const refused = words((await page(editor, '/admin/form/publish')).html);
    expect(refused).toContain('You cannot make these changes live yet');
    expect(refused).toContain('The Welsh for "Making a will" is missing.');
    expect(refused).toContain('The Welsh for "Do you own a home?" is missing.');
    // The form's page lists them too, each a link to its box.
    const form = (await page(editor, '/admin/form')).html;
    expect(form).toContain('2 texts without Welsh');
    expect(form).toContain('href="/admin/form/case-types/1/questions/0#f-label-cy"');

    await submit(editor, '/admin/form/case-types/1', { 'label.cy': 'Gwneud ewyllys' });
    await submit(editor, '/admin/form/case-types/1/questions/0', {
      'label.cy': 'Ydych chi’n berchen ar gartref?',
    });
    const ready = (await page(editor, '/admin/form/publish')).html;
    expect(words(ready)).toContain(
      'New case type "Making a will" (making_a_will), with 1 question.',
    );
    expect(ready).toContain('Are you sure you want to make your changes live?');

    const { revision } = await studio.draft();
    const unanswered = await post(editor, '/admin/form/publish', { revision: String(revision) });
    expect(unanswered.status).toBe(400);
    expect(await unanswered.text()).toContain('Choose yes or no.');
    const published = await post(editor, '/admin/form/publish', {
      revision: String(revision),
      confirm: 'yes',
    });
    expect(published.headers.get('location')).toBe('/admin/form?done=published');
    expect((await studio.current()).version).toBe(2);
    expect((await studio.current()).publishedBy).toBe('ann@firm.example');
    const audit = await h.store.listAudit({ limit: 1 });
    expect(audit[0]).toMatchObject({
      action: 'publish form',
      detail: 'version 2 (studio)',
      person: 'ann@firm.example',
      role: 'operator',
    });
    expect(words((await page(editor, '/admin/form?done=published')).html)).toContain(
      'The draft is live',
    );
  });

  it('asks again when someone saved the draft after the page was drawn', async () => {
    const { studio, as, post, submit } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator');
    await submit(editor, '/admin/form/consent', {
      'privacyNotice.url': 'https://firm.example/privacy-2',
    });
    const { revision } = await studio.draft();
    await submit(editor, '/admin/form/consent', {
      'privacyNotice.url': 'https://firm.example/privacy-3',
    });
    const stale = await post(editor, '/admin/form/publish', {
      revision: String(revision),
      confirm: 'yes',
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('saved the draft since you opened this page');
    expect((await studio.current()).version).toBe(1);
  });

  it('refuses a marketer’s publish with 403, and publishes nothing', async () => {
    const { studio, as, post, submit } = await studioConsole(setUp, read('bilingual'));
    await submit(await as('operator'), '/admin/form/consent', {
      'privacyNotice.url': 'https://firm.example/p',
    });
    const { revision } = await studio.draft();
    const marketer = await as('marketer');
    expect(
      (await post(marketer, '/admin/form/publish', { revision: String(revision), confirm: 'yes' }))
        .status,
    ).toBe(403);
    expect((await studio.current()).version).toBe(1);
  });
});

describe('history', () => {
  it('lists every version with who and when, compares two in words, and rolls back after a yes', async () => {
    const { studio, as, post, page, submit } = await studioConsole(setUp, read('bilingual'));
    const editor = await as('operator', 'ann@firm.example');
    await submit(editor, '/admin/form/case-types/0/questions/0', {
      'label.en': 'Buying or selling?',
    });
    await post(editor, '/admin/form/publish', {
      revision: String((await studio.draft()).revision),
      confirm: 'yes',
    });
    const history = words((await page(editor, '/admin/form/history')).html);
    expect(history).toMatch(/Version 2 live .* ann@firm\.example in the studio/);
    expect(history).toMatch(/Version 1 .* FORM_CONFIG from the configuration file/);
    expect(history).toContain(
      '"Are you buying or selling?" (transaction) in "Buying or selling a home" is now asked as "Buying or selling?": its answers go to the platform under transaction, as before.',
    );
    const reader = await as('marketer');
    expect(words((await page(reader, '/admin/form/history?from=2&to=1')).html)).toContain(
      'is now asked as "Are you buying or selling?"',
    );
    expect((await page(reader, '/admin/form/versions/1')).html).toContain(
      '&quot;Are you buying or selling?&quot;',
    );

    const confirm = words((await page(editor, '/admin/form/versions/1/rollback')).html);
    expect(confirm).toContain('Make version 1 live again');
    expect(confirm).toContain('is now asked as "Are you buying or selling?"');
    const rolled = await post(editor, '/admin/form/versions/1/rollback', { confirm: 'yes' });
    expect(rolled.headers.get('location')).toBe('/admin/form/history?done=rolled-back');
    const live = await studio.current();
    expect(live).toMatchObject({
      version: 3,
      source: 'rollback',
      from: 1,
      publishedBy: 'ann@firm.example',
    });
    expect(words((await page(editor, '/admin/form/history')).html)).toContain(
      'rolled back to version 1',
    );
  });
});
