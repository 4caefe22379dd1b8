import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { runOutboxCommand } from './outbox-command.ts';
import { draftSecrets } from '../intake/drafts/draft-secrets.ts';
import { storedSecret } from '../outbox/stored-secret.ts';

const NOW = Date.UTC(2027, 2, 27, 12, 0, 0);
let store: OutboxStore;
let out: string[];

const run = (...args: string[]) =>
  runOutboxCommand(args, store, {
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    now: () => NOW,
  });

beforeEach(async () => {
  store = openSqliteOutbox(':memory:');
  out = [];
  await stored(store, sampleSubmission({ reference: 'EQ-ADA-1' }));
  // What a signed webhook told the firm's CRM about her: the enquiry itself.
  await store.queueWebhooks([
    {
      messageId: 'msg_1',
      endpoint: 'https://crm.example/hooks',
      event: 'enquiry.received',
      reference: 'EQ-ADA-1',
      body: JSON.stringify({
        type: 'enquiry.received',
        data: { reference: 'EQ-ADA-1', enquiry: { surname: 'Lovelace', email: 'ada@example.com' } },
      }),
      at: NOW,
    },
  ]);
});
afterEach(async () => {
  await store.close();
});

describe('a person’s data from the command line', () => {
  it('erases everything from an address, naming the submissions by reference alone', async () => {
    await stored(store, sampleSubmission({ reference: 'EQ-ADA-2', receivedAt: 2_000 }));
    const byReference = {
      ...store,
      findSubject: () => Promise.reject(new Error('erase read what is held about her')),
    };
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), now: () => NOW };
    expect(
      await runOutboxCommand(['erase', '--email', 'ada@example.com', '--force'], byReference, io),
    ).toBe(0);
    expect(out.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'Erased EQ-ADA-1',
      'Erased EQ-ADA-2',
    ]);
    expect((await store.findSubject({ email: 'ada@example.com' })).submissions).toEqual([]);
  });

  it('lists the webhook messages about a person beside their submissions', async () => {
    expect(await run('subject', 'ADA@example.com')).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(/^submission EQ-ADA-1 {2}queued .* Ada Lovelace {2}files: plan\.pdf/),
      'webhook 1  enquiry.received to https://crm.example/hooks  pending  EQ-ADA-1',
    ]);
  });

  it('exports the webhook messages about a person, bodies and all, for a subject access request', async () => {
    const to = mkdtempSync(join(tmpdir(), 'subject-export-'));
    expect(await run('subject-export', 'ada@example.com', '--to', to)).toBe(0);
    expect(readdirSync(to).sort()).toEqual(['EQ-ADA-1', 'manifest.json']);
    const manifest = JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8')) as {
      webhooks: { event: string; endpoint: string; body: { data: { enquiry: unknown } } }[];
    };
    expect(manifest.webhooks).toEqual([
      expect.objectContaining({
        event: 'enquiry.received',
        endpoint: 'https://crm.example/hooks',
        body: expect.objectContaining({
          data: expect.objectContaining({
            enquiry: { surname: 'Lovelace', email: 'ada@example.com' },
          }),
        }),
      }),
    ]);
  });

  it('exports a Londoner’s data only, never that of a number in Maine ending in the same digits', async () => {
    const withNumber = (reference: string, email: string, telephone: string) =>
      sampleSubmission({
        reference,
        upstream: { ...sampleSubmission().upstream, email, telephone_mobile: telephone },
      });
    await stored(store, withNumber('EQ-LONDON', 'london@example.com', '020 7946 0958'));
    await stored(store, withNumber('EQ-MAINE', 'maine@example.com', '+1 207 946 0958'));
    const to = mkdtempSync(join(tmpdir(), 'subject-export-'));
    expect(await run('subject-export', '--to', to, '+44 20 7946 0958')).toBe(0);
    expect(readdirSync(to).sort()).toEqual(['EQ-LONDON', 'manifest.json']);
    expect(readFileSync(join(to, 'manifest.json'), 'utf8')).not.toContain('maine');
    out = [];
    expect(await run('subject', '+1 207 946 0958')).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^submission EQ-MAINE /)]);
  });

  it('reads a number without its country code in the country named, or the form’s, and asks for one otherwise', async () => {
    const london = sampleSubmission({
      reference: 'EQ-LONDON',
      upstream: { ...sampleSubmission().upstream, telephone_mobile: '+44 20 7946 0958' },
    });
    await stored(store, london);
    expect(await run('subject', '020 7946 0958')).toBe(2);
    expect(out).toEqual([
      'Write the number with its country code, like +44 20 7946 0958, or name the country it belongs to, like --country GB.',
    ]);
    out = [];
    expect(await run('subject', '--country', 'GB', '020 7946 0958')).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^submission EQ-LONDON /)]);
    out = [];
    const withFormCountry = await runOutboxCommand(['subject', '020 7946 0958'], store, {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      now: () => NOW,
      phoneCountry: 'GB',
    });
    expect(withFormCountry).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^submission EQ-LONDON /)]);
    expect(await run('subject', '--country', 'XX', '020 7946 0958')).toBe(2);
  });
});

