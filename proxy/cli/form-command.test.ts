import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { runOutboxCommand } from './outbox-command.ts';

const NOW = Date.UTC(2027, 2, 27, 12, 0, 0);
const BILINGUAL = readFileSync(exampleConfigPath('bilingual'), 'utf8');
let store: OutboxStore;
let folder: string;
let out: string[];
let err: string[];
let written: string;

const run = (...args: string[]) =>
  runOutboxCommand(args, store, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    write: (text) => (written += text),
    now: () => NOW,
  });

/** `form import <name> --publish` of `config`, written into a file of the test's folder. */
const publish = (name: string, config: unknown) =>
  run('form', 'import', file(name, JSON.stringify(config)), '--publish');

/** A file in the test's folder. */
const file = (name: string, text: string) => {
  writeFileSync(join(folder, name), text);
  return join(folder, name);
};

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'form-command-'));
  store = openSqliteOutbox(join(folder, 'outbox.sqlite'));
  out = [];
  err = [];
  written = '';
  await store.publishFormVersion({
    expected: 0,
    text: BILINGUAL,
    strings: {},
    source: 'file',
    at: NOW - 60_000,
    by: { person: 'FORM_CONFIG', client: 'start' },
  });
});
afterEach(async () => {
  await store.close();
});

describe('npm run outbox -- form', () => {
  it('exports a version byte for byte, and imports it back as the next, byte for byte the same', async () => {
    expect(await run('form', 'export')).toBe(0);
    expect(written).toBe(BILINGUAL);
    expect(await run('form', 'import', file('exported.json', written), '--publish')).toBe(0);
    expect(out).toEqual([
      `Published ${join(folder, 'exported.json')} as version 2: running proxies serve it within seconds.`,
    ]);
    expect((await store.formVersion(2))?.text).toBe(BILINGUAL);
    written = '';
    expect(await run('form', 'export', '--version', '2')).toBe(0);
    expect(written).toBe(BILINGUAL);
    expect(await run('form', 'export', '--version', '9')).toBe(1);
    expect(err).toEqual(['There is no version 9.']);
  });

  it('makes an import the draft without --publish, and lists the versions', async () => {
    const changed = BILINGUAL.replace('"Buying or selling a home"', '"Moving home"');
    expect(await run('form', 'import', file('form.json', changed))).toBe(0);
    expect(await store.formDraft()).toMatchObject({
      text: changed,
      revision: 1,
      basedOn: 1,
      savedBy: 'cli',
    });
    expect(out[0]).toMatch(/form\.json is now the draft \(revision 1\): publish it in the console/);
    out = [];
    await run('form', 'import', file('form.json', changed), '--publish');
    out = [];
    expect(await run('form', 'versions')).toBe(0);
    expect(out).toEqual([
      '   2  2027-03-27T12:00:00Z  import          cli',
      '   1  2027-03-27T11:59:00Z  file            FORM_CONFIG',
    ]);
    expect((await store.listAudit({ limit: 1 }))[0]).toMatchObject({
      action: 'publish form',
      client: 'cli',
    });
  });

  it('refuses an import that gives a retired id to another question, naming it, with exit 1', async () => {
    const config = JSON.parse(BILINGUAL) as {
      caseTypes: { questions: { id: string; label: unknown; type: string }[] }[];
    };
    const [caseType] = config.caseTypes;
    caseType!.questions = caseType!.questions.filter((q) => q.id !== 'notes');
    expect(await publish('v2.json', config)).toBe(0);
    caseType!.questions.push({
      id: 'notes',
      label: { en: 'Your budget', cy: 'Eich cyllideb' },
      type: 'textarea',
    });
    err = [];
    expect(await publish('v3.json', config)).toBe(1);
    expect(err).toEqual([
      `${join(folder, 'v3.json')} is refused:`,
      '  "Your budget" in "Buying or selling a home" cannot have the id "notes": that was the question "Anything else we should know?" until version 1, and a retired id is never given to another question, so the platform never mixes their answers. Give it a new id, such as "your_budget". (at caseTypes.0.questions.1.id)',
    ]);
    expect(await store.latestFormVersion()).toBe(2);
  });

  it('refuses, in the second of two publishes, a retired question brought back with an option’s value changed', async () => {
    type Option = { value: string; label: { en: string; cy: string } };
    const config = JSON.parse(BILINGUAL) as {
      caseTypes: { questions: { id: string; options?: Option[] }[] }[];
    };
    const [caseType] = config.caseTypes;
    const transaction = caseType!.questions.find((q) => q.id === 'transaction')!;
    caseType!.questions = caseType!.questions.filter((q) => q !== transaction);
    expect(await publish('v2.json', config)).toBe(0);
    transaction.options![0]!.value = 'purchase';
    caseType!.questions.unshift(transaction);
    err = [];
    expect(await publish('v3.json', config)).toBe(1);
    expect(err).toEqual([
      `${join(folder, 'v3.json')} is refused:`,
      '  The option "Buying" of "Are you buying or selling?" (transaction) in "Buying or selling a home" was published with the stored value "buying", which it keeps: enquiries already hold it. Only its label may change: write it as {"value": "buying", "label": "Buying"}. (at caseTypes.0.questions.0.options.0)',
    ]);
    expect(await store.latestFormVersion()).toBe(2);
  });

  it('writes a version to a file with --to, byte for byte, and says so', async () => {
    const to = join(folder, 'form.json');
    expect(await run('form', 'export', '--to', to)).toBe(0);
    expect(readFileSync(to, 'utf8')).toBe(BILINGUAL);
    expect(written).toBe('');
    expect(out).toEqual([`Wrote version 1 of the form to ${to}.`]);
    expect(await run('form', 'export', '--to')).toBe(2);
    expect(err).toEqual(['--to takes the file to write, like form export --to form.json']);
    err = [];
    expect(await run('form', 'export', '--to', join(folder, 'no-such-folder', 'form.json'))).toBe(
      1,
    );
    expect(err[0]).toMatch(/^cannot write .*no-such-folder\/form\.json: ENOENT/);
  });

  it('refuses a file npm run wrote its own lines into, saying how to export without them', async () => {
    // What `npm run outbox -- form export > form.json` leaves in the file (#78).
    const header = '\n> enquiry-form@0.1.0 outbox\n> node dist/proxy/cli/outbox.js form export\n\n';
    expect(await run('form', 'import', file('form.json', header + BILINGUAL))).toBe(1);
    expect(err).toEqual([
      "The form's configuration starts with the lines npm run prints before a script's output (“> enquiry-form@0.1.0 outbox”), so it is not JSON. Export with npm run -s outbox -- form export > file (-s keeps npm quiet), or npm run outbox -- form export --to file; or delete the lines above the first {.",
    ]);
    expect(await store.latestFormVersion()).toBe(1);
  });

  it('refuses a file that is not a configuration, saying why in words', async () => {
    expect(await run('form', 'import', file('broken.json', '{"caseTypes": ['), '--publish')).toBe(
      1,
    );
    expect(err[0]).toMatch(/^The form's configuration is not JSON: /);
    err = [];
    expect(await run('form', 'import', file('empty.json', '{"caseTypes": []}'))).toBe(1);
    expect(err[1]).toMatch(/^ {2}The form's caseTypes: Too small/);
    expect(await run('form', 'import')).toBe(2);
  });
});

describe('npm run outbox -- form export, as a process', () => {
  it('prints the version on stdout byte for byte, a file after a redirect being the same bytes', async () => {
    const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
    const cli = new URL('./outbox.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(tsx, [cli, 'form', 'export'], {
      env: {
        ...process.env,
        DATA_DIR: folder,
        DATABASE_URL: '',
        ENV_FILE: file('empty.env', ''),
      },
    });
    expect(stdout).toBe(BILINGUAL);
  });
});
