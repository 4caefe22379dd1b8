/**
 * Claims and delivery steps in the SQLite outbox. A claim bumps the submission's fencing token;
 * every later write names the token it was given and changes nothing (`LeaseLostError`) once a
 * newer claim holds the submission.
 */
import type Database from 'better-sqlite3';
import {
  LeaseLostError,
  stepName,
  type Claimed,
  type Finish,
  type Lease,
  type Step,
} from './store.ts';
import type { GroupWrite } from './sqlite-group-commit.ts';
import type { Submission } from './submission.ts';

/** A claim may take a queued submission nobody holds, or one whose holder's lease ran out. */
export const CLAIMABLE = `state = 'queued' AND (lease_until IS NULL OR lease_until <= @now)`;

/** Every write that ends an attempt lets go of the submission. */
export const UNLEASED = 'lease_owner = NULL, lease_until = NULL, pending_step = NULL';

const HELD = 'id = @id AND lease_token = @token';

/** The delivery half of the SQLite store: `claim` to `deadLetter`, every write a group commit. */
export function sqliteDelivery(
  db: Database.Database,
  write: GroupWrite,
  submissionById: (id: number) => Submission,
  removeDeliveredFiles: (id: number) => Promise<void>,
) {
  const lease = db.prepare(
    `UPDATE submissions SET lease_owner = @owner, lease_until = @until, lease_token = lease_token + 1
     WHERE id = @id AND ${CLAIMABLE} RETURNING lease_token AS token`,
  );
  const due = db.prepare(
    `SELECT id FROM submissions WHERE ${CLAIMABLE} AND next_attempt_at <= @now
     ORDER BY next_attempt_at, id LIMIT @limit`,
  );
  const claimOne = (id: number, owner: string, leaseMs: number, now: number): Claimed | null => {
    const row = lease.get({ id, owner, until: now + leaseMs, now }) as
      { token: number } | undefined;
    return row ? { submission: submissionById(id), lease: { id, token: row.token } } : null;
  };
  const claimDue = db.transaction((owner: string, leaseMs: number, now: number, limit: number) =>
    (due.all({ now, limit }) as { id: number }[]).flatMap(
      ({ id }) => claimOne(id, owner, leaseMs, now) ?? [],
    ),
  );

  /** A write that must find the lease still held; `extra` names more parameters. */
  const held = (sql: string) => {
    const statement = db.prepare(`UPDATE submissions SET ${sql} WHERE ${HELD}`);
    return (owned: Lease, extra: Record<string, unknown> = {}) => {
      if (statement.run({ ...extra, id: owned.id, token: owned.token }).changes === 0)
        throw new LeaseLostError(owned);
    };
  };
  const setPending = held('pending_step = @step, lease_until = @until');
  const setEnquiryId = held(
    `enquiry_id = COALESCE(enquiry_id, @enquiryId), possible_duplicate = (unknown_creates > 0), pending_step = NULL`,
  );
  const setAttachment = db.prepare(
    'UPDATE files SET attachment_id = @attachmentId WHERE submission_id = @id AND idx = @index',
  );
  const clearPending = held('pending_step = NULL');
  const recordUpload = db.transaction((owned: Lease, index: number, attachmentId: number) => {
    clearPending(owned);
    setAttachment.run({ id: owned.id, index, attachmentId });
  });
  const setFailure = db.prepare(
    'UPDATE files SET failed_reason = @reason WHERE submission_id = @id AND idx = @index',
  );
  const recordFailure = db.transaction((owned: Lease, index: number, reason: string) => {
    clearPending(owned);
    setFailure.run({ id: owned.id, index, reason });
  });
  const countUnknown = {
    create: held('unknown_creates = unknown_creates + 1'),
    upload: held('unknown_uploads = unknown_uploads + 1'),
  };
  const ends: Record<Finish['kind'], ReturnType<typeof held>> = {
    // Partly delivered while a refused file is left that nobody chose to skip.
    delivered: held(
      `state = CASE WHEN EXISTS (SELECT 1 FROM files WHERE submission_id = @id AND failed_reason IS NOT NULL AND skipped = 0)
         THEN 'partial' ELSE 'delivered' END,
       delivered_at = @at, attempts = attempts + 1, last_error = NULL, ${UNLEASED}`,
    ),
    retry: held(`attempts = attempts + 1, next_attempt_at = @at, last_error = @error, ${UNLEASED}`),
    release: held(`next_attempt_at = @at, ${UNLEASED}`),
    abandon: held('next_attempt_at = @at, lease_owner = NULL, lease_until = NULL'),
    pause: held(
      `next_attempt_at = @resumeAt, retry_from = MAX(retry_from, @resumeAt), last_error = @reason, ${UNLEASED}`,
    ),
  };
  const setDead = held(
    `state = 'dead', note = @reason, dead_at = @at, attempts = attempts + 1, ${UNLEASED}`,
  );

  return {
    claim: (id: number, owner: string, leaseMs: number, now: number) =>
      write(() => claimOne(id, owner, leaseMs, now)),
    claimDue: (owner: string, leaseMs: number, now: number, limit: number) =>
      write(() => claimDue(owner, leaseMs, now, limit)),
    startStep: (owned: Lease, step: Step, leaseUntil: number) =>
      write(() => {
        setPending(owned, { step: stepName(step), until: leaseUntil });
      }),
    recordCreated: (owned: Lease, enquiryId: number) =>
      write(() => {
        setEnquiryId(owned, { enquiryId });
      }),
    recordUploaded: (owned: Lease, index: number, attachmentId: number) =>
      write(() => {
        recordUpload(owned, index, attachmentId);
      }),
    recordUploadFailed: (owned: Lease, index: number, reason: string) =>
      write(() => {
        recordFailure(owned, index, reason);
      }),
    recordUnknownOutcome: (owned: Lease, step: Step['kind']) =>
      write(() => {
        countUnknown[step](owned);
      }),
    async finish(owned: Lease, outcome: Finish) {
      const { kind, ...values } = outcome;
      await write(() => {
        ends[kind](owned, values);
      });
      // The platform has the files now; the rows keep their names, sizes and hashes.
      if (kind === 'delivered') await removeDeliveredFiles(owned.id);
    },
    deadLetter: (owned: Lease, reason: string, at: number) =>
      write(() => {
        setDead(owned, { reason, at });
      }),
  };
}
