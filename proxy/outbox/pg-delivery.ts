/**
 * Claims and delivery steps in the PostgreSQL outbox, after graphile-worker and pg-boss: a
 * worker claims due rows with `FOR UPDATE SKIP LOCKED` in one short statement that sets a lease
 * and bumps the fencing token, makes its HTTP calls outside any transaction, and records each
 * step only if its token still holds (`LeaseLostError` otherwise). Instances never wait on each
 * other's rows, and an instance that dies loses its leases when they run out.
 */
import type pg from 'pg';
import { inTransaction, type Queryable } from './pg-access.ts';
import {
  LeaseLostError,
  stepName,
  type Claimed,
  type Finish,
  type Lease,
  type OutboxStore,
} from './store.ts';
import type { Submission } from './submission.ts';

const CLAIMABLE = `state = 'queued' AND (lease_until IS NULL OR lease_until <= $1)`;
const UNLEASED = 'lease_owner = NULL, lease_until = NULL, pending_step = NULL';

type DeliveryMethods = Pick<
  OutboxStore,
  | 'claim'
  | 'claimDue'
  | 'startStep'
  | 'recordCreated'
  | 'recordUploaded'
  | 'recordUploadFailed'
  | 'recordUnknownOutcome'
  | 'finish'
  | 'deadLetter'
>;

/**
 * An update of the held submission (`$1` id, `$2` token, then `extra`): changes nothing and
 * throws `LeaseLostError` once a newer claim holds it.
 */
async function held(db: Queryable, set: string, owned: Lease, extra: unknown[] = []) {
  const { rowCount } = await db.query(
    `UPDATE submissions SET ${set} WHERE id = $1 AND lease_token = $2`,
    [owned.id, owned.token, ...extra],
  );
  if (rowCount === 0) throw new LeaseLostError(owned);
}

/** Each way an attempt ends, as the `SET` it writes (`$3` onwards: the finish's values). */
const ENDS: { [K in Finish['kind']]: [string, (f: Extract<Finish, { kind: K }>) => unknown[]] } = {
  // Partly delivered while a refused file is left that nobody chose to skip.
  delivered: [
    `state = CASE WHEN EXISTS (SELECT 1 FROM files WHERE submission_id = $1
       AND failed_reason IS NOT NULL AND skipped = 0) THEN 'partial' ELSE 'delivered' END,
     delivered_at = $3, attempts = attempts + 1, last_error = NULL, ${UNLEASED}`,
    (f) => [f.at],
  ],
  retry: [
    `attempts = attempts + 1, next_attempt_at = $3, last_error = $4, ${UNLEASED}`,
    (f) => [f.at, f.error],
  ],
  release: [`next_attempt_at = $3, ${UNLEASED}`, (f) => [f.at]],
  abandon: ['next_attempt_at = $3, lease_owner = NULL, lease_until = NULL', (f) => [f.at]],
  pause: [
    `next_attempt_at = $3, retry_from = GREATEST(retry_from, $3), last_error = $4, ${UNLEASED}`,
    (f) => [f.resumeAt, f.reason],
  ],
};

/** The delivery half of the PostgreSQL store: `claim` to `deadLetter`. */
export function pgDelivery(
  pool: pg.Pool,
  submissionById: (db: Queryable, id: number) => Promise<Submission>,
): DeliveryMethods {
  const withSubmissions = async (rows: { id: number; token: number }[]): Promise<Claimed[]> =>
    Promise.all(
      rows.map(async ({ id, token }) => ({
        submission: await submissionById(pool, id),
        lease: { id, token },
      })),
    );

  return {
    async claim(id, owner, leaseMs, now) {
      const { rows } = await pool.query<{ id: number; token: number }>(
        `UPDATE submissions SET lease_owner = $2, lease_until = $3, lease_token = lease_token + 1
         WHERE id = $4 AND ${CLAIMABLE} RETURNING id, lease_token AS token`,
        [now, owner, now + leaseMs, id],
      );
      return (await withSubmissions(rows))[0] ?? null;
    },
    async claimDue(owner, leaseMs, now, limit) {
      // Rows another instance is claiming at this moment are skipped, not waited for.
      const { rows } = await pool.query<{ id: number; token: number }>(
        `WITH due AS (
           SELECT id FROM submissions WHERE ${CLAIMABLE} AND next_attempt_at <= $1
           ORDER BY next_attempt_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
         UPDATE submissions SET lease_owner = $2, lease_until = $3, lease_token = lease_token + 1
         FROM due WHERE submissions.id = due.id RETURNING submissions.id, lease_token AS token`,
        [now, owner, now + leaseMs, limit],
      );
      return withSubmissions(rows.sort((a, b) => a.id - b.id));
    },
    startStep: (owned, step, leaseUntil) =>
      held(pool, 'pending_step = $3, lease_until = $4', owned, [stepName(step), leaseUntil]),
    recordCreated: (owned, enquiryId) =>
      held(
        pool,
        `enquiry_id = COALESCE(enquiry_id, $3), possible_duplicate = (unknown_creates > 0)::integer,
         pending_step = NULL`,
        owned,
        [enquiryId],
      ),
    recordUploaded: (owned, index, attachmentId) =>
      inTransaction(pool, async (db) => {
        await held(db, 'pending_step = NULL', owned);
        await db.query(
          'UPDATE files SET attachment_id = $3 WHERE submission_id = $1 AND idx = $2',
          [owned.id, index, attachmentId],
        );
      }),
    recordUploadFailed: (owned, index, reason) =>
      inTransaction(pool, async (db) => {
        await held(db, 'pending_step = NULL', owned);
        await db.query(
          'UPDATE files SET failed_reason = $3 WHERE submission_id = $1 AND idx = $2',
          [owned.id, index, reason],
        );
      }),
    recordUnknownOutcome: (owned, step) =>
      held(
        pool,
        step === 'create'
          ? 'unknown_creates = unknown_creates + 1'
          : 'unknown_uploads = unknown_uploads + 1',
        owned,
      ),
    finish: (owned, outcome) =>
      inTransaction(pool, async (db) => {
        const [set, values] = ENDS[outcome.kind] as [string, (f: Finish) => unknown[]];
        await held(db, set, owned, values(outcome));
        // The platform has the files now; the rows keep their names, sizes and hashes. A
        // refused file stays (the firm must get it another way) unless an operator skipped it.
        if (outcome.kind === 'delivered')
          await db.query(
            `DELETE FROM file_chunks c USING files f
             WHERE c.submission_id = $1 AND f.submission_id = c.submission_id AND f.idx = c.idx
               AND (f.failed_reason IS NULL OR f.skipped = 1)`,
            [owned.id],
          );
      }),
    deadLetter: (owned, reason, at) =>
      held(
        pool,
        `state = 'dead', note = $3, dead_at = $4, attempts = attempts + 1, ${UNLEASED}`,
        owned,
        [reason, at],
      ),
  };
}
