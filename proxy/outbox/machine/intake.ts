/**
 * Taking a submission in, written once for both databases: its row, the form token it spends,
 * and its Idempotency-Key's answers. How its files' bytes are kept, and who owns a key in
 * flight, are each database's own (`sqlite/accept.ts`, `postgres/accept.ts`).
 */
import type { KeyRow } from '../rows.ts';
import type { NewSubmission, Repeat } from '../submission.ts';
import { all, run, type Dialect, type Plan } from './plan.ts';

/** What a key's row means for a new request with it (`null` status: still being answered). */
export function repeatOf(existing: KeyRow, fingerprint: string): Repeat {
  if (existing.fingerprint !== fingerprint) return { kind: 'key_mismatch' };
  if (existing.status === null)
    return { kind: 'in_flight', reference: existing.reference, since: existing.created_at };
  return {
    kind: 'replay',
    status: existing.status,
    body: JSON.parse(existing.body ?? 'null') as unknown,
  };
}

/** The intake's statements, in `d`'s spelling. */
export function intake(d: Dialect) {
  return {
    /** Spends a form token; false when another enquiry spent it first. */
    *spendToken(token: { token: string; expiresAt: number }): Plan<boolean> {
      const spent = yield* run(
        `INSERT INTO spent_form_tokens (token, expires_at) VALUES (@token, @expiresAt)
         ON CONFLICT (token) DO NOTHING`,
        token,
      );
      return spent === 1;
    },
    /** Inserts the submission's row (leased when it is to be sent at once); returns its id. */
    *insertSubmission(submission: NewSubmission): Plan<number> {
      const rows = yield* all<{ id: number }>(
        `INSERT INTO submissions (id, reference, state, upstream, next_attempt_at, note, received_at,
           retry_from, lease_owner, lease_until, lease_token)
         VALUES (${d.newSubmissionId}, @reference, @state, @upstream, @receivedAt, @note, @receivedAt, @receivedAt,
           @leaseOwner, @leaseUntil, @leaseToken)
         RETURNING id`,
        {
          reference: submission.reference,
          state: submission.state,
          upstream: JSON.stringify(submission.upstream),
          receivedAt: submission.receivedAt,
          note: submission.note ?? null,
          leaseOwner: submission.lease?.owner ?? null,
          leaseUntil: submission.lease?.until ?? null,
          leaseToken: submission.lease ? 1 : 0,
        },
      );
      return rows[0]?.id ?? 0;
    },
    /** Keeps the answer given for a key, to replay it to a retry with the same key and body. */
    *saveResponse(key: string, status: number, body: unknown): Plan<void> {
      yield* run('UPDATE idempotency_keys SET status = @status, body = @body WHERE key = @key', {
        key,
        status,
        body: JSON.stringify(body),
      });
    },
    /** Forgets idempotency keys created before `before`. */
    purgeIdempotencyKeys: (before: number) =>
      run('DELETE FROM idempotency_keys WHERE created_at < @before', { before }),
    /**
     * Answers keys still in flight with `202 queued` and their reference (their first requests
     * died); `alsoWhere` narrows which (PostgreSQL: only those whose instance stopped beating).
     */
    settleInFlightKeys: (alsoWhere = '', params: Record<string, unknown> = {}) =>
      run(
        `UPDATE idempotency_keys SET status = 202, body = ${d.jsonObject(
          `'status', 'queued', 'reference',
           (SELECT reference FROM submissions WHERE submissions.id = idempotency_keys.submission_id)`,
        )}
         WHERE status IS NULL ${alsoWhere}`,
        params,
      ),
  };
}
