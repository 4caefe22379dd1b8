/**
 * The tables both databases hold, described once: each schema's migrations (`sqlite/schema.ts`,
 * `postgres/schema.ts`) write them in their own column types. Times are epoch milliseconds,
 * flags 0/1 integers, in both.
 */
import { emailExpression, nameKeys } from './leads.ts';
import type { Dialect } from './plan.ts';
import { phoneKeyExpression } from './telephone.ts';

/** How a database spells each kind of column. */
export interface ColumnTypes {
  /** A row id the database numbers itself. */
  serial: string;
  /** Another table's row id. */
  key: string;
  integer: string;
  /** Sizes and epoch milliseconds. */
  big: string;
  text: string;
}

/** Each database's spelling of the kinds of column. */
export const COLUMN_TYPES = {
  sqlite: {
    serial: 'INTEGER PRIMARY KEY',
    key: 'INTEGER',
    integer: 'INTEGER',
    big: 'INTEGER',
    text: 'TEXT',
  },
  postgres: {
    serial: 'bigserial PRIMARY KEY',
    key: 'bigint',
    integer: 'integer',
    big: 'bigint',
    text: 'text',
  },
} satisfies Record<string, ColumnTypes>;

/** The columns of `files` every version had: which submission, which file, what it is. */
export const fileColumns = (
  t: ColumnTypes,
) => `submission_id ${t.key} NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
     idx ${t.integer} NOT NULL,
     name ${t.text} NOT NULL,
     postname ${t.text} NOT NULL,
     mime ${t.text} NOT NULL,
     size ${t.big} NOT NULL,
     sha256 ${t.text} NOT NULL`;

/** The notification queue: one message on one channel, queued once by its key. */
export const notificationsTable = (t: ColumnTypes) => `CREATE TABLE notifications (
     id ${t.serial},
     key ${t.text} NOT NULL UNIQUE,
     channel ${t.text} NOT NULL CHECK (channel IN ('email', 'webhook')),
     kind ${t.text} NOT NULL,
     reference ${t.text},
     payload ${t.text} NOT NULL,
     created_at ${t.big} NOT NULL,
     state ${t.text} NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
     attempts ${t.integer} NOT NULL DEFAULT 0,
     next_attempt_at ${t.big} NOT NULL,
     sent_at ${t.big},
     last_error ${t.text}
   );`;

/**
 * Every notification about a submission (the visitor's confirmation, the firm's lead emails and
 * webhook calls) tied to it, so it goes with it: retention and erasure delete the submission and
 * the database deletes these with it. What an earlier version left behind (retention never
 * touched the queue) is deleted here; a notification naming no submission (an alert) stays.
 */
export const notificationSubmission = (t: ColumnTypes) =>
  `ALTER TABLE notifications ADD COLUMN submission_id ${t.key}
     REFERENCES submissions (id) ON DELETE CASCADE;
   UPDATE notifications SET submission_id =
     (SELECT s.id FROM submissions s WHERE s.reference = notifications.reference)
   WHERE reference IS NOT NULL;
   DELETE FROM notifications WHERE reference IS NOT NULL AND submission_id IS NULL;
   CREATE INDEX notifications_submission ON notifications (submission_id);`;

/**
 * The indexes the console reads leads by (`leads.ts`): an email address in any case (the same
 * expression the search uses, or the index goes unused), and the days of the chart.
 */
export const leadIndexes = (
  d: Dialect,
) => `CREATE INDEX submissions_email ON submissions (${emailExpression(d)});
   CREATE INDEX submissions_received ON submissions (received_at);
   CREATE INDEX submissions_delivered ON submissions (delivered_at);`;

/**
 * The indexes a name's start and the overview read instead of the rows: each name key after the
 * state (`leads.ts`), the oldest waiting lead, and the few possible duplicates (partial indexes:
 * they hold only the rows they count).
 */
export const leadSearchIndexes = (d: Dialect) => {
  const [name, surname] = nameKeys(d);
  return `CREATE INDEX submissions_name ON submissions (state, ${String(name)}, id);
   CREATE INDEX submissions_surname ON submissions (state, ${String(surname)}, id);
   CREATE INDEX submissions_state_received ON submissions (state, received_at);
   CREATE INDEX submissions_duplicates ON submissions (state) WHERE possible_duplicate = 1;
   CREATE INDEX submissions_duplicate_uploads ON submissions (state, unknown_uploads)
     WHERE unknown_uploads > 0;`;
};

/** When each delivery step happened: the create, and each file's upload answered. */
export const stepTimeColumns = (t: ColumnTypes) =>
  `ALTER TABLE submissions ADD COLUMN enquiry_created_at ${t.big};
   ALTER TABLE files ADD COLUMN answered_at ${t.big};`;

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
 * Webhook deliveries: one message about one submission to one endpoint, queued once per
 * endpoint, event and submission, claimed with a lease and a fencing token like a submission.
 */
export const webhookDeliveriesTable = (t: ColumnTypes) => `CREATE TABLE webhook_deliveries (
     id ${t.serial},
     message_id ${t.text} NOT NULL,
     endpoint ${t.text} NOT NULL,
     event ${t.text} NOT NULL,
     reference ${t.text} NOT NULL,
     body ${t.text} NOT NULL,
     created_at ${t.big} NOT NULL,
     state ${t.text} NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
     attempts ${t.integer} NOT NULL DEFAULT 0,
     next_attempt_at ${t.big} NOT NULL,
     lease_owner ${t.text},
     lease_until ${t.big},
     lease_token ${t.big} NOT NULL DEFAULT 0,
     last_status ${t.integer},
     last_error ${t.text},
     delivered_at ${t.big},
     dead_at ${t.big},
     UNIQUE (endpoint, event, reference)
   );
   CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint, state, next_attempt_at);
   CREATE INDEX webhook_deliveries_reference ON webhook_deliveries (reference);`;

/**
 * A webhook message's body is dropped once it is delivered (it copies the enquiry, and with
 * `includeFiles` the files, which went at delivery): what stays is its id, this SHA-256 of the
 * body sent, and its outcome. Messages delivered before this drop theirs here.
 */
export const webhookBodyHashes = (t: ColumnTypes, d: Dialect) =>
  `ALTER TABLE webhook_deliveries ADD COLUMN body_sha256 ${t.text};
   UPDATE webhook_deliveries SET body_sha256 = ${d.sha256Hex('body')};
   UPDATE webhook_deliveries SET body = '' WHERE state = 'delivered';`;

/**
 * The index a person is found by their telephone number (`findSubject` in `rights.ts`), on the
 * number's last ten digits (`telephone.ts`: it narrows, E.164 decides); by their email address,
 * `submissions_email` above serves.
 */
export const subjectIndexes = (d: Dialect) =>
  `CREATE INDEX submissions_telephone ON submissions (${phoneKeyExpression(d)});`;

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
