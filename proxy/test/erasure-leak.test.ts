/**
 * After `erase --email`, nothing the proxy keeps still holds the person: the SQLite file and
 * its WAL byte by byte, every file in the data directory (vault, spool), and every text or
 * bytea column of every PostgreSQL table, found from information_schema (so a table added
 * later is scanned without this test knowing it).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { memorySource } from '../client/byte-source.ts';
import { runOutboxCommand } from '../cli/outbox-command.ts';
import { openPostgresOutbox } from '../outbox/postgres/store.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { webhookDelivery } from '../webhooks/messages.ts';
import { sampleSubmission } from './fixtures/outbox.ts';
import { scanDirectory as scan, scanTables as scanColumns } from './fixtures/leak-scan.ts';
import { missing } from './fixtures/postgres-server.ts';
import { usePostgresServer } from './fixtures/use-postgres-server.ts';

const EMAIL = 'ada.leak@example.com';
const SURNAME = 'Lovelacewright';
const FILE_BYTES = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]);
/** What must be found nowhere: as text, in any case, and the file's bytes. */
const NEEDLES = [
  EMAIL,
  SURNAME,
  FILE_BYTES.subarray(200, 264).toString('hex'),
  // The file as a webhook message carries it (base64 of the whole file, so aligned).
  FILE_BYTES.toString('base64').slice(400, 480),
];
/** A webhook endpoint that is sent the files too. */
const CRM = {
  url: 'https://crm.example/hooks',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  events: ['enquiry.received' as const],
  includeFiles: true,
};

/**
 * Two of Ada's submissions (one with her file and a key, a webhook message carrying both, and
 * its cell of the funnel), a dead-letter alert, Grace's.
 */
async function fill(store: OutboxStore) {
  const ada = (reference: string, email: string, key?: string) =>
    sampleSubmission({
      reference,
      idempotency: key ? { key, fingerprint: 'f' } : undefined,
      upstream: { ...sampleSubmission().upstream, email, surname: SURNAME },
      files: [
        {
          name: 'passport.pdf',
          postname: 'passport.pdf',
          mime: 'application/pdf',
          content: memorySource(FILE_BYTES),
          size: FILE_BYTES.byteLength,
          sha256: createHash('sha256').update(FILE_BYTES).digest('hex'),
        },
      ],
    });
  const first = await store.accept(ada('EQ-ADA-1', EMAIL, 'key-1'));
  if (first.kind !== 'stored') throw new Error('not stored');
  await store.queueWebhooks([
    await webhookDelivery(CRM, 'enquiry.received', first.submission, {
      store,
      filesMaxBytes: 1_000_000,
      now: 1,
    }),
  ]);
  // The funnel counts her enquiry in its cell: ids and counts only, nothing of hers.
  await store.expectDelivery(first.submission.id, {
    day: '2027-03-01',
    caseType: 'conveyancing',
    campaign: 'spring-2027',
    variant: '',
  });
  await store.saveResponse('key-1', 202, { status: 'queued', reference: 'EQ-ADA-1' });
  await store.accept(ada('EQ-ADA-2', EMAIL.toUpperCase()));
  await store.accept(
    sampleSubmission({
      reference: 'EQ-GRACE',
      files: [],
      upstream: {
        ...sampleSubmission().upstream,
        forename: 'Grace',
        surname: 'Hopper',
        email: 'grace@example.com',
      },
    }),
  );
  await store.queueNotifications([
    {
      key: 'alert:1',
      channel: 'email',
      kind: 'lead.dead',
      payload: { lead: `${SURNAME} <${EMAIL}>` },
      at: 1,
    },
  ]);
}

/** Erases everything about Ada as an operator would. */
async function eraseAda(store: OutboxStore, spoolDir?: string) {
  const err: string[] = [];
  const code = await runOutboxCommand(['erase', '--email', EMAIL, '--force'], store, {
    out: () => undefined,
    err: (line) => err.push(line),
    now: () => 10_000,
    spoolDir,
  });
  expect({ code, err }).toEqual({ code: 0, err: [] });
  expect(await store.get('EQ-GRACE')).not.toBeNull();
}

const scanDirectory = (dir: string) => scan(dir, NEEDLES);

describe('erasing a person from the SQLite outbox', () => {
  it('leaves their email, name and file bytes nowhere in the data directory, database file and WAL included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'erase-leak-'));
    const path = join(dataDir, 'outbox.sqlite');
    const spool = join(dataDir, 'incoming');
    mkdirSync(spool);
    // A request that died mid-upload left her file in the spool.
    writeFileSync(join(spool, 'left-by-a-crash.part'), FILE_BYTES);
    const store = openSqliteOutbox(path);
    await fill(store);
    expect(scanDirectory(dataDir).length).toBeGreaterThan(0);
    await eraseAda(store, spool);
    await store.close();
    expect(scanDirectory(dataDir)).toEqual([]);
  });

  it('is caught by the scan when a table it does not know of holds the email', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'erase-leak-'));
    const path = join(dataDir, 'outbox.sqlite');
    const store = openSqliteOutbox(path);
    await fill(store);
    const db = new Database(path);
    db.exec('CREATE TABLE scratch_copies (note TEXT)');
    db.prepare('INSERT INTO scratch_copies VALUES (?)').run(`copy of ${EMAIL}`);
    db.close();
    await eraseAda(store);
    await store.close();
    expect(scanDirectory(dataDir).some((hit) => hit.endsWith(EMAIL))).toBe(true);
  });
});

const absent = missing();
describe.skipIf(absent)('erasing a person from the PostgreSQL outbox', () => {
  const postgres = usePostgresServer();

  /** Every text-like or bytea column of every table in the outbox's schema, with the needles in it. */
  async function scanTables(url: string): Promise<string[]> {
    const { columns, hits } = await scanColumns(url, NEEDLES);
    expect(columns).toBeGreaterThan(10);
    return hits;
  }

  it('leaves their email, name and file bytes in no column of any table', async () => {
    const url = await postgres().createDatabase();
    const store = await openPostgresOutbox(url, { poolSize: 2 });
    try {
      await fill(store);
      expect((await scanTables(url)).length).toBeGreaterThan(0);
      await eraseAda(store);
      expect(await scanTables(url)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('is caught by the scan when a table it does not know of holds the email', async () => {
    const url = await postgres().createDatabase();
    const store = await openPostgresOutbox(url, { poolSize: 2 });
    try {
      await fill(store);
      await store.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('CREATE TABLE scratch_copies (note text)');
      await client.query('INSERT INTO scratch_copies VALUES ($1)', [`copy of ${EMAIL}`]);
      await client.end();
      const again = await openPostgresOutbox(url, { poolSize: 2 });
      await eraseAda(again);
      await again.close();
      expect(await scanTables(url)).toContain(`scratch_copies.note: ${EMAIL}`);
    } finally {
      await store.close();
    }
  });
});
