/**
 * Claims and delivery steps, written once for both databases. A claim sets a lease and bumps
 * the submission's fencing token in one statement (on PostgreSQL skipping rows another
 * instance is taking, after graphile-worker and pg-boss); every later write names the token it
 * was given and changes nothing (`LeaseLostError`) once a newer claim holds the submission.
 */
import { LeaseLostError, stepName, type Claimed, type Finish, type Step } from '../lease.ts';
import { toSubmission } from '../rows.ts';
import type { Lease } from '../submission.ts';
import { countDelivered } from './funnel.ts';
import { all, rowCount, run, type Dialect, type Plan } from './plan.ts';
import { reads } from './reads.ts';

/**
 * A claim may take a queued submission nobody holds; one whose holder is gone (`d.holderAlive`:
 * its lease ran out, or on PostgreSQL its instance stopped beating); or one of the claimant's
 * own whose lease ran out and that it is not running now (`@running`). A claim never takes what
 * the claimant is still running: a newer claim would fence off the running attempt's record of
 * a create the platform has answered, and the enquiry would be created again.
 */
const claimable = (d: Dialect) =>
  `state = 'queued' AND NOT ${d.inList('id', '@running')} AND (lease_until IS NULL
   OR (lease_owner = @owner AND lease_until <= @now)
   OR (lease_owner <> @owner AND NOT ${d.holderAlive}))`;

/**
 * The CTE `due` (`due_id`): up to `limit` submissions claimable and due, oldest first, at most
 * `slowLimit` of them whose last attempt timed out. Rows another instance is claiming at this
 * moment are skipped, not waited for; a row picked but left out of the `limit` is only locked
 * for the statement.
 */
function dueToClaim(d: Dialect, limit: number, slowLimit: number): string {
  const pick = (name: string, where: string, count: number) =>
    `${name} AS (SELECT id AS due_id, next_attempt_at FROM submissions
       WHERE ${claimable(d)} AND next_attempt_at <= @now${where}
       ORDER BY next_attempt_at, id LIMIT ${rowCount(count)} ${d.skipLocked})`;
  if (slowLimit >= limit) return pick('due', '', limit);
  if (slowLimit <= 0) return pick('due', ' AND timed_out = 0', limit);
  return `${pick('answering', ' AND timed_out = 0', limit)},
    ${pick('hanging', ' AND timed_out = 1', slowLimit)},
    due AS (SELECT due_id FROM (SELECT * FROM answering UNION ALL SELECT * FROM hanging) AS both_kinds
      ORDER BY next_attempt_at, due_id LIMIT ${rowCount(limit)})`;
}

/** Every write that ends an attempt lets go of the submission. */
const UNLEASED = 'lease_owner = NULL, lease_until = NULL, pending_step = NULL';

/** Sets a lease and bumps the token; `@id`, `@now`, `@owner`, `@until`. */
const TAKE = 'lease_owner = @owner, lease_until = @until, lease_token = lease_token + 1';