describe('a person’s saved enquiries from the command line', () => {
  /** A draft saved for `email`, as the draft routes save one, keeping one upload `u-<id>`. */
  async function draftFor(email: string, id: string) {
    const secrets = draftSecrets(await storedSecret(store, 'draft_secret'));
    const bytes = Buffer.from('%PDF-1.7 payslip');
    await store.createUpload({
      id: `u-${id}`,
      session: 's',
      key_hash: `k-${id}`,
      client: '203.0.113.1',
      filename: 'payslip.pdf',
      filetype: 'application/pdf',
      length: bytes.byteLength,
      created_at: NOW,
      expires_at: NOW + 86_400_000,
    });
    await store.appendUpload(
      { id: `u-${id}`, length: bytes.byteLength },
      0,
      (async function* () {
        yield bytes;
      })(),
    );
    await store.recordUploadVerdict(`u-${id}`, 'h', 'pdf', '{"status":"accepted","kind":"pdf"}');
    await store.saveDraft({
      id,
      fresh: true,
      subject: secrets.subjectOf(email),
      writeHash: 'w',
      ciphertext: 'sealed',
      now: NOW,
      expiresAt: NOW + 7 * 86_400_000,
      uploads: [{ id: `u-${id}`, keyHash: `k-${id}` }],
      releasedUntil: NOW,
      email: {
        notification: {
          key: `${secrets.emailKeyOf(id)}link`,
          channel: 'email',
          kind: 'draft.link',
          payload: { to: email },
          at: NOW,
        },
        quotas: [],
      },
    });
  }

  it('lists them by the mailbox however the address is written, and erases them with their files', async () => {
    await draftFor('ada@example.com', 'd'.repeat(32));
    await draftFor('bea@example.com', 'b'.repeat(32));
    expect(await run('subject', 'Ada+later@Example.com')).toBe(0);
    expect(out.at(-1)).toBe(
      'saved enquiry (encrypted)  saved 2027-03-27T12:00:00Z  kept until 2027-04-03T12:00:00Z  files: 1',
    );
    out = [];
    expect(await run('erase', '--email', 'ada@example.com', '--force')).toBe(0);
    expect(out[0]).toBe('Erased 1 saved enquiry(ies) with 1 file(s).');
    expect(await store.findUpload(`u-${'d'.repeat(32)}`, NOW)).toBeUndefined();
    expect(await store.findUpload(`u-${'b'.repeat(32)}`, NOW)).toBeDefined();
    expect((await store.findSubject({ email: 'ada@example.com' })).notifications).toEqual([]);
    out = [];
    expect(await run('subject', 'ada@example.com')).toBe(0);
    expect(out.some((line) => line.startsWith('saved enquiry'))).toBe(false);
  });
});

describe('a person’s unfinished enquiries from the command line (issue 87)', () => {
  /** A record kept for `email`, as POST /api/unfinished keeps one once its box is ticked. */
  const keepFor = (email: string, id: string) =>
    store.keepUnfinished({
      id,
      secretHash: `secret-${id}`,
      seq: 1,
      now: NOW,
      expiresAt: NOW + 7 * 86_400_000,
      formSession: `session-${id}`,
      formVersion: null,
      lang: 'en',
      fields: {
        forename: 'Ada',
        surname: 'Lovelace',
        email,
        telephone_mobile: '',
        case_type: 'conveyancing',
        answers: { notes: 'A flat in Islington' },
      },
      marketing: { lead_referer: '', campaign: 'spring', keywords: '', detail: '' },
      email: email.toLowerCase(),
      phoneKey: '',
      statement: 'Keep what I have typed so that the firm can help if I do not finish',
      reminder: null,
      page: null,
    });

  it('lists, exports and erases them with the address, leaving another person’s', async () => {
    await keepFor('ada@example.com', 'a'.repeat(32));
    await keepFor('bea@example.com', 'b'.repeat(32));
    expect(await run('subject', 'ada@example.com')).toBe(0);
    expect(out.at(-1)).toBe(
      `unfinished enquiry ${'a'.repeat(32)}  changed 2027-03-27T12:00:00Z  kept until 2027-04-03T12:00:00Z  conveyancing`,
    );
    out = [];
    expect(await run('subject', 'ada@example.com', '--json')).toBe(0);
    const held = JSON.parse(out.join('\n')) as { unfinished: unknown[] };
    expect(held.unfinished).toEqual([
      expect.objectContaining({
        id: 'a'.repeat(32),
        answers: { notes: 'A flat in Islington' },
        consent: {
          statement: 'Keep what I have typed so that the firm can help if I do not finish',
          at: '2027-03-27T12:00:00Z',
        },
      }),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'subject-unfinished-'));
    expect(await run('subject-export', 'ada@example.com', '--to', dir)).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      unfinished: { id: string }[];
    };
    expect(manifest.unfinished.map((record) => record.id)).toEqual(['a'.repeat(32)]);
    out = [];
    expect(await run('erase', '--email', 'ada@example.com', '--force')).toBe(0);
    expect(out[0]).toBe('Erased 1 unfinished enquiry(ies).');
    expect(await store.unfinishedOf({ email: 'ada@example.com' })).toEqual([]);
    expect(await store.unfinishedRecord('b'.repeat(32))).not.toBeNull();
    out = [];
    expect(await run('subject', 'ada@example.com')).toBe(0);
    expect(out.some((line) => line.startsWith('unfinished'))).toBe(false);
  });
});
