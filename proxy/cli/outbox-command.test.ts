import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { leaseOf, SAMPLE_PDF, sampleSubmission } from '../test/fixtures/outbox.ts';
import { LIST_PAGE } from './lead-commands.ts';
import { runOutboxCommand } from './outbox-command.ts';

const NOW = Date.UTC(2027, 2, 27, 12, 0, 0);
let store: OutboxStore;
let out: string[];
let err: string[];

const run = (...args: string[]) =>
  runOutboxCommand(args, store, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    now: () => NOW,
  });

beforeEach(async () => {
  store = openSqliteOutbox(':memory:');
  out = [];
  err = [];
  const add = async (reference: string, receivedAt: number) => {
    const outcome = await store.accept(sampleSubmission({ reference, receivedAt }));
    if (outcome.kind !== 'stored') throw new Error('not stored');
    return outcome.submission.id;
  };
  const delivered = await add('EQ-AAAA-0001', NOW - 3 * 86_400_000);
  const deliveredLease = await leaseOf(store, delivered);
  await store.recordCreated(deliveredLease, 1001, NOW);
  await store.finish(deliveredLease, { kind: 'delivered', at: NOW - 3 * 86_400_000 });
  const dead = await add('EQ-AAAA-0002', NOW - 7200_000);
  await store.deadLetter(
    await leaseOf(store, dead),
    'the platform refused the create (400): parameter forename',
    NOW - 3600_000,
  );
  const waiting = await add('EQ-AAAA-0003', NOW - 60_000);
  await store.finish(await leaseOf(store, waiting), {
    kind: 'retry',
    at: NOW + 30_000,
    error: 'enquiry API answered 503 on create',
  });
});
afterEach(async () => store.close());

