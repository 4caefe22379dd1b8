import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adasKey,
  GRACE_KEY,
  keysOf,
  RECEIPT_SECRET,
  repeatByEmail,
  unkeyedLeads,
} from '../../test/fixtures/unkeyed-leads.ts';
import {
  expiresAfterMigration,
  TODAYS_ROWS,
  UNFINISHED_MIGRATION,
} from '../../test/fixtures/unfinished-migration.ts';
import type { Migration } from '../machine/plan.ts';
import { openSqliteOutbox } from './store.ts';
import { applyMigration, MIGRATIONS, openOutboxDatabase } from './schema.ts';

const freshPath = () => join(mkdtempSync(join(tmpdir(), 'outbox-schema-')), 'outbox.sqlite');

/** Every table and index as SQLite keeps it, with whitespace made uniform. */
const schemaOf = (db: Database.Database) =>
  (
    db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all() as {
      sql: string | null;
    }[]
  ).map((row) => ({ ...row, sql: row.sql?.replace(/\s+/g, ' ') }));

/** The place in `MIGRATIONS` of the step whose SQL (or name) contains `marker`. */
const stepWith = (marker: string) =>
  MIGRATIONS.findIndex((step: Migration) =>
    (typeof step === 'string' ? step : step.name).includes(marker),
  );

/** An outbox file at the version before the migration whose SQL contains `marker`. */
function outboxBefore(marker: string) {
  const path = freshPath();
  const old = new Database(path);
  // As `openOutboxDatabase` gives every connection it, for the migrations that use it.
  old.function('sha256_hex', { deterministic: true }, (text) =>
    createHash('sha256').update(String(text)).digest('hex'),
  );
  const version = stepWith(marker);
  MIGRATIONS.slice(0, version).forEach((step) => {
    applyMigration(old, step);
  });
  old.pragma(`user_version = ${String(version)}`);
  return { path, old };
}

