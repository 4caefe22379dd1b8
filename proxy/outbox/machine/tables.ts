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
