/**
 * Taking a submission into the PostgreSQL outbox: the submission, its files' rows and their
 * bytes (in chunks of at most 1 MiB), its Idempotency-Key and the form token it spends, in one
 * transaction. The key is inserted first: a twin request on another instance waits on it and
 * then finds it, so one key gives one enquiry however many instances share the database.
 */
import type pg from 'pg';
import { inTransaction, Rollback, type Queryable } from './pg-access.ts';
import type { KeyRow } from './rows.ts';
import type { Acceptance } from './sqlite-accept.ts';
import type { NewFile, NewSubmission, Repeat, Submission } from './submission.ts';

/** Largest piece of a file stored in one row. */
export const CHUNK_BYTES = 1024 * 1024;

/** The channel that wakes delivery workers on every instance when work arrives. */
export const WORK_CHANNEL = 'enquiry_form_work';

/** Builds `accept` and the idempotency keys' reads and writes over `pool`. */
export function pgAcceptance(
  pool: pg.Pool,
  owner: string,
  submissionById: (db: Queryable, id: number) => Promise<Submission>,
): Acceptance {
  const findRepeat = async (
    db: Queryable,
    idempotency: { key: string; fingerprint: string },
  ): Promise<Repeat | null> => {
    const { rows } = await db.query<KeyRow & { owner_alive: boolean }>(
      `SELECT fingerprint, status, body, created_at, reference,
         EXISTS (SELECT 1 FROM instances WHERE instances.owner = idempotency_keys.owner
           AND alive_until > $2) AS owner_alive
       FROM idempotency_keys JOIN submissions ON submissions.id = idempotency_keys.submission_id
       WHERE key = $1`,
      [idempotency.key, Date.now()],
    );
    const existing = rows[0];
    if (!existing) return null;
    if (existing.fingerprint !== idempotency.fingerprint) return { kind: 'key_mismatch' };
    if (existing.status === null) {
      if (existing.owner_alive)
        return { kind: 'in_flight', reference: existing.reference, since: existing.created_at };
      // Its owner died before answering: the submission is stored, so it is queued.
      const body = { status: 'queued', reference: existing.reference };
      await db.query(
        'UPDATE idempotency_keys SET status = 202, body = $2 WHERE key = $1 AND status IS NULL',
        [idempotency.key, JSON.stringify(body)],
      );
      return { kind: 'replay', status: 202, body };
    }
    return {
      kind: 'replay',
      status: existing.status,
      body: JSON.parse(existing.body ?? 'null') as unknown,
    };
  };

  const insertRows = async (db: pg.PoolClient, submission: NewSubmission, id: number) => {
    await db.query(
      `INSERT INTO submissions (id, reference, state, upstream, next_attempt_at, note, received_at,
         retry_from, lease_owner, lease_until, lease_token)
       VALUES ($1, $2, $3, $4, $5, $6, $5, $5, $7, $8, $9)`,
      [
        id,
        submission.reference,
        submission.state,
        JSON.stringify(submission.upstream),
        submission.receivedAt,
        submission.note ?? null,
        submission.lease?.owner ?? null,
        submission.lease?.until ?? null,
        submission.lease ? 1 : 0,
      ],
    );
    for (const [idx, file] of submission.files.entries()) await insertFile(db, id, idx, file);
    // Work nobody holds wakes every instance's worker; leased work is its taker's to send.
    if (submission.state === 'queued' && !submission.lease)
      await db.query(`SELECT pg_notify('${WORK_CHANNEL}', '')`);
  };

  /** Stores one attempt at taking the submission; a key or token conflict rolls it back. */
  const attempt = async (
    db: pg.PoolClient,
    submission: NewSubmission,
  ): Promise<{ kind: 'stored'; id: number } | { kind: 'repeat' } | { kind: 'token_spent' }> => {
    const { rows } = await db.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('submissions', 'id')) AS id`,
    );
    const id = rows[0]?.id ?? 0;
    const { idempotency, formToken } = submission;
    if (idempotency) {
      // Waits for a twin request's transaction with the same key, then skips if it committed.
      const inserted = await db.query(
        `INSERT INTO idempotency_keys (key, fingerprint, submission_id, created_at, owner)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING`,
        [idempotency.key, idempotency.fingerprint, id, submission.receivedAt, owner],
      );
      if (inserted.rowCount === 0) throw new Rollback({ kind: 'repeat' } as const);
    }
    if (formToken) {
      const spent = await db.query(
        'INSERT INTO spent_form_tokens (token, expires_at) VALUES ($1, $2) ON CONFLICT (token) DO NOTHING',
        [formToken.token, formToken.expiresAt],
      );
      if (spent.rowCount === 0) throw new Rollback({ kind: 'token_spent' } as const);
    }
    await insertRows(db, submission, id);
    return { kind: 'stored', id } as const;
  };

  return {
    findRepeat: (idempotency) => findRepeat(pool, idempotency),
    async accept(submission) {
      if (submission.idempotency) {
        const repeat = await findRepeat(pool, submission.idempotency);
        if (repeat) return repeat;
      }
      const outcome = await inTransaction(pool, (db) => attempt(db, submission));
      if (outcome.kind === 'token_spent') return outcome;
      if (outcome.kind === 'stored') {
        const stored = await submissionById(pool, outcome.id);
        return submission.lease
          ? { kind: 'stored', submission: stored, lease: { id: outcome.id, token: 1 } }
          : { kind: 'stored', submission: stored };
      }
      // A twin stored it first (its transaction committed while ours waited on the key).
      const repeat = submission.idempotency && (await findRepeat(pool, submission.idempotency));
      if (!repeat) throw new Error('an Idempotency-Key conflicted but cannot be found');
      return repeat;
    },
    async saveResponse(key, status, body) {
      await pool.query('UPDATE idempotency_keys SET status = $1, body = $2 WHERE key = $3', [
        status,
        JSON.stringify(body),
        key,
      ]);
    },
    async purgeIdempotencyKeys(before) {
      return (await pool.query('DELETE FROM idempotency_keys WHERE created_at < $1', [before]))
        .rowCount as number;
    },
    async settleInFlightKeys() {
      // Only keys whose owner stopped beating: other instances' keys are theirs to answer.
      const { rowCount } = await pool.query(
        `UPDATE idempotency_keys SET status = 202, body = json_build_object('status', 'queued',
           'reference', (SELECT reference FROM submissions WHERE submissions.id = idempotency_keys.submission_id))::text
         WHERE status IS NULL AND NOT EXISTS (SELECT 1 FROM instances
           WHERE instances.owner = idempotency_keys.owner AND alive_until > $1)`,
        [Date.now()],
      );
      return rowCount as number;
    },
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
