/**
 * The table of unfinished enquiries (issue 87, `docs/unfinished.md`), described once for both
 * schemas, and the funnel's two counts of them.
 *
 * `unfinished`: one row per record. While `state` is `kept` it holds what the visitor typed
 * (`fields`, `marketing`), the address and the number's last digits it is found by, the consent
 * given and the reminder asked for. Unticked (`erased`) or taken over by its enquiry (`finished`),
 * every column holding the visitor's data is NULL: the row keeps only its id, the hashes of its
 * secrets, its last `seq`, the funnel cell it was counted in and, once finished, the enquiry's
 * reference, until `expires_at`, so that a keep arriving late cannot bring it back and the
 * enquiry's webhook can say which record it finished.
 */
import type { ColumnTypes } from './tables.ts';

/** The columns that hold what the visitor typed, consented to or asked for: NULL once it ends. */
export const VISITOR_COLUMNS = [
  'lang',
  'fields',
  'marketing',
  'email',
  'phone_key',
  'case_type',
  'campaign',
  'statement',
  'consented_at',
  'remind_statement',
  'remind_consented_at',
  'remind_at',
  'page',
  'form_session',
] as const;

/** The `unfinished` table and its indexes; the funnel's counts of kept and finished records. */
export const unfinishedTables = (t: ColumnTypes) => `CREATE TABLE unfinished (
     id ${t.text} PRIMARY KEY,
     secret_hash ${t.text} NOT NULL,
     link_secret_hash ${t.text},
     seq ${t.big} NOT NULL,
     state ${t.text} NOT NULL CHECK (state IN ('kept', 'erased', 'finished')),
     form_session ${t.text},
     form_version ${t.integer},
     lang ${t.text},
     fields ${t.text},
     marketing ${t.text},
     email ${t.text},
     phone_key ${t.text},
     case_type ${t.text},
     campaign ${t.text},
     statement ${t.text},
     consented_at ${t.big},
     remind_statement ${t.text},
     remind_consented_at ${t.big},
     remind_at ${t.big},
     reminded_at ${t.big},
     page ${t.text},
     draft_id ${t.text},
     draft_email_key ${t.text},
     reference ${t.text},
     funnel_day ${t.text},
     funnel_case_type ${t.text},
     funnel_campaign ${t.text},
     funnel_variant ${t.text},
     created_at ${t.big} NOT NULL,
     updated_at ${t.big} NOT NULL,
     expires_at ${t.big} NOT NULL
   );
   CREATE INDEX unfinished_expiry ON unfinished (expires_at);
   CREATE INDEX unfinished_session ON unfinished (form_session);
   CREATE INDEX unfinished_remind ON unfinished (remind_at);
   CREATE INDEX unfinished_email ON unfinished (email);
   CREATE INDEX unfinished_phone ON unfinished (phone_key);
   CREATE INDEX unfinished_changed ON unfinished (state, updated_at, id);
   ALTER TABLE funnel_counts ADD COLUMN kept_unfinished ${t.big} NOT NULL DEFAULT 0;
   ALTER TABLE funnel_counts ADD COLUMN finished_later ${t.big} NOT NULL DEFAULT 0;`;
