import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at, setAt } from './raw-config.ts';

const setUp = studioHarnessPerTest();
const lawFirm = () => JSON.parse(readFileSync('demo/forms/law-firm.json', 'utf8')) as unknown;
/** The law firm's "There is a court hearing in the next 14 days": one box, no options. */
const URGENT = '/admin/form/case-types/1/questions/3';

describe('a single tick box (a checkbox question with no options)', () => {
  it('is saved unchanged as one box, with no options written, and the draft can still be made live', async () => {
    const { studio, as, submit } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    expect((await submit(editor, URGENT, {})).status).toBe(303);
    const draft = await studio.draft();
    const urgent = at(draft.config, ['caseTypes', 1, 'questions', 3]);
    expect(urgent).toEqual({
      id: 'urgent',
      label: 'There is a court hearing in the next 14 days',
      type: 'checkbox',
    });
    await submit(editor, URGENT, { hint: 'Tick it and we call you today.' });
    const { revision } = await studio.draft();
    expect((await studio.check((await studio.draft()).config)).issues).toEqual([]);
    const published = await studio.publish(revision, { person: 'ann', client: '' });
    expect('published' in published).toBe(true);
  });

  it('is added as one box, with no options, and can be made live', async () => {
    const { studio, as, post, submit } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    const added = await post(editor, '/admin/form/case-types/0/questions', {
      label: 'I have a mortgage offer',
      type: 'checkbox',
    });
    const path = (added.headers.get('location') ?? '').split('?')[0] ?? '';
    await submit(editor, path, {});
    const draft = await studio.draft();
    expect(at(draft.config, ['caseTypes', 0, 'questions', 5])).toEqual({
      id: 'i_have_a_mortgage_offer',
      label: 'I have a mortgage offer',
      type: 'checkbox',
    });
    expect((await studio.check(draft.config)).issues).toEqual([]);
    expect(
      'published' in (await studio.publish(draft.revision, { person: 'ann', client: '' })),
    ).toBe(true);
  });

  it('is mended by a save where a draft holds an empty list of options', async () => {
    const { studio, as, submit } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    const broken = setAt(
      (await studio.draft()).config,
      ['caseTypes', 1, 'questions', 3, 'options'],
      [],
    );
    await studio.saveDraft(broken, (await studio.draft()).revision, { person: 'x', client: '' });
    await submit(editor, URGENT, {});
    const config = (await studio.draft()).config;
    expect(at(config, ['caseTypes', 1, 'questions', 3, 'options'])).toBeUndefined();
    expect((await studio.check(config)).issues).toEqual([]);
  });
});
