/**
 * A person's rights over what the outbox holds of them (UK and EU data protection): find every
 * submission, notification, webhook message and audit entry about one email address or
 * telephone number (by the indexes on both), and erase one submission with everything that
 * copies it. Written once for both databases; the files' bytes are the driver's to drop.
 *
 * Erasure is safe during delivery: deleting the row ends every lease on it, so the deliverer's
 * next write finds no row under its fencing token and stops (`LeaseLostError`), never writing
 * the submission back.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { QueuedNotification } from '../notification.ts';
import type { SubmissionRow } from '../rows.ts';
import type { Submission } from '../submission.ts';
import type { WebhookDelivery } from '../webhook.ts';
import { recordAudit, type AuditEntry, type AuditRecord } from './audit.ts';
import { queueCalendarWrite } from './calendar-writes.ts';
import { emailExpression } from './leads.ts';
import { notifications } from './notifications.ts';
import { all, run, type Dialect, type Plan } from './plan.ts';
import { reads } from './reads.ts';
import { settingOnce } from './settings.ts';
import { askedNumber, phoneKeyExpression, storedTelephone } from './telephone.ts';
import { forgetWebhooksAbout, toDelivery, type WebhookRow } from './webhooks.ts';

/**
 * Whose data: an email address (matched whatever its case) or a telephone number (matched in
 * E.164; one without a country code read as `country`'s: `telephone.ts`).
 */
export type Subject = { email: string } | { telephone: string; country?: string };

