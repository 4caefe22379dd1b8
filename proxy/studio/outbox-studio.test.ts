/**
 * The form studio over the outbox: the published version as the draft, two editors from the
 * same revision, publishing (what changes for the platform, each missing Welsh text, what the
 * schema refuses, a retired id, two at once), rolling back, and a draft's strings files. A
 * version against the environment (its size, a team's webhook) is
 * `outbox-studio-environment.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { ANN, BILINGUAL, BOB, edited, studioPerTest } from '../test/fixtures/studio-outbox.ts';

const { studioOver } = studioPerTest();

describe('the form studio over the outbox', () => {
  it('serves the published version as the draft until someone saves a change', async () => {
    const { studio } = await studioOver();
    expect(await studio.current()).toEqual({
      version: 1,
      text: BILINGUAL,
      publishedAt: 1_000,
      publishedBy: 'FORM_CONFIG',
      source: 'file',
    });
    expect(await studio.draft()).toEqual({
      config: JSON.parse(BILINGUAL),
      revision: 0,
      basedOn: 1,
      savedBy: 'FORM_CONFIG',
      savedAt: 1_000,
    });
  });

  it('tells the second of two editors who started from the same revision, with the first one’s draft', async () => {
    const { studio } = await studioOver();
    const ann = await edited(
      studio,
      (c) => (c.caseTypes[0]!.label = { en: 'Moving home', cy: 'Symud tŷ' }),
    );
    const bob = await edited(studio, (c) => c.caseTypes[0]!.questions.pop());
    expect(await studio.saveDraft(ann.config, ann.revision, ANN)).toMatchObject({
      saved: true,
      draft: { revision: 1 },
    });
    const refused = await studio.saveDraft(bob.config, bob.revision, BOB);
    expect(refused).toMatchObject({
      saved: false,
      theirs: { config: ann.config, revision: 1, savedBy: ANN.person },
    });
  });

  it('publishes the draft as the next version, saying what changes for the platform, and hands it on', async () => {
    const { studio, store, heard } = await studioOver();
    const { config, revision } = await edited(studio, (c) => {
      c.caseTypes[0]!.questions.push({
        id: 'lender',
        label: { en: 'Which lender?', cy: 'Pa fenthyciwr?' },
        type: 'text',
      });
      c.caseTypes[0]!.questions[1]!.label = { en: 'Anything else?', cy: 'Unrhyw beth arall?' };
    });
    const saved = await studio.saveDraft(config, revision, ANN);
    const outcome = await studio.publish(saved.saved ? saved.draft.revision : -1, ANN);
    expect(outcome).toMatchObject({
      published: { version: 2, source: 'studio', publishedBy: ANN.person },
      changes: [
        { kind: 'label changed', question: 'notes' },
        {
          kind: 'question added',
          question: 'lender',
          words: 'New question "Which lender?" (lender) in "Buying or selling a home".',
        },
      ],
    });
    expect('published' in outcome && JSON.parse(outcome.published.text)).toEqual(config);
    expect(heard).toEqual([2]);
    // The draft is the version published again; the audit log names who published it.
    expect(await studio.draft()).toMatchObject({ basedOn: 2, revision: 2, config });
    expect((await store.listAudit({ limit: 1 }))[0]).toMatchObject({
      action: 'publish form',
      detail: 'version 2 (studio)',
      person: ANN.person,
      role: 'editor',
      client: ANN.client,
    });
  });

  it('refuses a publish naming each missing Welsh text, in words, until it is translated', async () => {
    const { studio } = await studioOver();
    const { config, revision } = await edited(studio, (c) => {
      c.caseTypes.push({
        id: 'wills',
        label: { en: 'Making a will' },
        questions: [
          {
            id: 'children',
            label: { en: 'Do you have children?' },
            type: 'radio',
            options: [{ value: 'yes', label: { en: 'Yes', cy: 'Oes' } }, 'No'],
          },
        ],
      });
    });
    await studio.saveDraft(config, revision, ANN);
    expect(await studio.publish(revision + 1, ANN)).toEqual({
      refused: [
        {
          path: ['caseTypes', 1, 'label', 'cy'],
          rule: 'translation',
          message: 'The Welsh for "Making a will" is missing.',
        },
        {
          path: ['caseTypes', 1, 'questions', 0, 'label', 'cy'],
          rule: 'translation',
          message: 'The Welsh for "Do you have children?" is missing.',
        },
      ],
    });
    expect(await studio.versions()).toHaveLength(1);
  });

  it('refuses in words what the schema refuses, naming the question and its field', async () => {
    const { studio } = await studioOver();
    const { config } = await edited(studio, (c) => {
      c.caseTypes[0]!.questions[0]!.type = 'select';
      delete c.caseTypes[0]!.questions[0]!.options;
    });
    const { issues } = await studio.check(config);
    expect(issues).toEqual([
      {
        path: ['caseTypes', 0, 'questions', 0, 'options'],
        rule: 'schema',
        message:
          'The question "Are you buying or selling?" in "Buying or selling a home", its options: required for type select.',
        detail: 'required for type select',
      },
    ]);
  });

  it('refuses to give a retired id to a new question, and brings a version back by rolling back', async () => {
    const { studio } = await studioOver();
    const removed = await edited(studio, (c) => c.caseTypes[0]!.questions.splice(1, 1));
    await studio.saveDraft(removed.config, removed.revision, ANN);
    expect(await studio.publish(removed.revision + 1, ANN)).toMatchObject({
      published: { version: 2 },
    });
    const reused = await edited(studio, (c) =>
      c.caseTypes[0]!.questions.push({
        id: 'notes',
        label: { en: 'Your budget', cy: 'Eich cyllideb' },
        type: 'number',
      }),
    );
    const { issues } = await studio.check(reused.config);
    expect(issues).toMatchObject([
      // It was a long text: the kind of answer is the platform's too.
      { path: ['caseTypes', 0, 'questions', 1, 'type'], rule: 'ids' },
      { path: ['caseTypes', 0, 'questions', 1, 'id'], rule: 'ids' },
    ]);
    expect(await studio.proposeId('Anything else we should know?', 'conveyancing')).toBe(
      'anything_else_we_should_know',
    );
    expect(await studio.proposeId('Notes', 'conveyancing')).toBe('notes_2');
    expect(await studio.proposeId('Buying or selling a home')).toBe('buying_or_selling_a_home');
    expect(await studio.proposeId('Conveyancing')).toBe('conveyancing_2');
    // Version 1 again, its notes question and all: the same question, so allowed.
    expect(await studio.rollback(1, BOB)).toMatchObject({
      published: { version: 3, source: 'rollback', from: 1, text: BILINGUAL },
      changes: [{ kind: 'question added', question: 'notes' }],
    });
    expect(await studio.compare(2, 3)).toEqual(await studio.compare(2, 1));
    expect(await studio.rollback(9, BOB)).toMatchObject({
      refused: [{ message: 'There is no version 9 to publish again.' }],
    });
  });

  it('tells the second of two publishing the same draft at once, and publishes it once', async () => {
    const { studio } = await studioOver();
    const { config, revision } = await edited(
      studio,
      (c) => (c.caseTypes[0]!.label = { en: 'Homes', cy: 'Cartrefi' }),
    );
    await studio.saveDraft(config, revision, ANN);
    const outcomes = await Promise.all([
      studio.publish(revision + 1, ANN),
      studio.publish(revision + 1, BOB),
    ]);
    expect(outcomes.filter((o) => 'published' in o)).toHaveLength(1);
    expect(outcomes.filter((o) => 'stale' in o)).toHaveLength(1);
    expect(await studio.versions()).toHaveLength(2);
  });

  it('keeps the strings files of the version a draft started from, and drops a discarded draft', async () => {
    const { studio, store } = await studioOver();
    const polish = {
      languages: ['pl'],
      strings: { pl: 'polish.json' },
      caseTypes: [{ id: 'probate', label: 'Spadki', questions: [] }],
    };
    await store.publishFormVersion({
      expected: 1,
      text: JSON.stringify(polish),
      strings: { 'polish.json': '{}' },
      source: 'import',
      at: 1_500,
      by: BOB,
    });
    const draft = await studio.draft();
    await studio.saveDraft(draft.config, draft.revision, ANN);
    expect((await store.formDraft()).strings).toEqual({ 'polish.json': '{}' });
    // The kept file is read as the version's: an empty one lacks every key.
    expect((await studio.check(draft.config)).issues[0]?.message).toMatch(
      /^The strings file for "pl": polish\.json: no "/,
    );
    await studio.discardDraft(ANN);
    expect(await studio.draft()).toMatchObject({ basedOn: 2, revision: 2, savedBy: BOB.person });
    expect(await studio.publish(2, ANN)).toMatchObject({
      refused: [{ message: /nothing to publish/ }],
    });
  });
});
