/**
 * Taking a submission in, written once for both databases: its row, its files' rows, the form
 * token it spends, and its Idempotency-Key with the key's answers. How its files' bytes are
 * kept, and in what order the rows are written, are each database's own (`sqlite/accept.ts`,
 * `postgres/accept.ts`); whether a key's owner still lives is the dialect's `keyOwnerAlive`.
 */
import { toSubmission, type KeyRow, type SubmissionRow } from '../rows.ts';
import type { NewFile, NewSubmission, Repeat, Submission } from '../submission.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';
import { reads } from './reads.ts';

/** What a key's row means for a new request with it (`null` status: still being answered). */
function repeatOf(existing: KeyRow, fingerprint: string): Repeat {
  if (existing.fingerprint !== fingerprint) return { kind: 'key_mismatch' };
  if (existing.status === null)
    return { kind: 'in_flight', reference: existing.reference, since: existing.created_at };
  return {
    kind: 'replay',
    status: existing.status,
    body: JSON.parse(existing.body ?? 'null') as unknown,
  };
}

/**
 * Spends a token once on every instance: a form token (its enquiry) or a passkey sign-in's
 * challenge (`people.ts`); false when it was spent first. Kept until it would be refused as
 * expired anyway (`housekeeping.ts`).
 */
export function* spendToken(token: { token: string; expiresAt: number }): Plan<boolean> {
  const spent = yield* run(
    `INSERT INTO spent_form_tokens (token, expires_at) VALUES (@token, @expiresAt)
     ON CONFLICT (token) DO NOTHING`,
    token,
  );
  return spent === 1;
}

/** The intake's statements, in `d`'s spelling. */
export function intake(d: Dialect) {
  const { byId } = reads(d);
  /** Answers the keys still in flight that `which` picks with `202 queued` and their reference. */
  const settle = (which: string, params: Record<string, unknown>) =>
    run(
      `UPDATE idempotency_keys SET status = 202, body = ${d.jsonObject(
        `'status', 'queued', 'reference',
         (SELECT reference FROM submissions WHERE submissions.id = idempotency_keys.submission_id)`,
      )}
       WHERE status IS NULL ${which}`,
      params,
    );
  return {
    /**
     * What an Idempotency-Key already seen means for a new request with it, or null if unseen.
     * A key in flight whose owner died before answering (PostgreSQL: its heartbeat stopped) is
     * answered here: its submission is stored, so it is queued.
     */
    *findRepeat(idempotency: { key: string; fingerprint: string }): Plan<Repeat | null> {
      const { key } = idempotency;
      const existing = yield* one<KeyRow & { owner_alive: boolean | number }>(
        `SELECT fingerprint, status, body, created_at, reference, ${d.keyOwnerAlive} AS owner_alive
         FROM idempotency_keys JOIN submissions ON submissions.id = idempotency_keys.submission_id
         WHERE key = @key`,
        { key, now: Date.now() },
      );
      if (!existing) return null;
      const repeat = repeatOf(existing, idempotency.fingerprint);
      if (repeat.kind !== 'in_flight' || existing.owner_alive) return repeat;
      yield* settle('AND key = @key', { key });
      return {
        kind: 'replay',
        status: 202,
        body: { status: 'queued', reference: existing.reference },
      };
    },
    /**
     * Keeps a new submission's Idempotency-Key (with the instance that answers it, where several
     * share the store); false when a twin request's key was kept first.
     */
    *insertKey(
      idempotency: { key: string; fingerprint: string },
      id: number,
      at: number,
      owner?: string,
    ): Plan<boolean> {
      const [column, value] = owner === undefined ? ['', ''] : [', owner', ', @owner'];
      const inserted = yield* run(
        `INSERT INTO idempotency_keys (key, fingerprint, submission_id, created_at${column})
         VALUES (@key, @fingerprint, @id, @at${value}) ON CONFLICT (key) DO NOTHING`,
        { key: idempotency.key, fingerprint: idempotency.fingerprint, id, at, owner },
      );
      return inserted === 1;
    },
    /** A stored file's row (with the name of its bytes in the store's vault, where it has one). */
    *insertFileRow(id: number, idx: number, file: NewFile, blob?: string): Plan<void> {
      const [column, value] = blob === undefined ? ['', ''] : [', blob', ', @blob'];
      const { name, postname, mime, size, sha256 } = file;
      const original = file.originalName ?? null;
      yield* run(
        `INSERT INTO files (submission_id, idx, name, postname, mime, size, sha256, original_name${column})
         VALUES (@id, @idx, @name, @postname, @mime, @size, @sha256, @original${value})`,
        { id, idx, name, postname, mime, size, sha256, original, blob },
      );
    },
    spendToken,
    /** Inserts the submission's row (leased when it is to be sent at once); returns it. */
    *insertSubmission(submission: NewSubmission): Plan<SubmissionRow> {
      const rows = yield* all<SubmissionRow>(
        `INSERT INTO submissions (id, reference, state, upstream, next_attempt_at, note, received_at,
           retry_from, lease_owner, lease_until, lease_token, mailbox_key)
         VALUES (${d.newSubmissionId}, @reference, @state, @upstream, @receivedAt, @note, @receivedAt, @receivedAt,
           @leaseOwner, @leaseUntil, @leaseToken, @mailbox)
         RETURNING *`,
        {
          reference: submission.reference,
          state: submission.state,
          upstream: JSON.stringify(submission.upstream),
          receivedAt: submission.receivedAt,
          note: submission.note ?? null,
          leaseOwner: submission.lease?.owner ?? null,
          leaseUntil: submission.lease?.until ?? null,
          leaseToken: submission.lease ? 1 : 0,
          mailbox: submission.aftercare?.mailboxKey ?? null,
        },
      );
      const [row] = rows;
      if (!row) throw new Error(`the outbox did not insert ${submission.reference}`);
      return row;
    },
    /**
     * `submission` as stored, from the row its insert returned: read again only when the rest of
     * its accept wrote more of it (its files' rows, its routing, its booking's host in its
     * upstream), or those would be missing.
     */
    *asStored(row: SubmissionRow, submission: NewSubmission): Plan<Submission> {
      if (submission.files.length > 0 || submission.aftercare?.routing || submission.booking)
        return yield* byId(row.id);
      return toSubmission(row, []);
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
     * died); where several instances share the store, only those whose owner stopped beating.
     */
    settleInFlightKeys: (shared: boolean) =>
      settle(shared ? `AND NOT ${d.keyOwnerAlive}` : '', { now: Date.now() }),
  };
}
