/**
 * Taking a submission into the PostgreSQL outbox: the submission, its files' rows and their
 * bytes (in chunks of at most 1 MiB), its Idempotency-Key and the form token it spends, in one
 * transaction. A twin request on another instance with the same key waits on the key's insert
 * and then finds it, so one key gives one enquiry however many instances share the database.
 * The rows are the machine's (`../machine/intake.ts`); what is PostgreSQL's own here: the
 * bytea chunks, and keys owned by an instance whose heartbeat says whether it still lives.
 */
import type pg from 'pg';
import { confirmations } from '../machine/confirmations.ts';
import type { ConfirmationVerdict } from '../receipt.ts';
import { intake, repeatOf } from '../machine/intake.ts';
import { one, run, type Plan } from '../machine/plan.ts';
import type { KeyRow } from '../rows.ts';
import type { Housekeeping, IntakeStore } from '../store.ts';
import type { NewFile, NewSubmission, Repeat, Submission } from '../submission.ts';
import { inTransaction, Rollback, type Queryable } from './access.ts';
import { execute, postgresDialect } from './driver.ts';

/** Largest piece of a file stored in one row. */
const CHUNK_BYTES = 1024 * 1024;

const statements = intake(postgresDialect);
const aftercare = confirmations(postgresDialect);

/** A key still in flight is answered by its owner while that instance's heartbeat lasts. */
const OWNER_ALIVE = `EXISTS (SELECT 1 FROM instances WHERE instances.owner = idempotency_keys.owner
  AND alive_until > @now)`;

function* findRepeat(idempotency: { key: string; fingerprint: string }): Plan<Repeat | null> {
  const existing = yield* one<KeyRow & { owner_alive: boolean }>(
    `SELECT fingerprint, status, body, created_at, reference, ${OWNER_ALIVE} AS owner_alive
     FROM idempotency_keys JOIN submissions ON submissions.id = idempotency_keys.submission_id
     WHERE key = @key`,
    { key: idempotency.key, now: Date.now() },
  );
  if (!existing) return null;
  const repeat = repeatOf(existing, idempotency.fingerprint);
  if (repeat.kind !== 'in_flight' || existing.owner_alive) return repeat;
  // Its owner died before answering: the submission is stored, so it is queued.
  const body = { status: 'queued', reference: existing.reference };
  yield* run(
    'UPDATE idempotency_keys SET status = 202, body = @body WHERE key = @key AND status IS NULL',
    { key: idempotency.key, body: JSON.stringify(body) },
  );
  return { kind: 'replay', status: 202, body };
}

/** Builds `accept` and the idempotency keys' reads and writes over `pool`. */
export function pgAcceptance(
  pool: pg.Pool,
  owner: string,
  submissionById: (db: Queryable, id: number) => Promise<Submission>,
): IntakeStore & Pick<Housekeeping, 'purgeIdempotencyKeys' | 'settleInFlightKeys'> {
  /** Stores one attempt at taking the submission; a key or token conflict rolls it back. */
  const attempt = async (
    db: pg.PoolClient,
    submission: NewSubmission,
  ): Promise<
    | { kind: 'stored'; id: number; confirmation: ConfirmationVerdict }
    | { kind: 'repeat' }
    | { kind: 'token_spent' }
  > => {
    const id = await execute(db, statements.insertSubmission(submission));
    const { idempotency, formToken } = submission;
    if (idempotency) {
      // Waits for a twin request's transaction with the same key, then skips if it committed.
      const inserted = await execute(
        db,
        run(
          `INSERT INTO idempotency_keys (key, fingerprint, submission_id, created_at, owner)
           VALUES (@key, @fingerprint, @id, @at, @owner) ON CONFLICT (key) DO NOTHING`,
          { ...idempotency, id, at: submission.receivedAt, owner },
        ),
      );
      if (inserted === 0) throw new Rollback({ kind: 'repeat' } as const);
    }
    if (formToken && !(await execute(db, statements.spendToken(formToken))))
      throw new Rollback({ kind: 'token_spent' } as const);
    for (const [idx, file] of submission.files.entries()) await insertFile(db, id, idx, file);
    const confirmation = submission.aftercare
      ? await execute(db, aftercare.recordAftercare(submission.aftercare))
      : 'none';
    // Work nobody holds wakes every instance's worker; leased work is its taker's to send.
    if (submission.state === 'queued' && !submission.lease && postgresDialect.wakeWorkers)
      await db.query(postgresDialect.wakeWorkers);
    return { kind: 'stored', id, confirmation } as const;
  };

  return {
    findRepeat: (idempotency) => execute(pool, findRepeat(idempotency)),
    async accept(submission) {
      if (submission.idempotency) {
        const repeat = await execute(pool, findRepeat(submission.idempotency));
        if (repeat) return repeat;
      }
      const outcome = await inTransaction(pool, (db) => attempt(db, submission));
      if (outcome.kind === 'token_spent') return outcome;
      if (outcome.kind === 'stored') {
        const stored = await submissionById(pool, outcome.id);
        const { confirmation } = outcome;
        return submission.lease
          ? {
              kind: 'stored',
              submission: stored,
              lease: { id: outcome.id, token: 1 },
              confirmation,
            }
          : { kind: 'stored', submission: stored, confirmation };
      }
      // A twin stored it first (its transaction committed while ours waited on the key).
      const repeat =
        submission.idempotency && (await execute(pool, findRepeat(submission.idempotency)));
      if (!repeat) throw new Error('an Idempotency-Key conflicted but cannot be found');
      return repeat;
    },
    saveResponse: (key, status, body) => execute(pool, statements.saveResponse(key, status, body)),
    purgeIdempotencyKeys: (before) => execute(pool, statements.purgeIdempotencyKeys(before)),
    // Only keys whose owner stopped beating: other instances' keys are theirs to answer.
    settleInFlightKeys: () =>
      execute(pool, statements.settleInFlightKeys(`AND NOT ${OWNER_ALIVE}`, { now: Date.now() })),
  };
}

/** A file's row and its bytes, in chunks of at most `CHUNK_BYTES`, each its own parameter. */
async function insertFile(db: pg.PoolClient, id: number, idx: number, file: NewFile) {
  await db.query(
    `INSERT INTO files (submission_id, idx, name, postname, mime, size, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, idx, file.name, file.postname, file.mime, file.size, file.sha256],
  );
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await db.query(
      'INSERT INTO file_chunks (submission_id, idx, seq, bytes) VALUES ($1, $2, $3, $4)',
      [id, idx, seq++, Buffer.concat(pending)],
    );
    pending = [];
    pendingBytes = 0;
  };
  for await (const piece of file.content.pieces()) {
    for (let offset = 0; offset < piece.byteLength;) {
      const take = Math.min(CHUNK_BYTES - pendingBytes, piece.byteLength - offset);
      pending.push(piece.subarray(offset, offset + take));
      pendingBytes += take;
      offset += take;
      if (pendingBytes === CHUNK_BYTES) await flush();
    }
  }
  await flush();
}
