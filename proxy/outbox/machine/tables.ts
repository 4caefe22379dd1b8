/**
 * The tables both databases hold, described once: each schema's migrations (`sqlite/schema.ts`,
 * `postgres/schema.ts`) write them in their own column types. Times are epoch milliseconds,
 * flags 0/1 integers, in both. Here are the column types and what holds a visitor's enquiry: the
 * submissions' files and indexes, and the notifications and webhook messages about them; the
 * firm's own tables are `firm-tables.ts`, the uploads' are `uploads.ts`.
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

/**
 * When the outbox recorded the create, beside when its answer came: apart when the outbox could
 * not take the record at once (the lead's timeline shows both).
 */
export const createRecordedColumn = (t: ColumnTypes) =>
  `ALTER TABLE submissions ADD COLUMN enquiry_recorded_at ${t.big};`;

/**
 * Whether a lead's last attempt had no answer within the timeout (the platform hung on it): it
 * is retried in a share of the delivery places only (`delivery/deliverer.ts`).
 */
export const timedOutColumn = (t: ColumnTypes) =>
  `ALTER TABLE submissions ADD COLUMN timed_out ${t.integer} NOT NULL DEFAULT 0;`;

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
 * A lead's routing (`lead-routing.ts`): its team and why, the person it was given to, the
 * earlier lead it repeats, and the keyed hash of its sender's mailbox a later lead is matched by
 * (a number is matched by `submissions_telephone`). Partial indexes: a form without routing adds
 * nothing to them.
 */
export const routingColumns = (t: ColumnTypes) =>
  `ALTER TABLE submissions ADD COLUMN routed_to ${t.text};
   ALTER TABLE submissions ADD COLUMN route_reason ${t.text};
   ALTER TABLE submissions ADD COLUMN assigned_to ${t.text};
   ALTER TABLE submissions ADD COLUMN repeat_of ${t.text};
   ALTER TABLE submissions ADD COLUMN mailbox_key ${t.text};
   CREATE INDEX submissions_mailbox_key ON submissions (mailbox_key, received_at)
     WHERE mailbox_key IS NOT NULL;
   CREATE INDEX submissions_repeat_of ON submissions (repeat_of) WHERE repeat_of IS NOT NULL;
   CREATE INDEX submissions_team_state ON submissions (routed_to, state, received_at)
     WHERE routed_to IS NOT NULL;
   CREATE INDEX submissions_team_received ON submissions (routed_to, received_at)
     WHERE routed_to IS NOT NULL;
   CREATE INDEX submissions_team_delivered ON submissions (routed_to, delivered_at)
     WHERE routed_to IS NOT NULL;`;

/**
 * A lead's team's label as it was when the lead was routed: its page names the team so after a
 * later version renames it; and the leads with no team (from before the form routed leads), which
 * one team's overview counts by their state (issue 58).
 */
export const routedTeamColumns = (t: ColumnTypes) =>
  `ALTER TABLE submissions ADD COLUMN team_label ${t.text};
   CREATE INDEX submissions_undecided ON submissions (state) WHERE routed_to IS NULL;`;

/**
 * The visitor's own name of a file converted as it arrived (`IMG_0001.heic`, stored and sent as
 * `IMG_0001.jpg`), for the console to show beside the conversion (issue 60); NULL otherwise.
 */
export const originalNameColumn = (t: ColumnTypes) =>
  `ALTER TABLE files ADD COLUMN original_name ${t.text};`;

/**
 * The name indexes again, without the state in front (issue 61): an index that holds the state
 * is rewritten at every change of state, and these two work out their keys from the enquiry's
 * JSON each time, so every delivery paid for a name that had not changed. A search within one
 * state now reads the row of each name that matches to check its state.
 */
export const nameIndexesWithoutState = (d: Dialect) => {
  const [name, surname] = nameKeys(d);
  return `DROP INDEX submissions_name;
   DROP INDEX submissions_surname;
   CREATE INDEX submissions_name ON submissions (${String(name)}, id);
   CREATE INDEX submissions_surname ON submissions (${String(surname)}, id);`;
};
