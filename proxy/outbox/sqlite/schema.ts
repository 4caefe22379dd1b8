/**
 * The outbox's SQLite schema and how a database file is opened. Migrations are numbered by
 * `PRAGMA user_version`, so an older file is brought up to date on start.
 */
import { createHash } from 'node:crypto';
import { chmodSync } from 'node:fs';
import Database from 'better-sqlite3';
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
import { sqliteDialect, sqliteRunner } from './driver.ts';
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

const TYPES = tables.COLUMN_TYPES.sqlite;

/** The schema's history, one step a version (`PRAGMA user_version`); a step once shipped never changes. */
export const MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE submissions (
     id INTEGER PRIMARY KEY,
     reference TEXT NOT NULL UNIQUE,
     state TEXT NOT NULL CHECK (state IN ('queued', 'delivered', 'dead', 'spam')),
     upstream TEXT NOT NULL,
     enquiry_id INTEGER,
     attempts INTEGER NOT NULL DEFAULT 0,
     unknown_creates INTEGER NOT NULL DEFAULT 0,
     unknown_uploads INTEGER NOT NULL DEFAULT 0,
     possible_duplicate INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     lease_owner TEXT,
     lease_until INTEGER,
     pending_step TEXT,
     last_error TEXT,
     note TEXT,
     received_at INTEGER NOT NULL,
     retry_from INTEGER NOT NULL,
     delivered_at INTEGER,
     dead_at INTEGER
   );
   CREATE INDEX submissions_due ON submissions (state, next_attempt_at);
   CREATE TABLE files (
     ${tables.fileColumns(TYPES)},
     blob TEXT NOT NULL,
     attachment_id INTEGER,
     PRIMARY KEY (submission_id, idx)
   );
   CREATE TABLE idempotency_keys (
     key TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     submission_id INTEGER NOT NULL,
     status INTEGER,
     body TEXT,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
   CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Fencing: every claim takes a new token, and writes about a delivery name the token they hold.
  `ALTER TABLE submissions ADD COLUMN lease_token INTEGER NOT NULL DEFAULT 0;`,
  // Partly delivered submissions (a refused file), refused and skipped files, spent form tokens.
  // SQLite cannot change a CHECK constraint in place: the table is rebuilt, as its documentation
  // describes (new table, copy, drop, rename), with foreign keys off around the transaction.
  `CREATE TABLE submissions_new (
     id INTEGER PRIMARY KEY,
     reference TEXT NOT NULL UNIQUE,
     state TEXT NOT NULL CHECK (state IN ('queued', 'delivered', 'partial', 'dead', 'spam')),
     upstream TEXT NOT NULL,
     enquiry_id INTEGER,
     attempts INTEGER NOT NULL DEFAULT 0,
     unknown_creates INTEGER NOT NULL DEFAULT 0,
     unknown_uploads INTEGER NOT NULL DEFAULT 0,
     possible_duplicate INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     lease_owner TEXT,
     lease_until INTEGER,
     pending_step TEXT,
     last_error TEXT,
     note TEXT,
     received_at INTEGER NOT NULL,
     retry_from INTEGER NOT NULL,
     delivered_at INTEGER,
     dead_at INTEGER,
     lease_token INTEGER NOT NULL DEFAULT 0
   );
   INSERT INTO submissions_new SELECT id, reference, state, upstream, enquiry_id, attempts,
     unknown_creates, unknown_uploads, possible_duplicate, next_attempt_at, lease_owner,
     lease_until, pending_step, last_error, note, received_at, retry_from, delivered_at, dead_at,
     lease_token FROM submissions;
   DROP TABLE submissions;
   ALTER TABLE submissions_new RENAME TO submissions;
   CREATE INDEX submissions_due ON submissions (state, next_attempt_at);
   ALTER TABLE files ADD COLUMN failed_reason TEXT;
   ALTER TABLE files ADD COLUMN skipped INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE spent_form_tokens (token TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
   CREATE INDEX spent_form_tokens_expiry ON spent_form_tokens (expires_at);`,
  // Notifications: the firm told of dead and partly delivered leads, operators of alerts.
  `ALTER TABLE submissions ADD COLUMN notified_at INTEGER;
   ${tables.notificationsTable(TYPES)}
   CREATE INDEX notifications_due ON notifications (state, next_attempt_at);
   CREATE INDEX notifications_reference ON notifications (reference);`,
  // The audit log of operators' actions (the console, the CLI).
  firmTables.auditTable(TYPES),
  // The console's list: newest first by state, an email address found by its index.
  `CREATE INDEX submissions_state ON submissions (state, id);
   ${tables.leadIndexes(sqliteDialect)}`,
  // Receipts (kept after retention, no personal data) and the confirmation email's quota.
  firmTables.receiptTables(TYPES),
  // The funnel's counters (docs/funnel.md): sums per day, case type, campaign and variant.
  firmTables.funnelTables(TYPES),
  // Signed webhooks to the firm's other tools (WEBHOOK_ENDPOINTS).
  tables.webhookDeliveriesTable(TYPES),
  // A person found by their telephone number (`subject`, `erase`) without reading every lead.
  tables.subjectIndexes(sqliteDialect),
  // The console's search by a name's start and its overview, from indexes (issue 30).
  tables.leadSearchIndexes(sqliteDialect),
  // When each delivery step happened, shown with the step (issue 30).
  tables.stepTimeColumns(TYPES),
  // The widget's files of earlier builds, for pages that loaded before a deploy.
  firmTables.widgetFilesTable(TYPES),
  // Notifications tied to their submission: retention and erasure take them with it (issue 46).
  tables.notificationSubmission(TYPES),
  // What became of a receipt's enquiry: caught as spam, released by an operator (issue 46).
  firmTables.receiptOutcomes(TYPES),
  // A delivered webhook message keeps its id, hash and outcome, not its body (issue 46).
  tables.webhookBodyHashes(TYPES, sqliteDialect),
  // The funnel read a page of cells at a time, in the order of their keys (issue 46).
  firmTables.funnelCellIndexes,
  // Files sent ahead of their enquiry (tus, issue 42).
  uploadsTable(TYPES, false),
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
  firmTables.editorRole.sqlite,
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
  tables.nameIndexesWithoutState(sqliteDialect),
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
  // When each call got its time, and its latest reminder before it (issue 88).
  reminderColumns(TYPES),
  // Unfinished enquiries kept with their visitor's say-so, and their counts in the funnel (issue 87).
  unfinishedTables(TYPES),
  // Which provider's meeting each call asks its host's calendar for, until its link is read (issue 88).
  meetingProviderColumn(TYPES),
];

