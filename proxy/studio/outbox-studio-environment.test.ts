/**
 * A version published from the studio, against the environment: the largest form a file may
 * publish saved and published again, one over it refused however it is laid out, and a team
 * naming a webhook that is not one of WEBHOOK_ENDPOINTS refused in words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { ROUTING } from '../test/fixtures/routing-config.ts';
import { outboxStudio } from './outbox-studio.ts';
import { ANN, edited, studioPerTest } from '../test/fixtures/studio-outbox.ts';

const { studioOver, stores } = studioPerTest();

describe('a version published from the studio, against the environment', () => {
  it('saves and publishes again the largest form a file may publish, and refuses one over it however it is laid out', async () => {
    // 50 case types of 50 questions of 100 options: the schema's most, 1.6 MB written compactly.
    const most = (options: number) => ({
      caseTypes: Array.from({ length: 50 }, (_, c) => ({
        id: `c${String(c)}`,
        label: `Case ${String(c)}`,
        questions: Array.from({ length: 50 }, (_, q) => ({
          id: `q${String(q)}`,
          label: `Question ${String(q)}`,
          type: 'select',
          options: Array.from({ length: options }, (_, o) => `Option ${String(o)}`),
        })),
      })),
    });
    const { studio } = await studioOver(JSON.stringify(most(60)));
    const { config, revision } = await edited(studio, (c) => (c.caseTypes[0]!.label = 'Renamed'));
    // The studio writes it with two spaces an indent: over 2 MiB of text, under 2 MiB of form.
    expect(await studio.saveDraft(config, revision, ANN)).toMatchObject({ saved: true });
    expect(await studio.publish(revision + 1, ANN)).toMatchObject({ published: { version: 2 } });
    const options = Array.from({ length: 100 }, (_, o) => `Option ${String(o)} and more words`);
    const heavier = await edited(studio, (c) => {
      for (const caseType of c.caseTypes)
        for (const question of caseType.questions) question.options = options;
    });
    await expect(studio.saveDraft(heavier.config, heavier.revision, ANN)).rejects.toThrow(
      /^The form's configuration is \d+ KiB written without spaces: at most 2048 KiB is taken\.$/,
    );
  });

  it('is refused in words when a team names a webhook that is not one of WEBHOOK_ENDPOINTS', async () => {
    const store = openSqliteOutbox(':memory:');
    stores.push(store);
    const lawFirm = readFileSync(exampleConfigPath('law-firm'), 'utf8');
    await store.publishFormVersion({
      expected: 0,
      text: lawFirm,
      strings: {},
      source: 'file',
      at: 1_000,
      by: { person: 'FORM_CONFIG', client: 'start' },
    });
    const studio = outboxStudio({
      store,
      now: () => 2_000,
      around: { webhookUrls: ['https://crm.firm.example/hooks/leads'] },
      // The teams' people are at the firm's own domain: the editor may make them live.
      firm: () =>
        Promise.resolve({ people: new Set(), domains: new Set(['lovelace-law.example']) }),
    });
    const routed = (webhook: string) => ({
      ...(JSON.parse(lawFirm) as object),
      routing: {
        ...ROUTING,
        teams: { ...ROUTING.teams, property: { ...ROUTING.teams.property, webhook } },
      },
    });
    const { issues } = await studio.check(routed('https://crm.firm.example/hooks/typo'));
    expect(issues).toEqual([
      expect.objectContaining({
        path: ['routing', 'teams', 'property', 'webhook'],
        message: expect.stringContaining('https://crm.firm.example/hooks/typo') as string,
      }),
    ]);
    const wrong = await studio.saveDraft(routed('https://crm.firm.example/hooks/typo'), 0, ANN);
    const refused = await studio.publish(wrong.saved ? wrong.draft.revision : -1, ANN);
    expect(refused).toMatchObject({
      refused: [{ path: ['routing', 'teams', 'property', 'webhook'] }],
    });
    const right = await studio.saveDraft(
      routed('https://crm.firm.example/hooks/leads'),
      wrong.saved ? wrong.draft.revision : -1,
      ANN,
    );
    const published = await studio.publish(right.saved ? right.draft.revision : -1, ANN);
    expect(published).toMatchObject({ published: { version: 2 } });
  });
});
