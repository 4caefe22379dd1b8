/**
 * Taking a submission into the SQLite outbox: its files first (each synced to disk in the
 * vault), then the rows that name them, its Idempotency-Key, its booking and the takeover of the unfinished records
 * kept from its form session, in one transaction. A key seen
 * before is answered from what it was first used for. The statements are the machine's
 * (`../machine/intake.ts`); what is SQLite's own is the order: the vault's files before the
 * rows, the key looked up again inside the transaction (one writer: no twin can slip between).
 */
import type { OutboxMachine } from '../machine/index.ts';
import type { Plan } from '../machine/plan.ts';
import type { IntakeStore } from '../store.ts';
import type { AcceptOutcome, NewSubmission } from '../submission.ts';
import type { FileVault } from './file-vault.ts';
import type { GroupWrite } from './group-commit.ts';

/** The rows of `submission`, its files' bytes kept in the vault as `blobs`. */
function* insertRows(
  m: OutboxMachine,
  submission: NewSubmission,
  blobs: readonly string[],
): Plan<AcceptOutcome> {
  const { idempotency } = submission;
  // Checked again inside the transaction: a twin request may have been stored meanwhile.
  const repeat = idempotency && (yield* m.findRepeat(idempotency));
  if (repeat) return repeat;
  if (submission.formToken && !(yield* m.spendToken(submission.formToken)))
    return { kind: 'token_spent' };
  const row = yield* m.insertSubmission(submission);
  const { id } = row;
  for (const [idx, file] of submission.files.entries())
    yield* m.insertFileRow(id, idx, file, blobs[idx]);
  if (submission.funnelCell) yield* m.expectDelivery(id, submission.funnelCell);
  if (idempotency && !(yield* m.insertKey(idempotency, id, submission.receivedAt)))
    throw new Error('an Idempotency-Key was kept by a twin inside one transaction');
  const booking = submission.booking
    ? yield* m.takeBooking({ ...submission, id }, submission.booking)
    : undefined;
  // Every host's time taken: the write's savepoint is undone, nothing of the enquiry stays.
  if (booking === null) throw new SlotTaken();
  if (submission.callNotHeld)
    yield* m.noteCallNotHeld(submission.callNotHeld, submission.receivedAt);
  if (submission.formSession)
    yield* m.takeOverUnfinished(
      submission.formSession,
      submission.reference,
      submission.receivedAt,
    );
  const confirmation = submission.aftercare
    ? yield* m.recordAftercare(submission.aftercare, booking?.host)
    : 'none';
  const stored = yield* m.asStored(row, submission);
  return {
    kind: 'stored',
    submission: stored,
    confirmation,
    ...(submission.lease ? { lease: { id, token: 1 } } : {}),
    ...(booking ? { booking } : {}),
  };
}

/** Thrown inside the accept's write when the call's time was taken: its savepoint is undone. */
class SlotTaken extends Error {}

/**
 * `accept` over `vault`: every write goes through `write` (group commit), each plan run by
 * `execute`.
 */
export function sqliteAccept(
  m: OutboxMachine,
  write: GroupWrite,
  execute: <T>(plan: Plan<T>) => T,
  vault: FileVault,
): IntakeStore['accept'] {
  return async (submission) => {
    const repeat = submission.idempotency && execute(m.findRepeat(submission.idempotency));
    if (repeat) return repeat;
    const blobs = submission.files.map((_file, idx) => `${submission.reference}-${String(idx)}`);
    const removeBlobs = () => Promise.all(blobs.map((blob) => vault.remove(blob)));
    try {
      for (const [idx, file] of submission.files.entries())
        await vault.put(blobs[idx] ?? '', file.content);
      const outcome = await write(() => execute(insertRows(m, submission, blobs)));
      if (outcome.kind !== 'stored') await removeBlobs();
      return outcome;
    } catch (error) {
      await removeBlobs();
      if (error instanceof SlotTaken) return { kind: 'slot_taken' };
      throw error;
    }
  };
}