describe('npm run outbox', () => {
  it('lists submissions with their state, progress and why they wait', async () => {
    expect(await run('list')).toBe(0);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(
      /^EQ-AAAA-0001 {2}delivered .* {2}Ada Lovelace {2}conveyancing {2}enquiry 1001 {2}files 0\/2 {2}attempts 1$/,
    );
    expect(out[1]).toContain('(the platform refused the create (400): parameter forename)');
    expect(out[2]).toContain('next in 30 s  (enquiry API answered 503 on create)');
  });

  it('lists every submission oldest first when there are more than one page of them', async () => {
    const more = Array.from({ length: LIST_PAGE * 2 }, (_, n) =>
      sampleSubmission({
        reference: `EQ-MORE-${String(n).padStart(4, '0')}`,
        receivedAt: NOW - 60_000 + n,
      }),
    );
    for (const submission of more) await store.accept(submission);
    expect(await run('list', 'queued')).toBe(0);
    expect(out.map((l) => l.split(' ')[0])).toEqual([
      'EQ-AAAA-0003',
      ...more.map((s) => s.reference),
    ]);
  });

  it('prints each page of leads before it reads the next, the JSON as one array', async () => {
    for (let n = 0; n < LIST_PAGE + 5; n++)
      await store.accept(sampleSubmission({ reference: `EQ-PAGE-${String(n).padStart(4, '0')}` }));
    const printedAtRead: number[] = [];
    const paging = {
      ...store,
      leadPage: (filter: Parameters<OutboxStore['leadPage']>[0]) => {
        printedAtRead.push(out.length);
        return store.leadPage(filter);
      },
    };
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), now: () => NOW };
    expect(await runOutboxCommand(['list', 'queued'], paging, io)).toBe(0);
    expect(printedAtRead).toEqual([0, LIST_PAGE]);
    expect(out).toHaveLength(LIST_PAGE + 6);
    out = [];
    expect(await runOutboxCommand(['list', 'queued', '--json'], paging, io)).toBe(0);
    const printed = out.join('\n');
    const listed = JSON.parse(printed) as { reference: string }[];
    expect(listed.map((s) => s.reference).slice(0, 2)).toEqual(['EQ-AAAA-0003', 'EQ-PAGE-0000']);
    expect(printed).toBe(JSON.stringify(listed, null, 2));
    out = [];
    await run('list', 'spam', '--json');
    expect(out).toEqual(['[]']);
  });

  it('lists one state, or JSON for scripts', async () => {
    await run('list', 'dead');
    expect(out).toHaveLength(1);
    out = [];
    await run('list', 'queued', '--json');
    expect(JSON.parse(out.join('\n'))).toMatchObject([
      { reference: 'EQ-AAAA-0003', state: 'queued', attempts: 1 },
    ]);
    expect(await run('list', 'lost')).toBe(2);
    expect(err[0]).toBe('Unknown state "lost": use one of queued, delivered, partial, dead, spam.');
  });

  it('shows one submission as a report: ISO times, each step named with its outcome, why it died', async () => {
    expect(await run('show', 'EQ-AAAA-0002')).toBe(0);
    expect(out.slice(0, 4)).toEqual([
      'EQ-AAAA-0002: dead',
      'Received:     2027-03-27T10:00:00Z',
      'Attempts:     1',
      'Why dead:     the platform refused the create (400): parameter forename',
    ]);
    expect(out).toEqual(
      expect.arrayContaining([
        'Steps:',
        '  1. create the enquiry: not sent',
        '  2. upload plan.pdf (file 0, application/pdf, 2009 bytes): not sent',
        '  Name: Ada Lovelace',
        '  Case type: conveyancing',
        'Notifications: none',
      ]),
    );
    expect(out.join('\n')).not.toMatch(/\b1\d{12}\b/); // no epoch milliseconds anywhere
  });

  it('shows JSON for scripts with --json: every time ISO, the steps named, no file bytes', async () => {
    expect(await run('show', 'EQ-AAAA-0002', '--json')).toBe(0);
    const shown = JSON.parse(out.join('\n')) as Record<string, unknown>;
    expect(shown).toMatchObject({
      state: 'dead',
      receivedAt: '2027-03-27T10:00:00Z',
      retryFrom: '2027-03-27T10:00:00Z',
      nextAttemptAt: null,
      why: 'the platform refused the create (400): parameter forename',
      upstream: { forename: 'Ada' },
      files: [{ name: 'plan.pdf' }, { name: 'photo.png' }],
      steps: [
        { step: 'create the enquiry', outcome: 'not sent' },
        { outcome: 'not sent' },
        { outcome: 'not sent' },
      ],
      notifications: [],
    });
    expect(JSON.stringify(shown)).not.toContain('bytes"');
    expect(JSON.stringify(shown)).not.toMatch(/:\d{12,}/); // no epoch milliseconds
  });

  it('lists a dead letter delivered after a retry without the reason it once died', async () => {
    await run('retry', 'EQ-AAAA-0002');
    const submission = await store.get('EQ-AAAA-0002');
    const lease = await leaseOf(store, submission?.id ?? 0, NOW);
    await store.recordCreated(lease, 1003, NOW);
    await store.finish(lease, { kind: 'delivered', at: NOW });
    out = [];
    await run('list', 'delivered');
    const line = out.find((l) => l.startsWith('EQ-AAAA-0002')) ?? '';
    expect(line).toContain('enquiry 1003');
    expect(line).not.toContain('refused the create');
  });

  it('retries a dead submission now, and explains why a delivered one cannot be', async () => {
    expect(await run('retry', 'EQ-AAAA-0002')).toBe(0);
    expect(out[0]).toBe(
      'EQ-AAAA-0002 is queued and will be sent within moments by the running proxy.',
    );
    expect(await store.get('EQ-AAAA-0002')).toMatchObject({
      state: 'queued',
      attempts: 0,
      nextAttemptAt: NOW,
    });
    expect(await run('retry', 'EQ-AAAA-0001')).toBe(1);
    expect(err[0]).toBe('EQ-AAAA-0001 is already delivered (enquiry 1001).');
    expect(await run('retry', 'EQ-NOPE-NOPE')).toBe(1);
    expect(err[1]).toBe('No submission has the reference EQ-NOPE-NOPE.');
  });

  it('purges delivered submissions, optionally only old ones', async () => {
    await run('purge-delivered', '--older-than-days', '5');
    expect(out[0]).toBe('Deleted 0 delivered submissions.');
    await run('purge-delivered', '--older-than-days', '2');
    expect(out[1]).toBe('Deleted 1 delivered submission.');
    expect(await run('purge-delivered', '--older-than-days', 'soon')).toBe(2);
  });

  it('counts, and explains its usage for an unknown command', async () => {
    await run('counts');
    expect(out[0]).toBe(
      'queued 1, delivered 1, partly delivered 0, dead 1, spam 0, oldest queued 60 s, possible duplicates 0 enquiries and 0 files',
    );
    expect(await run('frobnicate')).toBe(2);
    expect(err[0]).toMatch(/^Unknown command "frobnicate"\.\n\nUsage: npm run outbox -- <command>/);
  });
});

