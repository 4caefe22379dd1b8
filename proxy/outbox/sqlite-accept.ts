/**
 * Taking a submission into the SQLite outbox: its files first (each synced to disk), then the
 * rows that name them and its Idempotency-Key, in one transaction. A key seen before is
 * answered from what it was first used for.
 */
import type Database from 'better-sqlite3';
import type { FileVault } from './file-vault.ts';
import { asPromise, type KeyRow } from './rows.ts';
import type { GroupWrite } from './sqlite-group-commit.ts';
import type { AcceptOutcome, NewSubmission, Repeat, Submission } from './submission.ts';

/** The taking-in half of the SQLite store. */
export interface Acceptance {
  accept(submission: NewSubmission): Promise<AcceptOutcome>;
  findRepeat(idempotency: { key: string; fingerprint: string }): Promise<Repeat | null>;
  saveResponse(key: string, status: number, body: unknown): Promise<void>;
  purgeIdempotencyKeys(before: number): Promise<number>;
  settleInFlightKeys(): Promise<number>;
}

/**
 * Builds `accept` and the idempotency keys' reads and writes over `db` and `vault`; every write
 * goes through `write` (group commit).
 */
export function createAcceptance(
  db: Database.Database,
  write: GroupWrite,
  vault: FileVault,
  submissionById: (id: number) => Submission,
): Acceptance {
  const selectKey = db.prepare(
    `SELECT fingerprint, status, body, created_at, reference FROM idempotency_keys
     JOIN submissions ON submissions.id = idempotency_keys.submission_id WHERE key = ?`,
  );
  const insertKey = db.prepare(
    'INSERT INTO idempotency_keys (key, fingerprint, submission_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const insertSubmission = db.prepare(
    `INSERT INTO submissions (reference, state, upstream, next_attempt_at, note, received_at,
       retry_from, lease_owner, lease_until, lease_token)
     VALUES (@reference, @state, @upstream, @receivedAt, @note, @receivedAt, @receivedAt,
       @leaseOwner, @leaseUntil, @leaseToken)`,
  );
  const insertFile = db.prepare(
    `INSERT INTO files (submission_id, idx, name, postname, mime, size, sha256, blob)
     VALUES (@id, @idx, @name, @postname, @mime, @size, @sha256, @blob)`,
  );

  const findRepeat = (idempotency: { key: string; fingerprint: string }): Repeat | null => {
    const existing = selectKey.get(idempotency.key) as KeyRow | undefined;
    if (!existing) return null;
    if (existing.fingerprint !== idempotency.fingerprint) return { kind: 'key_mismatch' };
    if (existing.status === null)
      return { kind: 'in_flight', reference: existing.reference, since: existing.created_at };
    return {
      kind: 'replay',
      status: existing.status,
      body: JSON.parse(existing.body ?? 'null') as unknown,
    };
  };

  const spendToken = db.prepare(
    'INSERT INTO spent_form_tokens (token, expires_at) VALUES (?, ?) ON CONFLICT (token) DO NOTHING',
  );

  const insertRows = db.transaction((submission: NewSubmission, blobs: string[]): AcceptOutcome => {
    // Checked again inside the transaction: a twin request may have been stored meanwhile.
    const repeat = submission.idempotency && findRepeat(submission.idempotency);
    if (repeat) return repeat;
    const { formToken } = submission;
    if (formToken && spendToken.run(formToken.token, formToken.expiresAt).changes === 0)
      return { kind: 'token_spent' };
    const row = {
      reference: submission.reference,
      state: submission.state,
      upstream: JSON.stringify(submission.upstream),
      receivedAt: submission.receivedAt,
      note: submission.note ?? null,
      leaseOwner: submission.lease?.owner ?? null,
      leaseUntil: submission.lease?.until ?? null,
      leaseToken: submission.lease ? 1 : 0,
    };
    const id = Number(insertSubmission.run(row).lastInsertRowid);
    submission.files.forEach(({ name, postname, mime, size, sha256 }, idx) =>
      insertFile.run({ id, idx, name, postname, mime, size, sha256, blob: blobs[idx] }),
    );
    const { idempotency } = submission;
    if (idempotency)
      insertKey.run(idempotency.key, idempotency.fingerprint, id, submission.receivedAt);
    const stored = submissionById(id);
    return submission.lease
      ? { kind: 'stored', submission: stored, lease: { id, token: 1 } }
      : { kind: 'stored', submission: stored };
  });

  const updateResponse = db.prepare(
    'UPDATE idempotency_keys SET status = ?, body = ? WHERE key = ?',
  );
  const deleteKeys = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  const settleKeys = db.prepare(
    `UPDATE idempotency_keys SET status = 202, body = json_object('status', 'queued', 'reference',
       (SELECT reference FROM submissions WHERE submissions.id = idempotency_keys.submission_id))
     WHERE status IS NULL`,
  );

  return {
    findRepeat: (idempotency) => asPromise(() => findRepeat(idempotency)),
    saveResponse: (key, status, body) =>
      write(() => {
        updateResponse.run(status, JSON.stringify(body), key);
      }),
    purgeIdempotencyKeys: (before) => write(() => deleteKeys.run(before).changes),
    settleInFlightKeys: () => write(() => settleKeys.run().changes),
    async accept(submission) {
      const repeat = submission.idempotency && findRepeat(submission.idempotency);
      if (repeat) return repeat;
      const blobs = submission.files.map((_file, idx) => `${submission.reference}-${idx}`);
      const removeBlobs = () => Promise.all(blobs.map((blob) => vault.remove(blob)));
      try {
        for (const [idx, file] of submission.files.entries())
          await vault.put(blobs[idx] ?? '', file.content);
        const outcome = await write(() => insertRows(submission, blobs));
        if (outcome.kind !== 'stored') await removeBlobs();
        return outcome;
      } catch (error) {
        await removeBlobs();
        throw error;
      }
    },
  };
}
