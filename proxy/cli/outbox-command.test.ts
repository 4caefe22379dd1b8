/**
 * `npm run outbox`: listing leads, one lead's report, retrying, purging and counting, on the
 * three leads of `test/fixtures/outbox-cli.ts`. Partly delivered leads and export are in
 * `outbox-command-files.test.ts`, webhook deliveries in `outbox-command-webhooks.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxStore } from '../outbox/store.ts';
import { leaseOf, sampleSubmission } from '../test/fixtures/outbox.ts';
import { LIST_PAGE } from './lead-commands.ts';
import { runOutboxCommand } from './outbox-command.ts';
import { NOW, seededOutboxCli } from '../test/fixtures/outbox-cli.ts';

const cli = seededOutboxCli();

describe('npm run outbox', () => {
  it('lists submissions with their state, progress and why they wait', async () => {
    expect(await cli.run('list')).toBe(0);
    expect(cli.out).toHaveLength(3);
    expect(cli.out[0]).toMatch(
      /^EQ-AAAA-0001 {2}delivered .* {2}Ada Lovelace {2}conveyancing {2}enquiry 1001 {2}files 0\/2 {2}attempts 1$/,
    );
    expect(cli.out[1]).toContain('(the platform refused the create (400): parameter forename)');
    expect(cli.out[2]).toContain('next in 30 s  (enquiry API answered 503 on create)');
  });

  it('lists every submission oldest first when there are more than one page of them', async () => {
    const more = Array.from({ length: LIST_PAGE * 2 }, (_, n) =>
      sampleSubmission({
        reference: `EQ-MORE-${String(n).padStart(4, '0')}`,
        receivedAt: NOW - 60_000 + n,
      }),
    );
    for (const submission of more) await cli.store.accept(submission);
    expect(await cli.run('list', 'queued')).toBe(0);
    expect(cli.out.map((l) => l.split(' ')[0])).toEqual([
      'EQ-AAAA-0003',
      ...more.map((s) => s.reference),
    ]);
  });

  it('prints each page of leads before it reads the next, the JSON as one array', async () => {
    for (let n = 0; n < LIST_PAGE + 5; n++)
      await cli.store.accept(
        sampleSubmission({ reference: `EQ-PAGE-${String(n).padStart(4, '0')}` }),
      );
    const printedAtRead: number[] = [];
    const paging = {
      ...cli.store,
      leadPage: (filter: Parameters<OutboxStore['leadPage']>[0]) => {
        printedAtRead.push(cli.out.length);
        return cli.store.leadPage(filter);
      },
    };
    const io = {
      out: (l: string) => cli.out.push(l),
      err: (l: string) => cli.err.push(l),
      now: () => NOW,
    };
    expect(await runOutboxCommand(['list', 'queued'], paging, io)).toBe(0);
    expect(printedAtRead).toEqual([0, LIST_PAGE]);
    expect(cli.out).toHaveLength(LIST_PAGE + 6);
    cli.out = [];
    expect(await runOutboxCommand(['list', 'queued', '--json'], paging, io)).toBe(0);
    const printed = cli.out.join('\n');
    const listed = JSON.parse(printed) as { reference: string }[];
    expect(listed.map((s) => s.reference).slice(0, 2)).toEqual(['EQ-AAAA-0003', 'EQ-PAGE-0000']);
    expect(printed).toBe(JSON.stringify(listed, null, 2));
    cli.out = [];
    await cli.run('list', 'spam', '--json');
    expect(cli.out).toEqual(['[]']);
  });

  it('lists one state, or JSON for scripts', async () => {
    await cli.run('list', 'dead');
    expect(cli.out).toHaveLength(1);
    cli.out = [];
    await cli.run('list', 'queued', '--json');
    expect(JSON.parse(cli.out.join('\n'))).toMatchObject([
      { reference: 'EQ-AAAA-0003', state: 'queued', attempts: 1 },
    ]);
    expect(await cli.run('list', 'lost')).toBe(2);
    expect(cli.err[0]).toBe(
      'Unknown state "lost": use one of queued, delivered, partial, dead, spam.',
    );
  });

  it('shows one submission as a report: ISO times, each step named with its outcome, why it died', async () => {
    expect(await cli.run('show', 'EQ-AAAA-0002')).toBe(0);
    expect(cli.out.slice(0, 4)).toEqual([
      'EQ-AAAA-0002: dead',
      'Received:     2027-03-27T10:00:00Z',
      'Attempts:     1',
      'Why dead:     the platform refused the create (400): parameter forename',
    ]);
    expect(cli.out).toEqual(
      expect.arrayContaining([
        'Steps:',
        '  1. create the enquiry: not sent',
        '  2. upload plan.pdf (file 0, application/pdf, 2009 bytes): not sent',
        '  Name: Ada Lovelace',
        '  Case type: conveyancing',
        'Notifications: none',
      ]),
    );
    expect(cli.out.join('\n')).not.toMatch(/\b1\d{12}\b/); // no epoch milliseconds anywhere
  });

  it('shows JSON for scripts with --json: every time ISO, the steps named, no file bytes', async () => {
    expect(await cli.run('show', 'EQ-AAAA-0002', '--json')).toBe(0);
    const shown = JSON.parse(cli.out.join('\n')) as Record<string, unknown>;
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
    await cli.run('retry', 'EQ-AAAA-0002');
    const submission = await cli.store.get('EQ-AAAA-0002');
    const lease = await leaseOf(cli.store, submission?.id ?? 0, NOW);
    await cli.store.recordCreated(lease, 1003, NOW);
    await cli.store.finish(lease, { kind: 'delivered', at: NOW });
    cli.out = [];
    await cli.run('list', 'delivered');
    const line = cli.out.find((l) => l.startsWith('EQ-AAAA-0002')) ?? '';
    expect(line).toContain('enquiry 1003');
    expect(line).not.toContain('refused the create');
  });

  it('retries a dead submission now, and explains why a delivered one cannot be', async () => {
    expect(await cli.run('retry', 'EQ-AAAA-0002')).toBe(0);
    expect(cli.out[0]).toBe(
      'EQ-AAAA-0002 is queued and will be sent within moments by the running proxy.',
    );
    expect(await cli.store.get('EQ-AAAA-0002')).toMatchObject({
      state: 'queued',
      attempts: 0,
      nextAttemptAt: NOW,
    });
    expect(await cli.run('retry', 'EQ-AAAA-0001')).toBe(1);
    expect(cli.err[0]).toBe('EQ-AAAA-0001 is already delivered (enquiry 1001).');
    expect(await cli.run('retry', 'EQ-NOPE-NOPE')).toBe(1);
    expect(cli.err[1]).toBe('No submission has the reference EQ-NOPE-NOPE.');
  });

  it('purges delivered submissions, optionally only old ones', async () => {
    await cli.run('purge-delivered', '--older-than-days', '5');
    expect(cli.out[0]).toBe('Deleted 0 delivered submissions.');
    await cli.run('purge-delivered', '--older-than-days', '2');
    expect(cli.out[1]).toBe('Deleted 1 delivered submission.');
    expect(await cli.run('purge-delivered', '--older-than-days', 'soon')).toBe(2);
  });

  it('counts, and explains its usage for an unknown command', async () => {
    await cli.run('counts');
    expect(cli.out[0]).toBe(
      'queued 1, delivered 1, partly delivered 0, dead 1, spam 0, oldest queued 60 s, possible duplicates 0 enquiries and 0 files',
    );
    expect(await cli.run('frobnicate')).toBe(2);
    expect(cli.err[0]).toMatch(
      /^Unknown command "frobnicate"\.\n\nUsage: npm run outbox -- <command>/,
    );
  });
});

describe('purge-dead', () => {
  it('deletes only the dead letters the firm was told of', async () => {
    expect(await cli.run('purge-dead')).toBe(0);
    expect(cli.out.at(-1)).toBe('Deleted 0 dead submissions.');
    await cli.store.queueNotifications(
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
    const [telling] = await cli.store.dueNotifications(NOW, 10);
    await cli.store.finishNotification(telling?.id ?? 0, { kind: 'sent', at: NOW });
    expect(await cli.run('purge-dead')).toBe(0);
    expect(cli.out.at(-1)).toBe('Deleted 1 dead submission.');
    expect(await cli.store.get('EQ-AAAA-0002')).toBeNull();
  });
});