/** Everything the outbox holds about one subject. */
export interface SubjectHoldings {
  submissions: Submission[];
  /** Notifications about those submissions, or naming the subject in their message. */
  notifications: QueuedNotification[];
  /** Webhook messages about those submissions (their bodies carry the enquiry, files too). */
  webhooks: WebhookDelivery[];
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
const ERASURE_SALT = 'erasure_salt';

/** A field's value as text ('' when it is not text). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** `text` as a LIKE pattern finding it anywhere, its wildcards taken literally (`ESCAPE '\'`). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text that names a person in a submission (its email and telephone number). */
function identifiers(submission: Submission): string[] {
  const upstream = submission.upstream as unknown as Record<string, unknown>;
  return Object.entries(upstream)
    .filter(([field]) => field === 'email' || field.startsWith('telephone'))
    .map(([, value]) => text(value).toLowerCase())
    .filter((value) => value.length >= 5);
}

/** The rights plans, in `d`'s spelling. */
export function rights(d: Dialect) {
  const { rowsWhere, withFiles, get } = reads(d);
  const { notificationsWhere, deleteNotificationsWhere } = notifications(d);
  /**
   * Notifications about `submissions` (each tied to its submission: the visitor's confirmation,
   * the firm's lead emails and calls), or naming one of them (or `also`, the address asked
   * about) in the message: an operator's alert quotes a lead without naming it. Alerts are few,
   * and every other notification goes with its submission, so the queue is searched in place.
   */
  function* notificationsAbout(
    submissions: Submission[],
    also: string[] = [],
  ): Plan<QueuedNotification[]> {
    const names = [...new Set([...submissions.flatMap(identifiers), ...also])];
    const params: Record<string, unknown> = { ids: submissions.map((s) => s.id) };
    const naming = names.map((name, n) => {
      params[`name${String(n)}`] = containing(name);
      return `LOWER(payload) LIKE @name${String(n)} ESCAPE '\\'`;
    });
    return yield* notificationsWhere(
      [d.inList('submission_id', '@ids'), ...naming].join(' OR '),
      params,
    );
  }
  /**
   * The `columns` (`upstream` among them for a number, which is matched on it) of the
   * submissions from `subject`, oldest first: found by the indexes on the address and the
   * number, never by reading every one.
   */
  function* subjectRows<Row extends Partial<Pick<SubmissionRow, 'upstream'>>>(
    subject: Subject,
    columns: string,
  ): Plan<Row[]> {
    if ('email' in subject)
      return yield* rowsWhere<Row>(columns, [`${emailExpression(d)} = @email`], {
        email: subject.email.trim().toLowerCase(),
      });
    // The index narrows by the number's last digits; the number itself is matched here.
    const asked = askedNumber(subject.telephone, subject.country);
    if (!asked) return [];
    const rows = yield* rowsWhere<Row>(columns, [d.inList(phoneKeyExpression(d), '@keys')], {
      keys: asked.keys,
    });
    return rows.filter((row) => asked.isThis(storedTelephone(row.upstream)));
  }
  /** The salt erasures are hashed with, made on first use. */
  function* salt(): Plan<string> {
    return yield* settingOnce(ERASURE_SALT, randomBytes(32).toString('hex'));
  }

  return {
    /** Everything held about `subject`, oldest first. */
    *findSubject(subject: Subject): Plan<SubjectHoldings> {
      const submissions = yield* withFiles(yield* subjectRows<SubmissionRow>(subject, '*'));
      const references = submissions.map((s) => s.reference);
      const about = (columns: string, table: string) =>
        `SELECT ${columns} FROM ${table} WHERE ${d.inList('reference', '@references')} ORDER BY id`;
      const audit = yield* all<AuditEntry>(
        about(
          `id, at, client, action, reference, COALESCE(detail, '') AS detail, person, role`,
          'audit',
        ),
        { references },
      );
      const webhooks = yield* all<WebhookRow>(about('*', 'webhook_deliveries'), { references });
      const asked = 'email' in subject ? [subject.email.trim().toLowerCase()] : [];
      return {
        submissions,
        notifications: yield* notificationsAbout(submissions, asked),
        audit,
        webhooks: webhooks.map(toDelivery),
      };
    },
    /** The references of the submissions from `subject`, oldest first: nothing else is read. */
    *subjectReferences(subject: Subject): Plan<string[]> {
      const rows = yield* subjectRows<Pick<SubmissionRow, 'reference'> & Partial<SubmissionRow>>(
        subject,
        'email' in subject ? 'reference' : 'reference, upstream',
      );
      return rows.map((row) => row.reference);
    },
    /**
     * Deletes one submission, its files' rows, its idempotency keys, its calls booked and every
     * notification about it, and the link of any later lead that repeats it, and records the erasure by a
     * salted hash of the subject's email only. One not yet delivered is kept unless `force`d.
     */
    *erase(
      reference: string,
      force: boolean,
      at: number,
      client: string,
      who: Pick<AuditRecord, 'person' | 'role'> = {},
    ): Plan<ErasureOutcome> {
      const submission = yield* get(reference);
      if (!submission) return { kind: 'not_found' };
      if (!force && !['delivered', 'spam'].includes(submission.state))
        return { kind: 'needs_force', submission };
      const notifications = (yield* notificationsAbout([submission])).map((n) => n.id);
      if (notifications.length > 0)
        yield* deleteNotificationsWhere(d.inList('id', '@ids'), { ids: notifications });
      yield* run('DELETE FROM idempotency_keys WHERE submission_id = @id', { id: submission.id });
      yield* run('DELETE FROM files WHERE submission_id = @id', { id: submission.id });
      yield* run('DELETE FROM submissions WHERE id = @id', { id: submission.id });
      // A later lead from the same person no longer names it: the link goes with the lead.
      yield* run('UPDATE submissions SET repeat_of = NULL WHERE repeat_of = @reference', {
        reference,
      });
      // After the submission, whose row `queueWebhooks` locks against deletion: a message queued while
      // this runs is committed by now, and none is queued once the submission is gone.
      yield* forgetWebhooksAbout(reference);
      // Its calls hold the visitor's name and details: they go too, freeing their hosts' time,
      // and their events leave the hosts' own calendars.
      const calls = yield* all<{ uid: string; host: string; sequence: number }>(
        `SELECT uid, host, sequence FROM bookings WHERE reference = @reference AND state = 'booked'`,
        { reference },
      );
      for (const call of calls)
        yield* queueCalendarWrite({ ...call, action: 'remove', sequence: call.sequence + 1 }, at);
      yield* run('DELETE FROM bookings WHERE reference = @reference', { reference });
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
        ...who,
      });
      return { kind: 'erased', submission, notifications: notifications.length };
    },
  };
}
