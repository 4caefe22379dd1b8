/**
 * The tables both databases hold, described once: each schema's migrations (`sqlite/schema.ts`,
 * `postgres/schema.ts`) write them in their own column types. Times are epoch milliseconds,
 * flags 0/1 integers, in both.
 */

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