describe('the SQLite outbox schema', () => {
  it.each([1, 2, 3])(
    'brings an outbox left at schema %i up to date, keeping its submissions',
    (version) => {
      const path = freshPath();
      const old = new Database(path);
      MIGRATIONS.slice(0, version).forEach((step) => {
        applyMigration(old, step);
      });
      old.pragma(`user_version = ${String(version)}`);
      old
        .prepare(
          `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
           VALUES ('EQ-OLD-0001', 'queued', '{}', 5, 5, 5)`,
        )
        .run();
      old.close();

      const migrated = openOutboxDatabase(path);
      const fresh = openOutboxDatabase(freshPath());
      expect(migrated.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(schemaOf(migrated)).toEqual(schemaOf(fresh));
      expect(migrated.prepare('SELECT reference, state FROM submissions').all()).toEqual([
        { reference: 'EQ-OLD-0001', state: 'queued' },
      ]);
      migrated.close();
      fresh.close();
    },
  );

  it('ties an older outbox’s notifications to their submissions, and drops those retention left behind', () => {
    const { path, old } = outboxBefore('notifications_submission');
    old.exec(
      `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
       VALUES ('EQ-KEPT', 'delivered', '{}', 5, 5, 5);
       INSERT INTO notifications (key, channel, kind, reference, payload, created_at, next_attempt_at)
       VALUES ('confirmation:EQ-KEPT', 'email', 'confirmation', 'EQ-KEPT', '{"to":"ada@example.com"}', 5, 5),
         ('confirmation:EQ-GONE', 'email', 'confirmation', 'EQ-GONE', '{"to":"grace@example.com"}', 5, 5),
         ('alert.stuck:5:email', 'email', 'alert.stuck', NULL, '{}', 5, 5);`,
    );
    old.close();

    const migrated = openOutboxDatabase(path);
    const keys = () =>
      migrated.prepare('SELECT key, submission_id FROM notifications ORDER BY id').all();
    expect(keys()).toEqual([
      { key: 'confirmation:EQ-KEPT', submission_id: 1 },
      { key: 'alert.stuck:5:email', submission_id: null },
    ]);
    migrated.prepare("DELETE FROM submissions WHERE reference = 'EQ-KEPT'").run();
    expect(keys()).toEqual([{ key: 'alert.stuck:5:email', submission_id: null }]);
    migrated.close();
  });

  it('marks the receipts of spam an older outbox holds as caught by the bot checks', () => {
    const { path, old } = outboxBefore('caught_as');
    old.exec(
      `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
       VALUES ('EQ-SPAM', 'spam', '{}', 5, 5, 5), ('EQ-PERSON', 'delivered', '{}', 5, 5, 5);
       INSERT INTO receipts (code, reference, received_at, digest)
       VALUES ('C-SPAM', 'EQ-SPAM', 5, 'd'), ('C-PERSON', 'EQ-PERSON', 5, 'd');`,
    );
    old.close();
    const migrated = openOutboxDatabase(path);
    expect(migrated.prepare('SELECT code, caught_as FROM receipts ORDER BY code').all()).toEqual([
      { code: 'C-PERSON', caught_as: null },
      { code: 'C-SPAM', caught_as: 'caught by the bot checks' },
    ]);
    migrated.close();
  });

  it('drops the bodies of the webhook messages an older outbox delivered, keeping what they hashed to', () => {
    const { path, old } = outboxBefore('body_sha256');
    old.exec(
      `INSERT INTO webhook_deliveries (message_id, endpoint, event, reference, body, created_at, state, next_attempt_at)
       VALUES ('msg_sent', 'https://hooks.example/a', 'enquiry.received', 'EQ-1', '{"files":"JVBERi0x"}', 5, 'delivered', 5),
         ('msg_due', 'https://hooks.example/a', 'enquiry.delivered', 'EQ-1', '{"state":"delivered"}', 5, 'pending', 5);`,
    );
    old.close();
    const migrated = openOutboxDatabase(path);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(
      migrated
        .prepare('SELECT message_id, body, body_sha256 FROM webhook_deliveries ORDER BY id')
        .all(),
    ).toEqual([
      { message_id: 'msg_sent', body: '', body_sha256: sha256('{"files":"JVBERi0x"}') },
      {
        message_id: 'msg_due',
        body: '{"state":"delivered"}',
        body_sha256: sha256('{"state":"delivered"}'),
      },
    ]);
    migrated.close();
  });

  it('lets an older outbox’s people be editors, keeping their passkeys, sessions and invitations', () => {
    const { path, old } = outboxBefore('people_new');
    old.exec(
      `INSERT INTO people (id, email, name, role, created_at) VALUES (7, 'ann@firm.example', 'Ann', 'staff', 1);
       INSERT INTO passkeys (credential_id, person_id, public_key, counter, transports, created_at)
         VALUES ('cred', 7, 'key', 0, '[]', 1);
       INSERT INTO invitations (token_sha256, person_id, expires_at) VALUES ('hash', 7, 9);
       INSERT INTO console_sessions (id_sha256, person_id, via, created_at, expires_at)
         VALUES ('session', 7, 'passkey', 1, 9);`,
    );
    expect(() => old.exec(`UPDATE people SET role = 'editor' WHERE id = 7`)).toThrow(/CHECK/);
    old.close();
    const migrated = openOutboxDatabase(path);
    migrated.exec(`UPDATE people SET role = 'editor' WHERE id = 7`);
    expect(migrated.prepare('SELECT email, role FROM people').all()).toEqual([
      { email: 'ann@firm.example', role: 'editor' },
    ]);
    // Removing the person still takes their passkey, invitation and session with them.
    migrated.exec('DELETE FROM people WHERE id = 7');
    for (const table of ['passkeys', 'invitations', 'console_sessions'])
      expect(migrated.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
    expect(() =>
      migrated.exec(`INSERT INTO people (email, role, created_at) VALUES ('x', 'boss', 1)`),
    ).toThrow(/CHECK/);
    migrated.close();
  });

  it('gives every lead an older outbox holds its mailbox key, so a repeat by email is found (#78)', async () => {
    const { path, old } = outboxBefore('mailbox_key for every lead');
    for (const sql of unkeyedLeads()) old.exec(sql);
    old.close();
    const migrated = openOutboxDatabase(path);
    const rows = migrated.prepare('SELECT reference, mailbox_key FROM submissions').all();
    expect(keysOf(rows as never)).toEqual({
      'EQ-ADA': adasKey(),
      'EQ-NO-EMAIL': null,
      'EQ-GRACE': GRACE_KEY,
    });
    migrated.close();
    const store = openSqliteOutbox(path);
    try {
      expect(await repeatByEmail(store)).toBe('EQ-ADA');
    } finally {
      await store.close();
    }
  });

  it('makes the receipts’ secret an older outbox never had, and keys its leads with it', () => {
    const { path, old } = outboxBefore('mailbox_key for every lead');
    for (const sql of unkeyedLeads(false)) old.exec(sql);
    old.close();
    const migrated = openOutboxDatabase(path);
    const secret = migrated
      .prepare("SELECT value FROM settings WHERE name = 'receipt_secret'")
      .pluck()
      .get() as string;
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(secret).not.toBe(RECEIPT_SECRET);
    const ada = migrated
      .prepare("SELECT mailbox_key FROM submissions WHERE reference = 'EQ-ADA'")
      .pluck()
      .get();
    expect(ada).toBe(adasKey(secret));
    migrated.close();
  });

  it('keeps unfinished enquiries in an outbox of today, each gone keepDays after its last change (#87)', async () => {
    const { path, old } = outboxBefore(UNFINISHED_MIGRATION);
    for (const sql of TODAYS_ROWS) old.exec(sql);
    old.close();
    const store = openSqliteOutbox(path);
    try {
      await expiresAfterMigration(store);
    } finally {
      await store.close();
    }
    // Gone, not hidden: no row of it is left in the file.
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM unfinished').get()).toEqual({ n: 0 });
    db.close();
  });
});