/** Applies one step of `MIGRATIONS` to `db` (inside the caller's transaction). */
export function applyMigration(db: Database.Database, step: Migration): void {
  if (typeof step === 'string') db.exec(step);
  else sqliteRunner(db)(step.plan(sqliteDialect));
}

/**
 * Opens (creating if needed) an outbox database. `:memory:` gives a private in-memory one.
 *
 * WAL with `synchronous = FULL`: each commit is on disk before the visitor is answered, so an
 * accepted submission survives a crash or power cut; readers never block the writer. (The
 * proxy's own store keeps that promise with the WAL flushed in the background instead:
 * `group-commit.ts`.)
 */
export function openOutboxDatabase(path: string): Database.Database {
  const db = new Database(path);
  // Private to the proxy's user (the WAL and shared-memory files take the same mode).
  if (path !== ':memory:') chmodSync(path, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // A deleted row's bytes are overwritten, not left in free pages: an erased person's data is
  // gone from the file, not merely unreachable (see `machine/rights.ts`).
  db.pragma('secure_delete = ON');
  // Temporary tables, sorts and statement journals in memory, not in TMPDIR: that is the
  // converters' scratch space, which a hostile upload can fill, and a full TMPDIR must not fail
  // an intake (SQLite rolls the whole group commit back when one statement cannot spill).
  db.pragma('temp_store = MEMORY');
  // `Dialect.sha256Hex`: what a webhook message sent is remembered by once its body is dropped.
  db.function('sha256_hex', { deterministic: true }, (text) =>
    createHash('sha256').update(String(text)).digest('hex'),
  );
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `the outbox at ${path} is from a newer version (schema ${version}); upgrade the proxy`,
    );
  }
  // Off while migrating (a table rebuild drops a referenced table); it is a no-op inside a
  // transaction, so it is set around it, and the keys are checked before it goes back on.
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    MIGRATIONS.slice(version).forEach((step) => {
      applyMigration(db, step);
    });
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error(`the outbox at ${path} has broken references`);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
  db.pragma('foreign_keys = ON');
  return db;
}
