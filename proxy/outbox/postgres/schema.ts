/**
 * The outbox's PostgreSQL schema, and the pool every store method uses. Migrations are
 * numbered, forward-only, each in its own transaction, recorded in `schema_migrations`, and
 * run under an advisory lock, so instances starting together migrate once and in order.
 *
 * Columns mirror the SQLite outbox (`rows.ts` maps both): times are epoch milliseconds in
 * `bigint`, flags are integers. A file's bytes live in `file_chunks`, at most 512 KiB a row, so
 * a 10 MB file is never one 10 MB parameter nor one 10 MB value in memory.
 */
import pg from 'pg';
import * as firmTables from '../machine/firm-tables.ts';
import * as tables from '../machine/tables.ts';
import {
  uploadKeyColumn,
  uploadLanguageColumn,
  uploadCheckingColumn,
  uploadsTable,
} from '../machine/uploads.ts';
import { callsNotHeldTable } from '../machine/calls-not-held.ts';
import { draftAllowancesTable } from '../machine/draft-allowances.ts';
import { draftsTable } from '../machine/drafts.ts';
import { mailboxKeysForEveryLead } from '../machine/mailbox-keys.ts';
import { firstFeedsKept, hostFeedsTable } from '../machine/host-feeds.ts';
import type { Migration } from '../machine/plan.ts';
import { execute, postgresDialect } from './driver.ts';
import {
  bookingTables,
  calendarKindsTables,
  calendarTables,
  callOutcomeColumns,
  meetingColumn,
  meetingProviderColumn,
  reminderColumns,
  visitorCallColumns,
} from '../machine/booking-tables.ts';
import { unfinishedTables } from '../machine/unfinished-tables.ts';

const TYPES = tables.COLUMN_TYPES.postgres;