describe('npm run outbox with a partly delivered submission', () => {
  const refuseOne = async () => {
    const outcome = await store.accept(
      sampleSubmission({ reference: 'EQ-PART-0001', receivedAt: NOW }),
    );
    if (outcome.kind !== 'stored') throw new Error('not stored');
    const lease = await leaseOf(store, outcome.submission.id, NOW);
    await store.recordCreated(lease, 1002, NOW + 1000);
    await store.recordUploaded(lease, 0, 601, NOW + 2000);
    await store.recordUploadFailed(
      lease,
      1,
      'enquiry API refused the upload: file[mime]',
      NOW + 3000,
    );
    await store.finish(lease, { kind: 'delivered', at: NOW });
  };

  it('lists how many files were refused, retries one of them, or leaves it out', async () => {
    await refuseOne();
    expect(await run('list', 'partial')).toBe(0);
    expect(out[0]).toContain('files 1/2 (1 refused)');
    expect(await run('retry', 'EQ-PART-0001', '--file', 'x')).toBe(2);
    expect(await run('retry', 'EQ-PART-0001', '--file', '1')).toBe(0);
    expect(await store.get('EQ-PART-0001')).toMatchObject({ state: 'queued' });
  });

  it('shows a partly delivered one with when each step was answered, the refused file and how to retry or leave it out', async () => {
    await refuseOne();
    await run('show', 'EQ-PART-0001');
    expect(out).toEqual(
      expect.arrayContaining([
        'EQ-PART-0001: partial (enquiry 1002)',
        '  1. create the enquiry: done 2027-03-27T12:00:01Z, enquiry 1002',
        expect.stringMatching(
          /^ {2}2\. upload plan\.pdf \(file 0, .*\): done 2027-03-27T12:00:02Z, attachment 601$/,
        ),
        expect.stringMatching(
          /^ {2}3\. upload photo\.png \(file 1, .*\): refused 2027-03-27T12:00:03Z, enquiry API refused the upload: file\[mime\] \(retry EQ-PART-0001 --file 1 sends it again; skip EQ-PART-0001 --file 1 leaves it out\)$/,
        ),
      ]),
    );
  });

  it('gives each step’s time in JSON as ISO, as every other time', async () => {
    await refuseOne();
    await run('show', 'EQ-PART-0001', '--json');
    const shown = JSON.parse(out.join('\n')) as Record<string, unknown>;
    expect(shown).toMatchObject({
      enquiryCreatedAt: '2027-03-27T12:00:01Z',
      files: [{ answeredAt: '2027-03-27T12:00:02Z' }, { answeredAt: '2027-03-27T12:00:03Z' }],
      steps: [
        { outcome: 'done', at: '2027-03-27T12:00:01Z' },
        { outcome: 'done', at: '2027-03-27T12:00:02Z' },
        { outcome: 'refused', at: '2027-03-27T12:00:03Z' },
      ],
    });
    expect(JSON.stringify(shown)).not.toMatch(/:\d{12,}/); // no epoch milliseconds
  });

  it('skips a refused file, and says so when there is none to skip', async () => {
    await refuseOne();
    expect(await run('skip', 'EQ-PART-0001', '--file', '0')).toBe(1);
    expect(err.at(-1)).toContain('has no refused file 0');
    expect(await run('skip', 'EQ-PART-0001', '--file', '1')).toBe(0);
    expect(await store.get('EQ-PART-0001')).toMatchObject({ state: 'delivered' });
  });
});

