/**
 * Taking a submission into the PostgreSQL outbox: the submission, its files' rows and their
 * bytes (in chunks of at most 512 KiB), its Idempotency-Key, the form token it spends, the
 * call it books and the unfinished records it takes over, in one transaction. A twin request on another instance with the same key waits on the key's insert
 * and then finds it, so one key gives one enquiry however many instances share the database.
 * The statements are the machine's (`../machine/intake.ts`); what is PostgreSQL's own here: the
 * bytea chunks, and the order (the key taken first, so a twin's transaction decides).
 */
import type pg from 'pg';
import type { StoredBooking } from '../booking.ts';
import type { OutboxMachine } from '../machine/index.ts';
import type { ConfirmationVerdict } from '../receipt.ts';
import type { SubmissionRow } from '../rows.ts';
import type { IntakeStore } from '../store.ts';
import type { NewFile, NewSubmission } from '../submission.ts';
import { inTransaction, Rollback } from './access.ts';
import { copyRowIn } from './bytea-copy.ts';
import { storeInChunks } from './chunk-buffer.ts';
import { execute, postgresDialect } from './driver.ts';
import { isUploadChunks, type UploadChunks } from './uploads.ts';

/** `accept` over `pool`, its keys owned by the instance `owner`. */
export function pgAccept(pool: pg.Pool, owner: string, m: OutboxMachine): IntakeStore['accept'] {
  /** Stores one attempt at taking the submission; a key or token conflict rolls it back. */
  const attempt = async (
    db: pg.PoolClient,
    submission: NewSubmission,
  ): Promise<
    | {
        kind: 'stored';
        row: SubmissionRow;
        confirmation: ConfirmationVerdict;
        booking?: StoredBooking;
      }
    | { kind: 'repeat' }
    | { kind: 'token_spent' }
    | { kind: 'slot_taken' }
  > => {
    const row = await execute(db, m.insertSubmission(submission));
    const { id } = row;
    const { idempotency, formToken } = submission;
    // Waits for a twin request's transaction with the same key, then skips if it committed.
    if (
      idempotency &&
      !(await execute(db, m.insertKey(idempotency, id, submission.receivedAt, owner)))
    )
      throw new Rollback({ kind: 'repeat' } as const);
    if (formToken && !(await execute(db, m.spendToken(formToken))))
      throw new Rollback({ kind: 'token_spent' } as const);
    // After the key: a twin with the same key waits on it above and is a repeat, not a rival.
    const booking = submission.booking
      ? await execute(db, m.takeBooking({ ...submission, id }, submission.booking))
      : undefined;
    if (booking === null) throw new Rollback({ kind: 'slot_taken' } as const);
    if (submission.callNotHeld)
      await execute(db, m.noteCallNotHeld(submission.callNotHeld, submission.receivedAt));
    if (submission.formSession)
      await execute(
        db,
        m.takeOverUnfinished(submission.formSession, submission.reference, submission.receivedAt),
      );
    for (const [idx, file] of submission.files.entries()) {
      await execute(db, m.insertFileRow(id, idx, file));
      await insertChunks(db, id, idx, file);
    }
    if (submission.funnelCell) await execute(db, m.expectDelivery(id, submission.funnelCell));
    const confirmation = submission.aftercare
      ? await execute(db, m.recordAftercare(submission.aftercare, booking?.host))
      : 'none';
    // Work nobody holds wakes every instance's worker; leased work is its taker's to send.
    if (submission.state === 'queued' && !submission.lease && postgresDialect.wakeWorkers)
      await db.query(postgresDialect.wakeWorkers);
    return { kind: 'stored', row, confirmation, ...(booking ? { booking } : {}) } as const;
  };

  return async (submission) => {
    if (submission.idempotency) {
      const repeat = await execute(pool, m.findRepeat(submission.idempotency));
      if (repeat) return repeat;
    }
    const outcome = await inTransactionAgainOnDeadlock(pool, (db) => attempt(db, submission));
    if (outcome.kind === 'token_spent' || outcome.kind === 'slot_taken') return outcome;
    if (outcome.kind === 'stored') {
      const { row, confirmation, booking } = outcome;
      const stored = await execute(pool, m.asStored(row, submission));
      return {
        kind: 'stored',
        submission: stored,
        confirmation,
        ...(submission.lease ? { lease: { id: row.id, token: 1 } } : {}),
        ...(booking ? { booking } : {}),
      };
    }
    // A twin stored it first (its transaction committed while ours waited on the key).
    const repeat =
      submission.idempotency && (await execute(pool, m.findRepeat(submission.idempotency)));
    if (!repeat) throw new Error('an Idempotency-Key conflicted but cannot be found');
    return repeat;
  };
}

/** A file's bytes, in chunks of at most 512 KiB (`chunk-buffer.ts`), each a row copied in (`bytea-copy.ts`). */
async function insertChunks(db: pg.PoolClient, id: number, idx: number, file: NewFile) {
  if (isUploadChunks(file.content)) {
    await copyUploadChunks(db, id, idx, file.content.upload);
    return;
  }
  let seq = 0;
  const columns = ['submission_id', 'idx', 'seq', 'bytes'];
  await storeInChunks(file.content.pieces(), (bytes) =>
    copyRowIn(
      db,
      'file_chunks',
      columns,
      [{ bigint: id }, { integer: idx }, { integer: seq++ }],
      bytes,
    ),
  );
}

/** An upload's chunks (at most 512 KiB each, as these) copied into the file's, in order. */
async function copyUploadChunks(
  db: pg.PoolClient,
  id: number,
  idx: number,
  upload: UploadChunks['upload'],
) {
  const { rows } = await db.query<{ bytes: string }>(
    `WITH copied AS (
       INSERT INTO file_chunks (submission_id, idx, seq, bytes)
       SELECT $1, $2, (row_number() OVER (ORDER BY start) - 1)::integer, bytes
         FROM upload_chunks WHERE upload_id = $3 AND start < $4
       RETURNING length(bytes) AS n)
     SELECT coalesce(sum(n), 0)::text AS bytes FROM copied`,
    [id, idx, upload.id, upload.size],
  );
  if (Number(rows[0]?.bytes) !== upload.size)
    throw new Error(
      `upload ${upload.id} lost a chunk: ${rows[0]?.bytes ?? 0} of ${String(upload.size)} bytes`,
    );
}

/**
 * `inTransaction`, tried again (twice at most) when PostgreSQL ends it as a deadlock's victim
 * (40P01): two enquiries booking the same time, each from hosts in the other's order, can each
 * hold blocks the other waits for. Nothing of a victim was kept, so trying again is safe.
 */
async function inTransactionAgainOnDeadlock<T>(
  pool: pg.Pool,
  work: (db: pg.PoolClient) => Promise<T>,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await inTransaction(pool, work);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || tries >= 3) throw error;
    }
  }
}
