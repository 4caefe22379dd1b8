import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at } from './raw-config.ts';

const setUp = studioHarnessPerTest();
const lawFirm = () => JSON.parse(readFileSync('demo/forms/law-firm.json', 'utf8')) as unknown;
const newRows = (html: string) => html.match(/<fieldset class="item new">/g)?.length ?? 0;

describe('a radios question added in the studio (issue #78, minor 1)', () => {
  it('says nothing is wrong before an option could be typed, and takes four options in two saves', async () => {
    const { studio, as, post, page, submit } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    const added = await post(editor, '/admin/form/case-types/0/questions', {
      label: 'How did you hear of us?',
      type: 'radio',
    });
    const path = (added.headers.get('location') ?? '').split('?')[0] ?? '';
    const fresh = (await page(editor, added.headers.get('location') ?? '')).html;
    expect(fresh).toContain('Added with the id <code>how_did_you_hear_of_us</code>');
    expect(fresh).not.toContain('problem to fix');
    expect(fresh).not.toContain('Add the options');
    expect(fresh).not.toContain('Too small');
    expect(newRows(fresh)).toBe(3);
    await submit(editor, path, {
      'options.0.label': 'A friend',
      'options.1.label': 'A search',
      'options.2.label': 'An advert',
    });
    const again = (await page(editor, path)).html;
    expect(newRows(again)).toBe(3);
    await submit(editor, path, { 'options.3.label': 'The radio' });
    expect(at((await studio.draft()).config, ['caseTypes', 0, 'questions', 5, 'options'])).toEqual([
      'A friend',
      'A search',
      'An advert',
      'The radio',
    ]);
  });

  it('still says what is missing once saved without an option, in the studio’s words', async () => {
    const { as, post, page, submit } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    const added = await post(editor, '/admin/form/case-types/0/questions', {
      label: 'How did you hear of us?',
      type: 'radio',
    });
    const path = (added.headers.get('location') ?? '').split('?')[0] ?? '';
    await submit(editor, path, {});
    const html = (await page(editor, path)).html;
    expect(html).toContain('Options: add the options the visitor chooses from.');
    expect(html).not.toContain('Too small');
  });
});

describe('a rollback (issue #78, minor 6)', () => {
  it('says the question it brings back comes back, and that the draft keeps edits not yet live', async () => {
    const { studio, as, page, post } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    const by = { person: 'ann@firm.example', client: '' };
    const v1 = (await studio.draft()).config;
    const questions = at(v1, ['caseTypes', 0, 'questions']) as { id: string; label: string }[];
    const last = questions.at(-1);
    if (!last) throw new Error('the law firm’s first case type has questions');
    const without = structuredClone(v1) as { caseTypes: { questions: unknown[] }[] };
    without.caseTypes[0]?.questions.pop();
    await studio.saveDraft(without, (await studio.draft()).revision, by);
    expect('published' in (await studio.publish((await studio.draft()).revision, by))).toBe(true);
    // An edit saved to the draft, not made live.
    const edited = structuredClone(without) as { firm?: unknown };
    edited.firm = { name: 'Lovelace & Co' };
    await studio.saveDraft(edited, (await studio.draft()).revision, by);
    const confirm = (await page(editor, '/admin/form/versions/1/rollback')).html;
    expect(confirm).not.toContain('New question');
    expect(confirm).toContain(`(${last.id})`);
    expect(confirm).toContain('comes back, as that version had it');
    expect(confirm).toContain('The draft still holds edits that are not live');
    const done = await post(editor, '/admin/form/versions/1/rollback', { confirm: 'yes' });
    const history = (await page(editor, done.headers.get('location') ?? '')).html;
    expect(history).toContain('The old version is live again');
    expect(history).toContain('The rollback left them there');
  });
});

describe('a question given the id of one removed in the same draft (issue #78, minor 5)', () => {
  it('is said to be that question with new words, where it was taken so silently', async () => {
    const { studio, as, post, page, submit } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    const by = { person: 'ann@firm.example', client: '' };
    const without = structuredClone((await studio.draft()).config) as {
      caseTypes: { questions: { id: string }[] }[];
    };
    const questions = without.caseTypes[0]?.questions ?? [];
    without.caseTypes[0] = {
      ...without.caseTypes[0],
      questions: questions.filter((q) => q.id !== 'lender'),
    };
    await studio.saveDraft(without, (await studio.draft()).revision, by);
    const added = await post(editor, '/admin/form/case-types/0/questions', {
      label: 'Your mortgage broker',
      type: 'text',
    });
    const path = (added.headers.get('location') ?? '').split('?')[0] ?? '';
    // Under an id of its own, it has no funnel yet, never another question's.
    expect((await page(editor, path)).html).toContain(
      'Not live yet: the funnel counts it once it is.',
    );
    const saved = await submit(editor, path, { id: 'lender' });
    const html = (await page(editor, saved.headers.get('location') ?? '')).html;
    expect(html).toContain('The id <code>lender</code> was published before');
    expect(html).toContain('give it an id of its own');
    // Taken as lender, it is the live lender's funnel it shows: lender is live.
    expect(html).not.toContain('Not live yet');
    // A save that leaves the id alone says nothing of it.
    const again = await submit(editor, path, { hint: 'Optional.' });
    expect((await page(editor, again.headers.get('location') ?? '')).html).not.toContain(
      'was published before',
    );
  });
});