describe('export', () => {
  it('writes the fields and the files still kept to a folder named by the reference', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    expect(await run('export', 'EQ-AAAA-0002', '--to', dir)).toBe(0);
    const folder = join(dir, 'EQ-AAAA-0002');
    expect(readdirSync(folder).sort()).toEqual(['0-plan.pdf', '1-photo.png', 'enquiry.json']);
    expect(readFileSync(join(folder, '0-plan.pdf')).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
    const enquiry = JSON.parse(readFileSync(join(folder, 'enquiry.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(enquiry).toMatchObject({
      reference: 'EQ-AAAA-0002',
      state: 'dead',
      upstream: { forename: 'Ada' },
    });
    expect(out.at(-1)).toBe(`Wrote ${folder}: enquiry.json, 0-plan.pdf, 1-photo.png`);
  });

  it('says which files went with delivery, and names an unknown reference', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    expect(await run('export', 'EQ-AAAA-0001', '--to', dir)).toBe(0);
    expect(out.at(-1)).toBe('Not kept (delivered to the platform): plan.pdf, photo.png');
    expect(await run('export', 'EQ-NOPE-0000', '--to', dir)).toBe(1);
    expect(err.at(-1)).toBe('No submission has the reference EQ-NOPE-0000.');
  });
});

describe('purge-dead', () => {
  it('deletes only the dead letters the firm was told of', async () => {
    expect(await run('purge-dead')).toBe(0);
    expect(out.at(-1)).toBe('Deleted 0 dead submissions.');
    await store.queueNotifications(
      [
        {
          key: 'k',
          channel: 'email',
          kind: 'lead.dead',
          reference: 'EQ-AAAA-0002',
          payload: {},
          at: NOW,
        },
      ],
      { reference: 'EQ-AAAA-0002' },
    );
    const [telling] = await store.dueNotifications(NOW, 10);
    await store.finishNotification(telling?.id ?? 0, { kind: 'sent', at: NOW });
    expect(await run('purge-dead')).toBe(0);
    expect(out.at(-1)).toBe('Deleted 1 dead submission.');
    expect(await store.get('EQ-AAAA-0002')).toBeNull();
  });
});

describe('webhooks', () => {
  const HOOK = 'https://hooks.example.com/zap';
  beforeEach(async () => {
    await store.queueWebhooks(
      ['EQ-AAAA-0001', 'EQ-AAAA-0002'].map((reference) => ({
        messageId: `msg_${reference}`,
        endpoint: HOOK,
        event: 'enquiry.received' as const,
        reference,
        body: '{}',
        at: NOW - 60_000,
      })),
    );
    const [first] = await store.claimWebhooks(HOOK, 'test', 30_000, NOW, 1);
    if (!first) throw new Error('claimed');
    await store.finishWebhook(first.lease, {
      kind: 'dead',
      at: NOW - 30_000,
      status: 500,
      error: 'the endpoint answered 500',
    });
  });

  it('lists each delivery newest first with its endpoint, event, tries and last answer', async () => {
    expect(await run('webhooks')).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/2\s+pending\s+enquiry\.received\s+EQ-AAAA-0002\s+https:\/\/hooks/);
    expect(out[1]).toContain('dead');
    expect(out[1]).toContain('given up 2027-03-27T11:59:30Z');
    expect(out[1]).toContain('the endpoint answered 500');
    out = [];
    expect(await run('webhooks', 'dead', '--json')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject([{ id: 1, state: 'dead', attempts: 1 }]);
    expect(await run('webhooks', 'lost')).toBe(2);
    expect(err[0]).toContain('use one of pending, delivered, dead');
  });

  it('retries a dead delivery under the same webhook-id, and says when there is none', async () => {
    expect(await run('webhooks', 'retry', '1')).toBe(0);
    expect(out[0]).toContain(
      'sent again now to https://hooks.example.com/zap, with the same webhook-id',
    );
    expect(await store.listWebhooks({ limit: 5, state: 'pending' })).toHaveLength(2);
    expect(await run('webhooks', 'retry', '99')).toBe(1);
    expect(err[0]).toBe('No webhook delivery 99.');
    expect(await run('webhooks', 'retry')).toBe(2);
  });

  it('does not send a delivered message again: the proxy keeps only its id and hash', async () => {
    const [second] = await store.claimWebhooks(HOOK, 'test', 30_000, NOW, 1);
    if (!second) throw new Error('claimed');
    await store.finishWebhook(second.lease, { kind: 'delivered', at: NOW, status: 204 });
    expect(await run('webhooks', 'retry', '2')).toBe(1);
    expect(err[0]).toContain('was delivered: the endpoint has it');
    expect(await run('webhooks', 'delivered', '--json')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject([
      { id: 2, state: 'delivered', bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });
});
