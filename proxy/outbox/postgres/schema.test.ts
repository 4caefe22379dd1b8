/**
 * The PostgreSQL schema's migrations on a database an earlier version left: what they change in
 * the rows already there (the contract suite proves the schema a fresh database gets).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { missing } from '../../test/fixtures/postgres-server.ts';
import { usePostgresServer } from '../../test/fixtures/use-postgres-server.ts';
import {
  adasKey,
  GRACE_KEY,
  keysOf,
  repeatByEmail,
  unkeyedLeads,
} from '../../test/fixtures/unkeyed-leads.ts';
import {
  expiresAfterMigration,
  TODAYS_ROWS,
  UNFINISHED_MIGRATION,
} from '../../test/fixtures/unfinished-migration.ts';
import { applyMigration, createPool, migrate, MIGRATIONS } from './schema.ts';
import { openPostgresOutbox } from './store.ts';

/** Why this machine cannot run the suite (no PostgreSQL), or undefined: it is then skipped. */
const absent = missing();
const postgres = usePostgresServer();

/** A new database brought to the version before the migration whose SQL contains `marker`. */
async function databaseBefore(marker: string) {
  const url = await postgres().createDatabase();
  const version = MIGRATIONS.findIndex((step) =>
    (typeof step === 'string' ? step : step.name).includes(marker),
  );
  const pool = createPool(url, 1);
  const client = await pool.connect();
  try {
    await client.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)',
    );
    for (const [index, step] of MIGRATIONS.slice(0, version).entries()) {
      await applyMigration(client, step);
      await client.query('INSERT INTO schema_migrations VALUES ($1, 0)', [index + 1]);
    }
  } finally {
    client.release();
    await pool.end();
  }
  return url;
}

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

/** A pool on a database that held what `statements` wrote when the migration marked `marker` ran. */
async function migratedWith(marker: string, statements: readonly string[]) {
  const pool = createPool(await databaseBefore(marker), 1);
  pools.push(pool);
  for (const sql of statements) await pool.query(sql);
  await migrate(pool);
  return pool;
}

describe.skipIf(absent)('the PostgreSQL outbox schema', () => {
  it('ties an older outbox’s notifications to their submissions, and drops those retention left behind', async () => {
    const pool = await migratedWith('notifications_submission', [
      `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
       VALUES ('EQ-KEPT', 'delivered', '{}', 5, 5, 5)`,
      `INSERT INTO notifications (key, channel, kind, reference, payload, created_at, next_attempt_at)
       VALUES ('confirmation:EQ-KEPT', 'email', 'confirmation', 'EQ-KEPT', '{"to":"ada@example.com"}', 5, 5),
         ('confirmation:EQ-GONE', 'email', 'confirmation', 'EQ-GONE', '{"to":"grace@example.com"}', 5, 5),
         ('alert.stuck:5:email', 'email', 'alert.stuck', NULL, '{}', 5, 5)`,
    ]);
    const keys = async () =>
      (
        await pool.query<{ key: string; tied: boolean }>(
          'SELECT key, submission_id IS NOT NULL AS tied FROM notifications ORDER BY id',
        )
      ).rows;
    expect(await keys()).toEqual([
      { key: 'confirmation:EQ-KEPT', tied: true },
      { key: 'alert.stuck:5:email', tied: false },
    ]);
    await pool.query(`DELETE FROM submissions WHERE reference = 'EQ-KEPT'`);
    expect(await keys()).toEqual([{ key: 'alert.stuck:5:email', tied: false }]);
  });

  it('marks the receipts of spam an older outbox holds as caught by the bot checks', async () => {
    const pool = await migratedWith('caught_as', [
      `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
       VALUES ('EQ-SPAM', 'spam', '{}', 5, 5, 5), ('EQ-PERSON', 'delivered', '{}', 5, 5, 5)`,
      `INSERT INTO receipts (code, reference, received_at, digest)
       VALUES ('C-SPAM', 'EQ-SPAM', 5, 'd'), ('C-PERSON', 'EQ-PERSON', 5, 'd')`,
    ]);
    const { rows } = await pool.query('SELECT code, caught_as FROM receipts ORDER BY code');
    expect(rows).toEqual([
      { code: 'C-PERSON', caught_as: null },
      { code: 'C-SPAM', caught_as: 'caught by the bot checks' },
    ]);
  });

  it('drops the bodies of the webhook messages an older outbox delivered, keeping what they hashed to', async () => {
    const pool = await migratedWith('body_sha256', [
      `INSERT INTO webhook_deliveries (message_id, endpoint, event, reference, body, created_at, state, next_attempt_at)
       VALUES ('msg_sent', 'https://hooks.example/a', 'enquiry.received', 'EQ-1', '{"name":"Zoë"}', 5, 'delivered', 5),
         ('msg_due', 'https://hooks.example/a', 'enquiry.delivered', 'EQ-1', '{"state":"delivered"}', 5, 'pending', 5)`,
    ]);
    const { rows } = await pool.query(
      'SELECT message_id, body, body_sha256 FROM webhook_deliveries ORDER BY id',
    );
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(rows).toEqual([
      { message_id: 'msg_sent', body: '', body_sha256: sha256('{"name":"Zoë"}') },
      {
        message_id: 'msg_due',
        body: '{"state":"delivered"}',
        body_sha256: sha256('{"state":"delivered"}'),
      },
    ]);
  });

  it('gives every lead an older outbox holds its mailbox key, so a repeat by email is found (#78)', async () => {
    const url = await databaseBefore('mailbox_key for every lead');
    const pool = createPool(url, 1);
    pools.push(pool);
    for (const sql of unkeyedLeads()) await pool.query(sql);
    const store = await openPostgresOutbox(url, { poolSize: 2 });
    try {
      const { rows } = await pool.query<{ reference: string; mailbox_key: string | null }>(
        'SELECT reference, mailbox_key FROM submissions',
      );
      expect(keysOf(rows)).toEqual({
        'EQ-ADA': adasKey(),
        'EQ-NO-EMAIL': null,
        'EQ-GRACE': GRACE_KEY,
      });
      expect(await repeatByEmail(store)).toBe('EQ-ADA');
    } finally {
      await store.close();
    }
  });

  it('makes the receipts’ secret an older outbox never had, and keys its leads with it', async () => {
    const pool = await migratedWith('mailbox_key for every lead', unkeyedLeads(false));
    const secret = (
      await pool.query<{ value: string }>(
        "SELECT value FROM settings WHERE name = 'receipt_secret'",
      )
    ).rows[0]?.value;
    expect(secret).toMatch(/^[\w-]{43}$/);
    const { rows } = await pool.query<{ mailbox_key: string }>(
      "SELECT mailbox_key FROM submissions WHERE reference = 'EQ-ADA'",
    );
    expect(rows[0]?.mailbox_key).toBe(adasKey(secret));
  });

  it('keeps unfinished enquiries in an outbox of today, each gone keepDays after its last change (#87)', async () => {
    const url = await databaseBefore(UNFINISHED_MIGRATION);
    const pool = createPool(url, 1);
    pools.push(pool);
    for (const sql of TODAYS_ROWS) await pool.query(sql);
    const store = await openPostgresOutbox(url, { poolSize: 2 });
    try {
      await expiresAfterMigration(store);
    } finally {
      await store.close();
    }
    // Gone, not hidden: no row of it is left in the table.
    const { rows } = await pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM unfinished');
    expect(rows).toEqual([{ n: 0 }]);
  });
});
