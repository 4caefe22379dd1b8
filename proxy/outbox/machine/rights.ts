/**
 * A person's rights over what the outbox holds of them (UK and EU data protection): find every
 * submission, notification and audit entry about one email address or telephone number, and
 * erase one submission with everything that copies it. Written once for both databases; the
 * files' bytes are the driver's to drop.
 *
 * Erasure is safe during delivery: deleting the row ends every lease on it, so the deliverer's
 * next write finds no row under its fencing token and stops (`LeaseLostError`), never writing
 * the submission back.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { QueuedNotification } from '../notification.ts';
import { toNotification, type NotificationRow, type SubmissionRow } from '../rows.ts';
import type { Submission } from '../submission.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { all, run, type Dialect, type Plan } from './plan.ts';
import { getSetting } from './settings.ts';

/** Whose data: an email address (matched whatever its case) or a telephone number (by its digits). */
export type Subject = { email: string } | { telephone: string };

/** Everything the outbox holds about one subject. */
export interface SubjectHoldings {
  submissions: Submission[];
  /** Notifications about those submissions, or naming the subject in their message. */
  notifications: QueuedNotification[];
  /** Operators' actions on those submissions. */
  audit: AuditEntry[];
}

/** What an erasure did, or why it did not. */
export type ErasureOutcome =
  | { kind: 'not_found' }
  /** Not yet (fully) delivered: erasing loses the lead; asked again with `force`. */
  | { kind: 'needs_force'; submission: Submission }
  | { kind: 'erased'; submission: Submission; notifications: number };

/** The setting that salts the hashes an erasure is recorded by. */
export const ERASURE_SALT = 'erasure_salt';

/** A field's value as text ('' when it is not text). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A telephone number's digits; the last ten decide (so `+44 7700` and `07700` are one number). */
const phoneKey = (value: string) => {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : digits;
};

/** Whether an upstream enquiry is about `subject`. */
export function concerns(upstream: Record<string, unknown>, subject: Subject): boolean {
  if ('email' in subject)
    return text(upstream.email).trim().toLowerCase() === subject.email.trim().toLowerCase();
  const wanted = phoneKey(subject.telephone);
  return (
    wanted.length > 0 &&
    Object.entries(upstream).some(
      ([field, value]) =>
        field.startsWith('telephone') && typeof value === 'string' && phoneKey(value) === wanted,
    )
  );
}

/** The text that names a person in a submission (its email, name and telephone numbers). */
function identifiers(submission: Submission): string[] {
  const upstream = submission.upstream as unknown as Record<string, unknown>;
  return Object.entries(upstream)
    .filter(([field]) => field === 'email' || field.startsWith('telephone'))
    .map(([, value]) => text(value).toLowerCase())
    .filter((value) => value.length >= 5);
}

/** The rights plans, in `d`'s spelling, over the reads' `withFiles`. */
export function rights(
  d: Dialect,
  reads: {
    withFiles(rows: readonly SubmissionRow[]): Plan<Submission[]>;
    get(reference: string): Plan<Submission | null>;
  },
) {
  /** Notifications about `submissions`, by reference or by naming one of them in the message. */
  function* notificationsAbout(submissions: Submission[]): Plan<QueuedNotification[]> {
    const references = new Set(submissions.map((s) => s.reference));
    const names = submissions.flatMap(identifiers);
    const rows = yield* all<NotificationRow>('SELECT * FROM notifications ORDER BY id');
    return rows
      .filter(
        (row) =>
          (row.reference !== null && references.has(row.reference)) ||
          names.some((name) => row.payload.toLowerCase().includes(name)),
      )
      .map(toNotification);
  }
  /** The salt erasures are hashed with, made on first use. */
  function* salt(): Plan<string> {
    yield* run(
      `INSERT INTO settings (name, value) VALUES (@name, @value) ON CONFLICT (name) DO NOTHING`,
      { name: ERASURE_SALT, value: randomBytes(32).toString('hex') },
    );
    return (yield* getSetting(ERASURE_SALT)) as string;
  }

  return {
    /** Everything held about `subject`, oldest first. */
    *findSubject(subject: Subject): Plan<SubjectHoldings> {
      const rows = yield* all<SubmissionRow>('SELECT * FROM submissions ORDER BY id');
      const matching = rows.filter((row) =>
        concerns(JSON.parse(row.upstream) as Record<string, unknown>, subject),
      );
      const submissions = yield* reads.withFiles(matching);
      const references = submissions.map((s) => s.reference);
      const audit =
        references.length === 0
          ? []
          : yield* all<AuditEntry>(
              `SELECT id, at, client, action, reference, COALESCE(detail, '') AS detail FROM audit
               WHERE ${d.inList('reference', '@references')} ORDER BY id`,
              { references },
            );
      return { submissions, notifications: yield* notificationsAbout(submissions), audit };
    },
    /**
     * Deletes one submission, its files' rows, its idempotency keys and every notification
     * about it, and records the erasure by a salted hash of the subject's email only. One not
     * yet delivered is kept unless `force`d.
     */
    *erase(reference: string, force: boolean, at: number, client: string): Plan<ErasureOutcome> {
      const submission = yield* reads.get(reference);
      if (!submission) return { kind: 'not_found' };
      if (!force && !['delivered', 'spam'].includes(submission.state))
        return { kind: 'needs_force', submission };
      const notifications = (yield* notificationsAbout([submission])).map((n) => n.id);
      if (notifications.length > 0)
        yield* run(`DELETE FROM notifications WHERE ${d.inList('id', '@ids')}`, {
          ids: notifications,
        });
      yield* run('DELETE FROM idempotency_keys WHERE submission_id = @id', { id: submission.id });
      yield* run('DELETE FROM files WHERE submission_id = @id', { id: submission.id });
      yield* run('DELETE FROM webhook_deliveries WHERE reference = @reference', { reference });
      yield* run('DELETE FROM submissions WHERE id = @id', { id: submission.id });
      // Its id is never given again (`Dialect.newSubmissionId`): a lease still naming it stays stale.
      yield* run(
        `INSERT INTO settings (name, value) VALUES ('submission_id_floor', @floor)
         ON CONFLICT (name) DO UPDATE SET value = ${d.greatest('CAST(settings.value AS BIGINT)', 'CAST(excluded.value AS BIGINT)')}`,
        { floor: String(submission.id) },
      );
      const hash = createHash('sha256')
        .update(yield* salt())
        .update(submission.upstream.email.trim().toLowerCase())
        .digest('hex');
      yield* recordAudit({
        at,
        client,
        action: 'erase',
        reference: null,
        detail: `subject sha256:${hash}, was ${submission.state}`,
      });
      return { kind: 'erased', submission, notifications: notifications.length };
    },
  };
}