/** The schema's history, one step a version (`schema_migrations`); a step once shipped never changes. */
export const MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE submissions (
     id bigserial PRIMARY KEY,
     reference text NOT NULL UNIQUE,
     state text NOT NULL CHECK (state IN ('queued', 'delivered', 'partial', 'dead', 'spam')),
     upstream text NOT NULL,
     enquiry_id bigint,
     attempts integer NOT NULL DEFAULT 0,
     unknown_creates integer NOT NULL DEFAULT 0,
     unknown_uploads integer NOT NULL DEFAULT 0,
     possible_duplicate integer NOT NULL DEFAULT 0,
     next_attempt_at bigint NOT NULL,
     lease_owner text,
     lease_until bigint,
     lease_token bigint NOT NULL DEFAULT 0,
     pending_step text,
     last_error text,
     note text,
     received_at bigint NOT NULL,
     retry_from bigint NOT NULL,
     delivered_at bigint,
     dead_at bigint,
     notified_at bigint
   );
   CREATE INDEX submissions_due ON submissions (next_attempt_at, id) WHERE state = 'queued';
   CREATE INDEX submissions_state ON submissions (state, id);
   CREATE TABLE files (
     ${tables.fileColumns(TYPES)},
     attachment_id bigint,
     failed_reason text,
     skipped integer NOT NULL DEFAULT 0,
     PRIMARY KEY (submission_id, idx)
   );
   CREATE TABLE file_chunks (
     submission_id bigint NOT NULL,
     idx integer NOT NULL,
     seq integer NOT NULL,
     bytes bytea NOT NULL,
     PRIMARY KEY (submission_id, idx, seq),
     FOREIGN KEY (submission_id, idx) REFERENCES files (submission_id, idx) ON DELETE CASCADE
   );
   -- Few rows, each up to 1 MiB, all deleted at delivery: vacuum after a handful of them, not
   -- after the default 50 rows plus 20 %, so their space is reused instead of the file growing.
   ALTER TABLE file_chunks SET (
     autovacuum_vacuum_threshold = 8, autovacuum_vacuum_scale_factor = 0.01,
     toast.autovacuum_vacuum_threshold = 8, toast.autovacuum_vacuum_scale_factor = 0.01);
   CREATE TABLE idempotency_keys (
     key text PRIMARY KEY,
     fingerprint text NOT NULL,
     submission_id bigint NOT NULL,
     status integer,
     body text,
     created_at bigint NOT NULL,
     owner text NOT NULL
   );
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
   -- Each running proxy, with the time its heartbeat says it is alive until: an in-flight key
   -- whose owner stopped beating is answered at once, not after a timeout.
   CREATE TABLE instances (owner text PRIMARY KEY, alive_until bigint NOT NULL);
   CREATE TABLE spent_form_tokens (token text PRIMARY KEY, expires_at bigint NOT NULL);
   CREATE INDEX spent_form_tokens_expiry ON spent_form_tokens (expires_at);
   CREATE TABLE settings (name text PRIMARY KEY, value text NOT NULL);
   ${tables.notificationsTable(TYPES)}
   CREATE INDEX notifications_due ON notifications (next_attempt_at, id) WHERE state = 'pending';
   CREATE INDEX notifications_reference ON notifications (reference);
   -- Token buckets of the rate limits, shared by every instance.
   CREATE TABLE rate_buckets (
     limiter text NOT NULL,
     key text NOT NULL,
     tokens double precision NOT NULL,
     updated_at bigint NOT NULL,
     allowed boolean NOT NULL,
     PRIMARY KEY (limiter, key)
   );`,
  // The audit log of operators' actions (the console, the CLI).
  firmTables.auditTable(TYPES),
  // The console's list: an email address found by its index ((state, id) is there already).
  tables.leadIndexes(postgresDialect),
  // Receipts (kept after retention, no personal data) and the confirmation email's quota.
  firmTables.receiptTables(TYPES),
  // The funnel's counters (docs/funnel.md): sums per day, case type, campaign and variant.
  firmTables.funnelTables(TYPES),
  // Signed webhooks to the firm's other tools (WEBHOOK_ENDPOINTS).
  tables.webhookDeliveriesTable(TYPES),
  // A person found by their telephone number (`subject`, `erase`) without reading every lead.
  tables.subjectIndexes(postgresDialect),
  // The console's search by a name's start and its overview, from indexes (issue 30).
  tables.leadSearchIndexes(postgresDialect),
  // When each delivery step happened, shown with the step (issue 30).
  tables.stepTimeColumns(TYPES),
  // The widget's files of earlier builds, for pages that loaded before a deploy.
  firmTables.widgetFilesTable(TYPES),
  // Notifications tied to their submission: retention and erasure take them with it (issue 46).
  tables.notificationSubmission(TYPES),
  // What became of a receipt's enquiry: caught as spam, released by an operator (issue 46).
  firmTables.receiptOutcomes(TYPES),
  // A delivered webhook message keeps its id, hash and outcome, not its body (issue 46).
  tables.webhookBodyHashes(TYPES, postgresDialect),
  // The funnel read a page of cells at a time, in the order of their keys (issue 46).
  firmTables.funnelCellIndexes,
  // Files sent ahead of their enquiry (tus, issue 42).
  uploadsTable(TYPES, true),
  // An upload's key, which outlives a renewed form token (issue 42).
  uploadKeyColumn(TYPES),
  // The firm's people, their invitations, passkeys and console sessions (issue 43).
  firmTables.peopleTables(TYPES),
  // The language an upload's visitor reads, for its verdict's and refusals' words (issue 44).
  uploadLanguageColumn(TYPES),
  // When the outbox recorded a create, beside when its answer came (issue 59).
  tables.createRecordedColumn(TYPES),
  // A complete upload checked once, on whichever instance (issue 55).
  uploadCheckingColumn(TYPES),
  // The form's published versions and its draft, kept for every instance (issue 56).
  firmTables.formTables(TYPES),
  // The role `editor`, who may edit and publish the form (issue 56).
  firmTables.editorRole.postgres,
  // A lead's team, the person it was given to, the earlier lead it repeats (issue 58).
  tables.routingColumns(TYPES),
  // Round robins' turns and the people marked away (issue 58).
  firmTables.routingTables(TYPES),
  // Saved enquiries and the uploads each keeps (issue 57).
  draftsTable(TYPES),
  // A lead's team's label as routed (a renamed team's older leads keep theirs), and the leads
  // with no team, counted under one team's overview (issue 58).
  tables.routedTeamColumns(TYPES),
  // The visitor's name of a file converted as it arrived, for the console (issue 60).
  tables.originalNameColumn(TYPES),
  // The name indexes without the state, which every delivery changes (issue 61).
  tables.nameIndexesWithoutState(postgresDialect),
  // A saved enquiry's codes and tries, counted where it is kept: a restart gives no more (issue 74).
  draftAllowancesTable(TYPES),
  // Every lead's mailbox key, routed or not, so a repeat is found by email as by telephone (issue 78).
  mailboxKeysForEveryLead,
  // Calls booked with enquiries, and the blocks of each host's time they hold (issue 75).
  bookingTables(TYPES),
  // Hosts' own calendars, and the writes of calls' events owed to them (issue 75).
  calendarTables(TYPES),
  // Times offered, calls booked and cancelled in the funnel, each call in its enquiry's cell (issue 75).
  firmTables.funnelBookingCounts(TYPES),
  // The visitor's own time zone kept with their call, and the moves they made (issues 85, 88).
  visitorCallColumns(TYPES),
  // Whether each call took place, marked by staff, and counted in the funnel (issue 88).
  callOutcomeColumns(TYPES),
  // Whether a lead's last attempt timed out: such leads take a share of the places (issue 84).
  tables.timedOutColumn(TYPES),
  // Hosts' calendars of several kinds, what their reads came to, the firm's own connections (issue 86).
  calendarKindsTables(TYPES),
  // Each call's meeting link, a room of its own (issue 88).
  meetingColumn(TYPES),
  // Each host's feed a token of their own, replaceable; the address each had kept (issue 84).
  hostFeedsTable(TYPES),
  firstFeedsKept,
  // The calls the booking limits held back, per hour and limit, for the firm's alert (issue 84).
  callsNotHeldTable(TYPES),
  // When each rate bucket is whole again, so one with a day's window is kept that long (issue 84).
  `ALTER TABLE rate_buckets ADD COLUMN full_at bigint;
   CREATE INDEX rate_buckets_full ON rate_buckets (full_at);`,
  // When each call got its time, and its latest reminder before it (issue 88).
  reminderColumns(TYPES),
  // Unfinished enquiries kept with their visitor's say-so, and their counts in the funnel (issue 87).
  unfinishedTables(TYPES),
  // Which provider's meeting each call asks its host's calendar for, until its link is read (issue 88).
  meetingProviderColumn(TYPES),
];

/** Applies one step of `MIGRATIONS` on `client` (inside the caller's transaction). */
export async function applyMigration(client: pg.PoolClient, step: Migration): Promise<void> {
  if (typeof step === 'string') await client.query(step);
  else await execute(client, step.plan(postgresDialect));
}

/** The advisory lock key migrations hold (any constant shared by every instance). */
const MIGRATION_LOCK = 7_215_004_113;

// bigint (int8) as a JavaScript number: ids and epoch milliseconds are far below 2^53.
const INT8_OID = 20;
const defaultParser = pg.types.getTypeParser as (oid: number, format?: string) => unknown;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID ? Number : defaultParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A small pool on `url`: a few connections per instance, failing fast when the server is gone;
 * with `keepIdle`, its connections stay open however long they are idle (the records'). A
 * `purpose` names its connections in `pg_stat_activity` (`enquiry-form records`).
 */
export function createPool(
  url: string,
  max = 8,
  { keepIdle = false, purpose }: { keepIdle?: boolean; purpose?: string } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: keepIdle ? 0 : 30_000,
    application_name: purpose ? `enquiry-form ${purpose}` : 'enquiry-form',
  });
  // An idle connection the server dropped (a restart) is reported here; the pool replaces it.
  pool.on('error', () => undefined);
  // So is one dropped while checked out between two queries (a restart mid-transaction): its
  // next query fails as unavailable, where an unheard 'error' event would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Brings the database's schema up to date. Returns the versions it applied. Refuses a database
 * from a newer build (a rollback must not write a schema it does not know).
 */
export async function migrate(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)',
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length)
      throw new Error(
        `the outbox database is from a newer version (schema ${String(current)}); upgrade the proxy`,
      );
    const applied: number[] = [];
    for (const [index, step] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (version <= current) continue;
      await client.query('BEGIN');
      try {
        await applyMigration(client, step);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          version,
          Date.now(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
