/**
 * Two proxies sharing a PostgreSQL outbox, and a version of the form published on one: the other
 * serves it within seconds, told by NOTIFY, or finding it by its look every few seconds when no
 * notification came.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { eventually } from '../platform/platform-session.ts';
import { absent, sharedGroup, usePostgres, type Instance } from './shared-session.ts';

usePostgres();

const EDITOR = { person: 'Eve Editor <eve@firm.example>', role: 'editor', client: '203.0.113.7' };
const versionOf = async (instance: Instance | undefined) =>
  (await instance?.get('/api/form'))?.body.version;

describe.skipIf(absent)('a version of the form published on one of two instances', () => {
  it('is served at once by the instance that published it, and within 5 s by the other', async () => {
    const group = await sharedGroup(2);
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    expect([await versionOf(a), await versionOf(b)]).toEqual([1, 1]);
    const draft = await a.proxy.studio.draft();
    const config = structuredClone(draft.config) as { caseTypes: { label: string }[] };
    config.caseTypes[0]!.label = 'Moving home';
    await a.proxy.studio.saveDraft(config, draft.revision, EDITOR);
    const published = Date.now();
    expect(await a.proxy.studio.publish(draft.revision + 1, EDITOR)).toMatchObject({
      published: { version: 2 },
    });
    expect(await versionOf(a)).toBe(2);
    await eventually(
      () => versionOf(b),
      (version) => version === 2,
      5000,
    );
    const waited = Date.now() - published;
    expect(waited).toBeLessThan(5000);
    const served = (await b.get('/api/form')).body as { caseTypes: { label: string }[] };
    expect(served.caseTypes[0]?.label).toBe('Moving home');
    // The enquiry of a form drawn from version 1 is still taken by either.
    expect((await b.submit({ enquiry: { form_version: 1 } })).status).toBe(201);
  });

  it('is found by the other within 5 s though no notification came', async () => {
    const group = await sharedGroup(2);
    const [a, b] = group.instances;
    // A version written as another process would without telling anyone (no NOTIFY).
    const client = new pg.Client({ connectionString: group.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ text: string }>(
        'SELECT text FROM form_versions WHERE version = 1',
      );
      await client.query(
        `INSERT INTO form_versions (version, text, strings, published_at, published_by, source)
         VALUES (2, $1, '{}', $2, 'cli', 'import')`,
        [rows[0]?.text.replace('"Buying or selling a property"', '"Moving home"'), Date.now()],
      );
    } finally {
      await client.end();
    }
    await eventually(
      () => versionOf(a),
      (version) => version === 2,
      5000,
    );
    await eventually(
      () => versionOf(b),
      (version) => version === 2,
      5000,
    );
  });
});

describe.skipIf(absent)('two people publishing the form at once, on two instances', () => {
  const BOB = { person: 'Bob Editor <bob@firm.example>', role: 'editor', client: '203.0.113.8' };

  it('make one version: the other is told the form moved on, and both instances serve the one', async () => {
    const group = await sharedGroup(2);
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const draft = await a.proxy.studio.draft();
    const config = structuredClone(draft.config) as { caseTypes: { label: string }[] };
    config.caseTypes[0]!.label = 'Moving home';
    await a.proxy.studio.saveDraft(config, draft.revision, EDITOR);
    // Eve publishes the draft on one instance while Bob rolls back to version 1 on the other.
    const outcomes = await Promise.all([
      a.proxy.studio.publish(draft.revision + 1, EDITOR),
      b.proxy.studio.rollback(1, BOB),
    ]);
    expect(outcomes.filter((o) => 'published' in o)).toHaveLength(1);
    expect(outcomes.filter((o) => 'stale' in o)).toHaveLength(1);
    expect((await b.proxy.studio.versions()).map((v) => v.version)).toEqual([2, 1]);
    await eventually(
      async () => [await versionOf(a), await versionOf(b)],
      (versions) => versions.every((v) => v === 2),
      5000,
    );
    // One publish in the audit log too (besides version 1's, at start): the other wrote nothing.
    const client = new pg.Client({ connectionString: group.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT detail FROM audit WHERE action = 'publish form' AND detail NOT LIKE 'version 1 %'",
      );
      expect(rows).toHaveLength(1);
    } finally {
      await client.end();
    }
  });

  it('saving one draft at once on two instances keeps one save, and tells the other whose it is', async () => {
    const group = await sharedGroup(2);
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const draft = await a.proxy.studio.draft();
    const edit = (label: string) => {
      const config = structuredClone(draft.config) as { caseTypes: { label: string }[] };
      config.caseTypes[0]!.label = label;
      return config;
    };
    const saves = await Promise.all([
      a.proxy.studio.saveDraft(edit('Moving home'), draft.revision, EDITOR),
      b.proxy.studio.saveDraft(edit('Buying a house'), draft.revision, BOB),
    ]);
    const kept = saves.find((s) => s.saved);
    const told = saves.find((s) => !s.saved);
    expect(kept && told).toBeTruthy();
    if (!kept?.saved || told?.saved !== false) return;
    expect(told.theirs.revision).toBe(draft.revision + 1);
    expect(told.theirs.config).toEqual(kept.draft.config);
    expect(await a.proxy.studio.draft()).toMatchObject({ revision: draft.revision + 1 });
  });
});
