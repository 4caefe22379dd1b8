import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FormConfigError } from '../contract/schemas/form-config.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { publishFormFile, readFormFile } from './form-file.ts';
import { firmCircle } from './firm-addresses.ts';
import { outboxStudio } from './outbox-studio.ts';

const TEMPLATE = readFileSync(new URL('../../demo/strings/template.json', import.meta.url), 'utf8');
const stores: OutboxStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** A folder with `form.json` (and a Polish strings file), and a fresh outbox. */
function setUp() {
  const folder = mkdtempSync(join(tmpdir(), 'form-file-'));
  const path = join(folder, 'form.json');
  const store = openSqliteOutbox(':memory:');
  stores.push(store);
  const logs = createMemoryLogger();
  let clock = 1_000;
  const start = (text: string) => {
    writeFileSync(path, text);
    return publishFormFile(store, readFormFile(path), logs.log, () => (clock += 1_000));
  };
  return { folder, path, store, logs, start };
}

const form = (questions: { id: string; label: string; type: string }[]) =>
  `${JSON.stringify({ caseTypes: [{ id: 'advice', label: 'Advice', questions }] }, null, 2)}\n`;
const NOTES = { id: 'notes', label: 'Anything else?', type: 'textarea' };
const BUDGET = { id: 'budget', label: 'Your budget', type: 'number' };

describe('FORM_CONFIG at each start', () => {
  it('seeds version 1, byte for byte, when the outbox holds none', async () => {
    const { start, store } = setUp();
    expect(await start(form([NOTES]))).toBe(1);
    expect(await store.formVersion(1)).toMatchObject({
      text: form([NOTES]),
      source: 'file',
      publishedBy: 'FORM_CONFIG',
    });
    expect((await store.listAudit({ limit: 1 }))[0]).toMatchObject({
      action: 'publish form',
      client: 'start',
    });
  });

  it('publishes a changed file as the next version, and an unchanged one never over the studio', async () => {
    const { start, store } = setUp();
    await start(form([NOTES]));
    expect(await start(form([NOTES]))).toBeUndefined();
    expect(await start(form([NOTES, BUDGET]))).toBe(2);
    // The studio publishes version 3; the unchanged file is then left alone.
    const studio = outboxStudio({
      store,
      now: () => 10_000,
      firm: () => firmCircle({ people: () => store.listPeople(10_000) }),
    });
    const draft = await studio.draft();
    await studio.saveDraft(
      { caseTypes: [{ id: 'advice', label: 'Advice', questions: [NOTES] }] },
      draft.revision,
      {
        person: 'ann',
        client: 'x',
      },
    );
    expect(await studio.publish(draft.revision + 1, { person: 'ann', client: 'x' })).toMatchObject({
      published: { version: 3 },
    });
    expect(await start(form([NOTES, BUDGET]))).toBeUndefined();
    expect(await store.latestFormVersion()).toBe(3);
  });

  it('leaves alone a file that holds an earlier version, saying so', async () => {
    const { start, store, logs } = setUp();
    await start(form([NOTES]));
    await start(form([NOTES, BUDGET]));
    // An instance of a rolling deploy still on the first file.
    expect(await start(form([NOTES]))).toBeUndefined();
    expect(await store.latestFormVersion()).toBe(2);
    expect(logs.text()).toContain('FORM_CONFIG holds version 1: the form stays at version 2');
  });

  it('stops the start saying how to export without npm’s own lines when a file starts with them', async () => {
    const { start } = setUp();
    const header = '\n> enquiry-form@0.1.0 outbox\n> node dist/proxy/cli/outbox.js form export\n\n';
    // Read before anything is published: refused at once, as a file that is not JSON is.
    const refused = await Promise.resolve()
      .then(() => start(header + form([NOTES])))
      .catch((error: unknown) => error);
    expect((refused as FormConfigError).problems).toEqual([
      expect.stringMatching(
        /form\.json starts with the lines npm run prints before a script's output \(“> enquiry-form@0\.1\.0 outbox”\), so it is not JSON\. Export with npm run -s outbox -- form export > file/,
      ),
    ]);
  });

  it('stops the start naming the weight of a file heavier than the studio and an import take', async () => {
    const { start } = setUp();
    const options = Array.from({ length: 100 }, (_, o) => `Option ${String(o)} and more words`);
    const question = { id: 'q', label: 'Which?', type: 'select', options };
    const heavy = JSON.stringify({
      caseTypes: Array.from({ length: 50 }, (_, c) => ({
        id: `c${String(c)}`,
        label: 'Advice',
        questions: Array.from({ length: 50 }, (_, q) => ({ ...question, id: `q${String(q)}` })),
      })),
    });
    const refused = await Promise.resolve()
      .then(() => start(heavy))
      .catch((error: unknown) => error);
    expect((refused as FormConfigError).problems).toEqual([
      expect.stringMatching(
        /form\.json: The form's configuration is \d+ KiB written without spaces: at most 2048 KiB is taken\.$/,
      ),
    ]);
  });

  it('stops the start naming the rule a changed file breaks', async () => {
    const { start, store } = setUp();
    await start(form([NOTES, BUDGET]));
    await start(form([NOTES]));
    const refused = await start(
      form([NOTES, { id: 'budget', label: 'Who referred you?', type: 'text' }]),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FormConfigError);
    expect((refused as FormConfigError).problems).toEqual(
      [
        expect.stringMatching(
          /form\.json: "Who referred you\?" in "Advice" cannot have the id "budget": that was the question "Your budget" until version 1/,
        ),
        expect.stringMatching(
          /form\.json: "Who referred you\?" \(budget\) in "Advice" was published as a number/,
        ),
      ].reverse(),
    );
    expect(await store.latestFormVersion()).toBe(2);
  });

  it('keeps the strings files a version names with it, and publishes again when one changes', async () => {
    const { start, store, folder } = setUp();
    mkdirSync(join(folder, 'strings'));
    writeFileSync(join(folder, 'strings', 'pl.json'), TEMPLATE);
    const polish = `${JSON.stringify({
      languages: ['pl'],
      strings: { pl: 'strings/pl.json' },
      caseTypes: [{ id: 'advice', label: 'Porada' }],
    })}\n`;
    await start(polish);
    expect((await store.formVersion(1))?.strings).toEqual({ 'strings/pl.json': TEMPLATE });
    expect(await start(polish)).toBeUndefined();
    const translated = JSON.stringify({ ...JSON.parse(TEMPLATE), submit: 'Wyślij' });
    writeFileSync(join(folder, 'strings', 'pl.json'), translated);
    expect(await start(polish)).toBe(2);
    expect((await store.formVersion(2))?.strings).toEqual({ 'strings/pl.json': translated });
  });
});
