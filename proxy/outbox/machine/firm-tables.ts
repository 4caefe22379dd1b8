/**
 * The tables of the firm's own keeping, described as `tables.ts` describes the submissions':
 * the widget's earlier builds, the audit log, receipts and the confirmation quota, the funnel's
 * counters, and the firm's people with their sessions. None holds a visitor's details: a receipt
 * and a funnel counter are written to outlive their enquiry, an audit entry names a submission
 * by its reference only, and the rest are the firm's and the proxy's own. That is why they stand
 * apart from the submissions and the queues about them.
 */
import type { ColumnTypes } from './tables.ts';

/** The widget's hashed files of each build a proxy ran (`machine/widget-files.ts`). */
export const widgetFilesTable = (t: ColumnTypes) => `CREATE TABLE widget_files (
     name ${t.text} PRIMARY KEY,
     body ${t.text} NOT NULL,
     current_at ${t.big} NOT NULL
   );
   CREATE INDEX widget_files_current_at ON widget_files (current_at);`;

/**
 * The audit log: what an operator did, when, from which client, to which submission. A row
 * holds no visitor data (an erasure names its subject by a salted hash only).
 */
export const auditTable = (t: ColumnTypes) => `CREATE TABLE audit (
     id ${t.serial},
     at ${t.big} NOT NULL,
     client ${t.text} NOT NULL,
     action ${t.text} NOT NULL,
     reference ${t.text},
     detail ${t.text}
   );
   CREATE INDEX audit_at ON audit (at, id);
   CREATE INDEX audit_reference ON audit (reference, at);`;

/**
 * Receipts: what proves an enquiry was received, kept after retention removed it, so it holds
 * no personal data: the reference, the time, a hash of what was stored, and the code (an HMAC of
 * the three). Confirmation quota: how many confirmations one address or client was sent in one
 * window (a day, an hour), named by a keyed hash (never the address itself) and the window, and
 * forgotten once the window is over.
 */
export const receiptTables = (t: ColumnTypes) => `CREATE TABLE receipts (
     code ${t.text} PRIMARY KEY,
     reference ${t.text} NOT NULL UNIQUE,
     received_at ${t.big} NOT NULL,
     digest ${t.text} NOT NULL
   );
   CREATE TABLE confirmation_quota (
     subject ${t.text} PRIMARY KEY,
     used ${t.integer} NOT NULL,
     until ${t.big} NOT NULL
   );
   CREATE INDEX confirmation_quota_until ON confirmation_quota (until);`;

/**
 * What became of a receipt's enquiry, so that `verify-receipt` never vouches for spam as for an
 * enquiry the firm received: why the bot checks caught it, and when an operator released it.
 * Spam held when this came in is marked with no reason (older reasons were kept with the files'
 * names, which a receipt must not hold).
 */
export const receiptOutcomes = (t: ColumnTypes) =>
  `ALTER TABLE receipts ADD COLUMN caught_as ${t.text};
   ALTER TABLE receipts ADD COLUMN released_at ${t.big};
   UPDATE receipts SET caught_as = 'caught by the bot checks'
   WHERE reference IN (SELECT reference FROM submissions WHERE state = 'spam');`;

/** The key of a funnel counter: the UTC day, the case type, the campaign and the variant. */
const funnelKey = (t: ColumnTypes) => `day ${t.text} NOT NULL,
     case_type ${t.text} NOT NULL,
     campaign ${t.text} NOT NULL,
     variant ${t.text} NOT NULL`;

/**
 * The funnel's counters (`machine/funnel.ts`): sums only, never a report, an address or a user
 * agent. `funnel_expected` holds an accepted enquiry's cell until it is delivered (then it is
 * counted and the row goes; it goes with the submission too).
 */
export const funnelTables = (t: ColumnTypes) => `CREATE TABLE funnel_counts (
     ${funnelKey(t)},
     views ${t.big} NOT NULL DEFAULT 0,
     starts ${t.big} NOT NULL DEFAULT 0,
     sends ${t.big} NOT NULL DEFAULT 0,
     delivered ${t.big} NOT NULL DEFAULT 0,
     PRIMARY KEY (day, case_type, campaign, variant)
   );
   CREATE TABLE funnel_questions (
     ${funnelKey(t)},
     question ${t.text} NOT NULL,
     shown ${t.big} NOT NULL DEFAULT 0,
     answered ${t.big} NOT NULL DEFAULT 0,
     left_at ${t.big} NOT NULL DEFAULT 0,
     PRIMARY KEY (day, case_type, campaign, variant, question)
   );
   CREATE TABLE funnel_errors (
     ${funnelKey(t)},
     question ${t.text} NOT NULL,
     code ${t.text} NOT NULL,
     met ${t.big} NOT NULL DEFAULT 0,
     PRIMARY KEY (day, case_type, campaign, variant, question, code)
   );
   CREATE TABLE funnel_expected (
     submission_id ${t.key} PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
     ${funnelKey(t)}
   );`;

/**
 * Booking in the funnel (issue 75): times offered, calls booked and calls cancelled per cell, and
 * on each booking the cell its enquiry was counted in, so that a cancel counts there too (none
 * when the enquiry was not counted: the funnel off, or no room on the disk).
 */
export const funnelBookingCounts = (t: ColumnTypes) =>
  `ALTER TABLE funnel_counts ADD COLUMN offered ${t.big} NOT NULL DEFAULT 0;
   ALTER TABLE funnel_counts ADD COLUMN booked ${t.big} NOT NULL DEFAULT 0;
   ALTER TABLE funnel_counts ADD COLUMN cancelled ${t.big} NOT NULL DEFAULT 0;
   ALTER TABLE bookings ADD COLUMN funnel_day ${t.text};
   ALTER TABLE bookings ADD COLUMN funnel_case_type ${t.text};
   ALTER TABLE bookings ADD COLUMN funnel_campaign ${t.text};
   ALTER TABLE bookings ADD COLUMN funnel_variant ${t.text};`;