/** The delivery transitions, in `d`'s spelling. */
export function delivery(d: Dialect) {
  const { byId, rowsWhere, submissionsWhere } = reads(d);
  /** An update of the held submission: throws `LeaseLostError` once a newer claim holds it. */
  function* held(set: string, owned: Lease, extra: Record<string, unknown> = {}): Plan<void> {
    const changed = yield* run(
      `UPDATE submissions SET ${set} WHERE id = @id AND lease_token = @token`,
      { ...extra, id: owned.id, token: owned.token },
    );
    if (changed === 0) throw new LeaseLostError(owned);
  }
  function* claimed(rows: { id: number; token: number }[]): Plan<Claimed[]> {
    const taken: Claimed[] = [];
    for (const { id, token } of rows)
      taken.push({ submission: yield* byId(id), lease: { id, token } });
    return taken;
  }
  /**
   * The create's record, as a `SET`: the enquiry it made (`@enquiryId`), when its answer came
   * (`@createdAt`) and when the outbox recorded it (`@recordedAt`); the first record stands.
   */
  const CREATED = `enquiry_id = COALESCE(enquiry_id, @enquiryId),
       enquiry_created_at = COALESCE(enquiry_created_at, @createdAt),
       enquiry_recorded_at = COALESCE(enquiry_recorded_at, @recordedAt),
       possible_duplicate = ${d.flag('unknown_creates > 0')}`;
  /**
   * The create succeeded at `at` (its answer came then) and is recorded at `recordedAt` (by
   * default then too), in one statement; from now on only uploads are retried.
   */
  const recordCreated = (owned: Lease, enquiryId: number, at: number, recordedAt = at) =>
    held(`${CREATED}, pending_step = NULL`, owned, { enquiryId, createdAt: at, recordedAt });
  /** Each way an attempt ends, as the `SET` it writes from the finish's values. */
  const ENDS: Record<Finish['kind'], string> = {
    // Partly delivered while a refused file is left that nobody chose to skip.
    delivered: `state = CASE WHEN EXISTS (SELECT 1 FROM files WHERE submission_id = @id
         AND failed_reason IS NOT NULL AND skipped = 0) THEN 'partial' ELSE 'delivered' END,
       delivered_at = @at, attempts = attempts + 1, last_error = NULL, timed_out = 0, ${UNLEASED}`,
    retry: `attempts = attempts + 1, next_attempt_at = @at, last_error = @error,
       timed_out = @timedOut, ${UNLEASED}`,
    release: `next_attempt_at = @at, ${UNLEASED}`,
    abandon: 'next_attempt_at = @at, lease_owner = NULL, lease_until = NULL',
    pause: `next_attempt_at = @resumeAt, retry_from = ${d.greatest('retry_from', '@resumeAt')},
       last_error = @reason, ${UNLEASED}`,
  };

  return {
    /** Takes one queued submission for delivery if nobody holds it. */
    *claim(
      id: number,
      owner: string,
      leaseMs: number,
      now: number,
      running: readonly number[] = [],
    ): Plan<Claimed | null> {
      const rows = yield* all<{ id: number; token: number }>(
        `UPDATE submissions SET ${TAKE} WHERE id = @id AND ${claimable(d)}
         RETURNING id, lease_token AS token`,
        { id, owner, until: now + leaseMs, now, running, aliveAfter: now },
      );
      return (yield* claimed(rows))[0] ?? null;
    },
    /**
     * Takes up to `limit` queued submissions that are due, oldest first, leaving those the
     * claimant is `running`, and at most `slowLimit` of them whose last attempt timed out; a
     * holder counts as alive if it beat after `aliveAfter`.
     */
    *claimDue(
      owner: string,
      leaseMs: number,
      now: number,
      limit: number,
      running: readonly number[] = [],
      aliveAfter = now,
      slowLimit = limit,
    ): Plan<Claimed[]> {
      const rows = yield* all<{ id: number; token: number }>(
        `WITH ${dueToClaim(d, limit, slowLimit)}
         UPDATE submissions SET ${TAKE} FROM due WHERE submissions.id = due.due_id
         RETURNING id, lease_token AS token`,
        { owner, until: now + leaseMs, now, running, aliveAfter },
      );
      const taken = yield* claimed(rows);
      return taken.sort(
        (a, b) =>
          a.submission.nextAttemptAt - b.submission.nextAttemptAt ||
          a.submission.id - b.submission.id,
      );
    },
    /**
     * A submission still held under `owned`, read again: a claim kept waiting with its lease
     * alone. A lease given back keeps its token but no owner; a newer claim has a newer token.
     * `withFiles` false when it was claimed with none: a submission's files are all stored at
     * its accept, so none can have come since, and their read is left out.
     */
    *heldAgain(owned: Lease, withFiles = true): Plan<Claimed | null> {
      // The row read whole by the read that checks the hold (then its files): a burst reads
      // each held claim again once, and a check of the hold apart was a statement more each.
      const where = [
        'id = @id',
        'lease_token = @token',
        'lease_owner IS NOT NULL',
        "state = 'queued'",
      ];
      const params = { id: owned.id, token: owned.token };
      const [submission] = withFiles
        ? yield* submissionsWhere(where, params, '')
        : (yield* rowsWhere('*', where, params, '')).map((row) => toSubmission(row, []));
      return submission ? { submission, lease: owned } : null;
    },
    /** Notes the step being sent and extends the lease. */
    startStep: (owned: Lease, step: Step, leaseUntil: number) =>
      held('pending_step = @step, lease_until = @until', owned, {
        step: stepName(step),
        until: leaseUntil,
      }),
    /** Extends the lease while the record of a step's answer waits; the step stays noted. */
    renewLease: (owned: Lease, leaseUntil: number) =>
      held('lease_until = @until', owned, { until: leaseUntil }),
    recordCreated,
    /** One file is attached upstream, at `at`. */
    *recordUploaded(owned: Lease, index: number, attachmentId: number, at: number): Plan<void> {
      yield* held('pending_step = NULL', owned);
      yield* run(
        `UPDATE files SET attachment_id = @attachmentId, answered_at = @at
         WHERE submission_id = @id AND idx = @index`,
        { id: owned.id, index, attachmentId, at },
      );
    },
    /** The platform refused one file, at `at`. */
    *recordUploadFailed(owned: Lease, index: number, reason: string, at: number): Plan<void> {
      yield* held('pending_step = NULL', owned);
      yield* run(
        `UPDATE files SET failed_reason = @reason, answered_at = @at
         WHERE submission_id = @id AND idx = @index`,
        { id: owned.id, index, reason, at },
      );
    },
    /** A step failed after it may have taken effect: counted. */
    recordUnknownOutcome: (owned: Lease, step: Step['kind']) =>
      held(
        step === 'create'
          ? 'unknown_creates = unknown_creates + 1'
          : 'unknown_uploads = unknown_uploads + 1',
        owned,
      ),
    /** Ends an attempt (the files' bytes are the driver's to drop when it is `delivered`). */
    *finish(owned: Lease, outcome: Finish): Plan<void> {
      const { kind, ...values } = outcome;
      if (outcome.kind === 'delivered' && outcome.created) {
        // The create recorded by the same update that ends the attempt: one write of the row.
        const { enquiryId, at } = outcome.created;
        yield* held(`${CREATED}, ${ENDS.delivered}`, owned, {
          at: outcome.at,
          enquiryId,
          createdAt: at,
          recordedAt: outcome.at,
        });
      } else if (outcome.kind === 'retry')
        yield* held(ENDS.retry, owned, { ...values, timedOut: outcome.timedOut ? 1 : 0 });
      else yield* held(ENDS[kind], owned, values);
      // The funnel's "delivered", in the cell the enquiry was accepted in (docs/funnel.md).
      if (kind === 'delivered') yield* countDelivered(owned.id);
    },
    /** Gives up: a person must look. */
    deadLetter: (owned: Lease, reason: string, at: number) =>
      held(
        `state = 'dead', note = @reason, dead_at = @at, attempts = attempts + 1, ${UNLEASED}`,
        owned,
        {
          reason,
          at,
        },
      ),
  };
}
