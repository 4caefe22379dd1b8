/**
 * Every lead's mailbox key, for the leads stored before every lead was given one (issue 78):
 * until then only a routed lead kept the keyed hash of its sender's mailbox, so an enquiry sent
 * after routing was turned on was found to repeat an earlier one by its telephone number but
 * never by its email address. A step of both schemas' histories gives each lead without a key
 * the key intake now stores every lead with (`../mailbox.ts`), keyed by the outbox's
 * `receipt_secret`; an outbox holding leads but no such secret (one last started before receipts)
 * is given it here, as `../stored-secret.ts` would at the next start.
 */
import { mailboxKey } from '../mailbox.ts';
import { newSecret } from '../stored-secret.ts';
import { all, one, run, type Dialect, type Migration, type Plan } from './plan.ts';

/** Leads read at a time: the step holds one batch of addresses in memory, never the outbox's. */
const BATCH = 500;

/** The receipts' secret, made now when the outbox has none. */
function* receiptSecret(): Plan<string> {
  yield* run(
    `INSERT INTO settings (name, value) VALUES ('receipt_secret', @secret)
     ON CONFLICT (name) DO NOTHING`,
    { secret: newSecret() },
  );
  const row = yield* one<{ value: string }>(
    "SELECT value FROM settings WHERE name = 'receipt_secret'",
  );
  if (!row) throw new Error('the outbox kept no receipt_secret');
  return row.value;
}

/** Each lead without a mailbox key given the one its email address makes, in order of id. */
function* keyEveryMailbox(d: Dialect): Plan<void> {
  let secret: string | undefined;
  let after = 0;
  for (;;) {
    const leads = yield* all<{ id: number; email: string | null }>(
      `SELECT id, ${d.jsonText('upstream', 'email')} AS email FROM submissions
       WHERE mailbox_key IS NULL AND id > @after ORDER BY id LIMIT ${String(BATCH)}`,
      { after },
    );
    const last = leads.at(-1);
    if (!last) return;
    secret ??= yield* receiptSecret();
    for (const lead of leads) {
      const key = mailboxKey(secret, lead.email ?? '');
      if (key)
        yield* run('UPDATE submissions SET mailbox_key = @key WHERE id = @id', {
          key,
          id: lead.id,
        });
    }
    after = last.id;
  }
}

/** The schemas' step (`sqlite/schema.ts`, `postgres/schema.ts`). */
export const mailboxKeysForEveryLead: Migration = {
  name: 'submissions.mailbox_key for every lead',
  plan: keyEveryMailbox,
};