/**
 * The funnel's counters in the order of their cells (their keys lead with the day): a report
 * reads a page of cells as one range of each index (`machine/funnel.ts`), however many other
 * cells the period holds.
 */
export const funnelCellIndexes = `CREATE INDEX funnel_counts_cell
     ON funnel_counts (case_type, campaign, variant, day);
   CREATE INDEX funnel_questions_cell
     ON funnel_questions (case_type, campaign, variant, question, day);
   CREATE INDEX funnel_errors_cell
     ON funnel_errors (case_type, campaign, variant, question, code, day);`;

/**
 * The firm's people (`machine/people.ts`): who may use the console and with which role, their
 * invitations (a hash of the link's token), their passkeys (public keys only) and their
 * console sessions (a hash of the cookie's secret; `person_id` null for the admin token's). Each
 * goes with its person. The audit log names the person and role of each action.
 */
export const peopleTables = (t: ColumnTypes) => `CREATE TABLE people (
     id ${t.serial},
     email ${t.text} NOT NULL UNIQUE,
     name ${t.text} NOT NULL DEFAULT '',
     role ${t.text} NOT NULL CHECK (role IN ('marketer', 'staff', 'operator')),
     created_at ${t.big} NOT NULL
   );
   CREATE TABLE invitations (
     token_sha256 ${t.text} PRIMARY KEY,
     person_id ${t.key} NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     expires_at ${t.big} NOT NULL
   );
   CREATE INDEX invitations_person ON invitations (person_id);
   CREATE TABLE passkeys (
     credential_id ${t.text} PRIMARY KEY,
     person_id ${t.key} NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     public_key ${t.text} NOT NULL,
     counter ${t.big} NOT NULL,
     transports ${t.text} NOT NULL,
     created_at ${t.big} NOT NULL
   );
   CREATE INDEX passkeys_person ON passkeys (person_id);
   CREATE TABLE console_sessions (
     id_sha256 ${t.text} PRIMARY KEY,
     person_id ${t.key} REFERENCES people (id) ON DELETE CASCADE,
     via ${t.text} NOT NULL CHECK (via IN ('token', 'passkey', 'oidc')),
     created_at ${t.big} NOT NULL,
     expires_at ${t.big} NOT NULL
   );
   CREATE INDEX console_sessions_person ON console_sessions (person_id);
   CREATE INDEX console_sessions_expires ON console_sessions (expires_at);
   ALTER TABLE audit ADD COLUMN person ${t.text};
   ALTER TABLE audit ADD COLUMN role ${t.text};`;

/**
 * The form's published versions, each kept whole and never changed (its configuration's text
 * byte for byte, the strings files it names, who published it, when and how), and its one
 * draft, a row whose revision only grows (`machine/form-versions.ts`).
 */
export const formTables = (t: ColumnTypes) => `CREATE TABLE form_versions (
     version ${t.integer} PRIMARY KEY,
     text ${t.text} NOT NULL,
     strings ${t.text} NOT NULL,
     published_at ${t.big} NOT NULL,
     published_by ${t.text} NOT NULL,
     source ${t.text} NOT NULL CHECK (source IN ('file', 'studio', 'import', 'rollback')),
     from_version ${t.integer}
   );
   CREATE TABLE form_draft (
     id ${t.integer} PRIMARY KEY CHECK (id = 1),
     text ${t.text},
     strings ${t.text},
     revision ${t.big} NOT NULL,
     based_on ${t.integer} NOT NULL,
     saved_by ${t.text} NOT NULL,
     saved_at ${t.big} NOT NULL
   );
   INSERT INTO form_draft (id, revision, based_on, saved_by, saved_at) VALUES (1, 0, 0, '', 0);`;

/** The roles a person's row may hold, `editor` among them (issue 56). */
const ROLES_WITH_EDITOR = `role IN ('marketer', 'staff', 'editor', 'operator')`;

/**
 * The role `editor` (issue 56): PostgreSQL changes the CHECK in place; SQLite cannot, so its
 * table is rebuilt as its documentation describes (new table, copy, drop, rename), with foreign
 * keys off around the migration (`sqlite/schema.ts`).
 */
export const editorRole = {
  postgres: `ALTER TABLE people DROP CONSTRAINT people_role_check;
   ALTER TABLE people ADD CONSTRAINT people_role_check CHECK (${ROLES_WITH_EDITOR});`,
  sqlite: `CREATE TABLE people_new (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL DEFAULT '',
     role TEXT NOT NULL CHECK (${ROLES_WITH_EDITOR}),
     created_at INTEGER NOT NULL
   );
   INSERT INTO people_new (id, email, name, role, created_at)
     SELECT id, email, name, role, created_at FROM people;
   DROP TABLE people;
   ALTER TABLE people_new RENAME TO people;`,
};

/**
 * Routing's own (`machine/routing.ts`): whose turn it was last in each round-robin team (one row
 * a team, taken in turn by every instance's intake), and the firm's people marked away in the
 * console, whom a round robin passes over, with when and by whom.
 */
export const routingTables = (t: ColumnTypes) => `CREATE TABLE team_turns (
     team ${t.text} PRIMARY KEY,
     last_person ${t.text} NOT NULL
   );
   CREATE TABLE people_away (
     address ${t.text} PRIMARY KEY,
     since ${t.big} NOT NULL,
     marked_by ${t.text} NOT NULL
   );`;
