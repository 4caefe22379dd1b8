/**
 * Taking a submission into the SQLite outbox: its files first (each synced to disk in the
 * vault), then the rows that name them and its Idempotency-Key, in one transaction. A key seen
 * before is answered from what it was first used for. The rows are the machine's
 * (`../machine/intake.ts`); the vault and the key's plain lookup are SQLite's own.
 */
import { confirmations } from '../machine/confirmations.ts';
import { intake, repeatOf } from '../machine/intake.ts';
import { one, run, type Plan } from '../machine/plan.ts';
import { reads } from '../machine/reads.ts';
import { asPromise, type KeyRow } from '../rows.ts';
import type { Housekeeping, IntakeStore } from '../store.ts';
import type { AcceptOutcome, NewSubmission, Repeat } from '../submission.ts';
import { sqliteDialect } from './driver.ts';
import type { FileVault } from './file-vault.ts';
import type { GroupWrite } from './group-commit.ts';

const statements = intake(sqliteDialect);
const submissions = reads(sqliteDialect);
const aftercare = confirmations(sqliteDialect);

function* findRepeat(idempotency: { key: string; fingerprint: string }): Plan<Repeat | null> {
  const existing = yield* one<KeyRow>(
    `SELECT fingerprint, status, body, created_at, reference FROM idempotency_keys
     JOIN submissions ON submissions.id = idempotency_keys.submission_id WHERE key = @key`,
    { key: idempotency.key },
  );
  return existing ? repeatOf(existing, idempotency.fingerprint) : null;
}

function* insertRows(submission: NewSubmission, blobs: string[]): Plan<AcceptOutcome> {
  // Checked again inside the transaction: a twin request may have been stored meanwhile.
  const repeat = submission.idempotency && (yield* findRepeat(submission.idempotency));
  if (repeat) return repeat;
  if (submission.formToken && !(yield* statements.spendToken(submission.formToken)))
    return { kind: 'token_spent' };
  const id = yield* statements.insertSubmission(submission);
  for (const [idx, { name, postname, mime, size, sha256 }] of submission.files.entries())
    yield* run(
      `INSERT INTO files (submission_id, idx, name, postname, mime, size, sha256, blob)
       VALUES (@id, @idx, @name, @postname, @mime, @size, @sha256, @blob)`,
      { id, idx, name, postname, mime, size, sha256, blob: blobs[idx] },
    );
  const { idempotency } = submission;
  if (idempotency)
    yield* run(
      `INSERT INTO idempotency_keys (key, fingerprint, submission_id, created_at)
       VALUES (@key, @fingerprint, @id, @at)`,
      { ...idempotency, id, at: submission.receivedAt },
    );
  const confirmation = submission.aftercare
    ? yield* aftercare.recordAftercare(submission.aftercare)
    : 'none';
  const stored = yield* submissions.byId(id);
  return submission.lease
    ? { kind: 'stored', submission: stored, lease: { id, token: 1 }, confirmation }
    : { kind: 'stored', submission: stored, confirmation };
}

/**
 * Builds `accept` and the idempotency keys' reads and writes over `db` and `vault`; every write
 * goes through `write` (group commit), each plan run by `execute`.
 */
export function createAcceptance(
  write: GroupWrite,
  execute: <T>(plan: Plan<T>) => T,
  vault: FileVault,
): IntakeStore & Pick<Housekeeping, 'purgeIdempotencyKeys' | 'settleInFlightKeys'> {
  return {
    findRepeat: (idempotency) => asPromise(() => execute(findRepeat(idempotency))),
    saveResponse: (key, status, body) =>
      write(() => {
        execute(statements.saveResponse(key, status, body));
      }),
    purgeIdempotencyKeys: (before) => write(() => execute(statements.purgeIdempotencyKeys(before))),
    settleInFlightKeys: () => write(() => execute(statements.settleInFlightKeys())),
    async accept(submission) {
      const repeat = submission.idempotency && execute(findRepeat(submission.idempotency));
      if (repeat) return repeat;
      const blobs = submission.files.map((_file, idx) => `${submission.reference}-${String(idx)}`);
      const removeBlobs = () => Promise.all(blobs.map((blob) => vault.remove(blob)));
      try {
        for (const [idx, file] of submission.files.entries())
          await vault.put(blobs[idx] ?? '', file.content);
        const outcome = await write(() => execute(insertRows(submission, blobs)));
        if (outcome.kind !== 'stored') await removeBlobs();
        return outcome;
      } catch (error) {
        await removeBlobs();
        throw error;
      }
    },
  };
}
