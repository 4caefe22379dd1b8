/**
 * The form's versions in the outbox store contract (see `store-contract.ts`): versions
 * numbered once and kept byte for byte, one publish of two at once, the draft's revisions, and
 * the audit entry naming who published.
 */
import { describe, expect, it } from 'vitest';
import type { NewFormVersion } from '../outbox/machine/form-versions.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';

/** A text no normaliser would leave as it is: spacing, key order, escapes, a line separator. */
const TEXT = '{ "caseTypes" :[ {"label":"Buy\\u00e9","id":"buy"} ],\n\t"z": "\u2028 “quoted”" }\n';
const ANN = { person: 'Ann Lee <ann@firm.example>', role: 'editor', client: '203.0.113.9' };

const next = (expected: number, more: Partial<NewFormVersion> = {}): NewFormVersion => ({
  expected,
  text: `${TEXT}${String(expected)}`,
  strings: {},
  source: 'studio',
  at: 1_000 + expected,
  by: ANN,
  ...more,
});

async function published(store: OutboxStore, n: number) {
  for (let expected = 0; expected < n; expected++)
    expect((await store.publishFormVersion(next(expected))).kind).toBe('published');
}

/** Runs the form versions contract against one implementation. */
export function describeFormVersionStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, the form's versions`, () => {
    const fresh = freshStores(factory);

    it('numbers versions 1, 2, 3 and keeps each byte for byte, with who, when, how and its strings', async () => {
      const store = await fresh();
      expect(await store.latestFormVersion()).toBe(0);
      expect(await store.formVersion('latest')).toBeUndefined();
      const strings = { 'polish.json': '{"submit": "Wyślij"}' };
      const first = await store.publishFormVersion(next(0, { source: 'file', strings }));
      expect(first).toMatchObject({ kind: 'published', version: { version: 1, text: `${TEXT}0` } });
      await store.publishFormVersion(next(1, { source: 'rollback', from: 1, text: `${TEXT}0` }));
      expect(await store.latestFormVersion()).toBe(2);
      expect(await store.formVersion(1)).toEqual({
        version: 1,
        text: `${TEXT}0`,
        strings,
        publishedAt: 1_000,
        publishedBy: ANN.person,
        source: 'file',
      });
      expect(await store.formVersion('latest')).toMatchObject({ version: 2, from: 1 });
      expect(await store.formVersions()).toEqual([
        { version: 2, publishedAt: 1_001, publishedBy: ANN.person, source: 'rollback', from: 1 },
        { version: 1, publishedAt: 1_000, publishedBy: ANN.person, source: 'file' },
      ]);
      expect(await store.formVersion(3)).toBeUndefined();
    });

    it('lets one of two publishing after the same version win, tells the other, and reuses no number', async () => {
      const store = await fresh();
      await published(store, 1);
      const other = factory.shared ? await fresh.sibling(store) : store;
      const outcomes = await Promise.all([
        store.publishFormVersion(next(1, { text: 'one' })),
        other.publishFormVersion(next(1, { text: 'two' })),
      ]);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['published', 'stale version']);
      expect(outcomes.find((o) => o.kind === 'stale version')).toEqual({
        kind: 'stale version',
        latest: 2,
      });
      const winner = outcomes.find((o) => o.kind === 'published');
      expect((await store.formVersion(2))?.text).toBe(
        winner?.kind === 'published' ? winner.version.text : '',
      );
      expect(await store.latestFormVersion()).toBe(2);
    });

    it('refuses a save of the draft begun from a stale revision, giving the draft saved since', async () => {
      const store = await fresh();
      await published(store, 1);
      const empty = await store.formDraft();
      expect(empty).toMatchObject({ text: null, strings: {}, revision: 0 });
      const save = (text: string, revision: number, by: string) =>
        store.saveFormDraft({ text, strings: {}, revision, basedOn: 1, by, at: 5_000 });
      expect(await save('{"ann": 1}', 0, 'ann')).toEqual({
        kind: 'saved',
        draft: {
          text: '{"ann": 1}',
          strings: {},
          revision: 1,
          basedOn: 1,
          savedBy: 'ann',
          savedAt: 5_000,
        },
      });
      // Bob opened the draft at revision 0 too: his save is refused with Ann's.
      expect(await save('{"bob": 1}', 0, 'bob')).toMatchObject({
        kind: 'stale',
        draft: { text: '{"ann": 1}', revision: 1, savedBy: 'ann' },
      });
      expect(await save('{"ann": 2}', 1, 'ann')).toMatchObject({
        kind: 'saved',
        draft: { revision: 2 },
      });
    });

    it('empties the draft when it is published or discarded, and refuses a save begun before either', async () => {
      const store = await fresh();
      await published(store, 1);
      const saved = await store.saveFormDraft({
        text: '{"draft": true}',
        strings: { 'cy.json': '{}' },
        revision: 0,
        basedOn: 1,
        by: 'ann',
        at: 2_000,
      });
      expect(saved.draft.revision).toBe(1);
      // Publishing a stale revision of it writes nothing.
      expect(await store.publishFormVersion(next(1, { draftRevision: 0 }))).toMatchObject({
        kind: 'stale draft',
        draft: { revision: 1, text: '{"draft": true}' },
      });
      expect(await store.latestFormVersion()).toBe(1);
      const publish = await store.publishFormVersion(
        next(1, { text: '{"draft": true}', draftRevision: 1 }),
      );
      expect(publish.kind).toBe('published');
      expect(await store.formDraft()).toMatchObject({ text: null, revision: 2, basedOn: 2 });
      expect(
        await store.saveFormDraft({
          text: '{}',
          strings: {},
          revision: 1,
          basedOn: 1,
          by: 'b',
          at: 3,
        }),
      ).toMatchObject({ kind: 'stale', draft: { revision: 2 } });
      await store.saveFormDraft({
        text: '{}',
        strings: {},
        revision: 2,
        basedOn: 2,
        by: 'b',
        at: 3,
      });
      expect(await store.discardFormDraft('ann', 4_000)).toMatchObject({
        text: null,
        revision: 4,
        basedOn: 2,
        savedBy: 'ann',
      });
    });

    it('names in the audit log who published each version, from where, in what role', async () => {
      const store = await fresh();
      await published(store, 2);
      await store.publishFormVersion(
        next(2, { source: 'rollback', from: 1, by: { person: 'cli', client: 'cli' } }),
      );
      expect(
        (await store.listAudit({ limit: 10 })).map((e) => [
          e.action,
          e.detail,
          e.person,
          e.role,
          e.client,
        ]),
      ).toEqual([
        ['publish form', 'version 3 (rollback of version 1)', 'cli', null, 'cli'],
        ['publish form', 'version 2 (studio)', ANN.person, 'editor', ANN.client],
        ['publish form', 'version 1 (studio)', ANN.person, 'editor', ANN.client],
      ]);
    });
  });
}
