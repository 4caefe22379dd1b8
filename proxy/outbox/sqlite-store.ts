/**
 * The outbox in SQLite (better-sqlite3): the embedded default, one file under `DATA_DIR`.
 * Calls are synchronous underneath; each write is one short transaction.
 */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { basename, dirname, extname, join } from 'node:path';
import { diskVault, memoryVault } from './file-vault.ts';
import { openOutboxDatabase } from './sqlite-schema.ts';
import type {
  AcceptOutcome,
  NewSubmission,
  OutboxStore,
  StoredFile,
  Submission,
  SubmissionState,
} from './store.ts';

interface SubmissionRow {
  id: number;
  reference: string;
  state: SubmissionState;
  upstream: string;
  enquiry_id: number | null;
  attempts: number;
  unknown_creates: number;
  unknown_uploads: number;
  possible_duplicate: number;
  pending_step: string | null;
  next_attempt_at: number;
  last_error: string | null;
  note: string | null;
  received_at: number;
  delivered_at: number | null;
}

interface FileRow {
  idx: number;
  name: string;
  postname: string;
  mime: string;
  size: number;
  sha256: string;
  attachment_id: number | null;
}

interface KeyRow {
  fingerprint: string;
  status: number | null;
  body: string | null;
}

const CLAIMABLE = `state = 'queued' AND (lease_until IS NULL OR lease_until <= @now)`;

/**
 * Opens the outbox in the SQLite file at `path` (its files in `<name>-files/` beside it), or an
 * in-memory one for `:memory:`.
 */
export function openSqliteOutbox(path: string): OutboxStore {
  const db = openOutboxDatabase(path);
  const vault =
    path === ':memory:'
      ? memoryVault()
      : diskVault(join(dirname(path), `${basename(path, extname(path))}-files`));
  const statement = (sql: string) => db.prepare(sql);

  const selectFiles = statement(
    'SELECT idx, name, postname, mime, size, sha256, attachment_id FROM files WHERE submission_id = ? ORDER BY idx',
  );
  const toSubmission = (row: SubmissionRow): Submission => ({
    id: row.id,
    reference: row.reference,
    state: row.state,
    upstream: JSON.parse(row.upstream) as UpstreamEnquiry,
    files: (selectFiles.all(row.id) as FileRow[]).map((file): StoredFile => ({
      index: file.idx,
      name: file.name,
      postname: file.postname,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      attachmentId: file.attachment_id,
    })),
    enquiryId: row.enquiry_id,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    note: row.note,
    receivedAt: row.received_at,
    deliveredAt: row.delivered_at,
    unknownCreates: row.unknown_creates,
    unknownUploads: row.unknown_uploads,
    possibleDuplicate: row.possible_duplicate === 1,
    pendingStep: row.pending_step,
  });

  const insertSubmission = statement(
    `INSERT INTO submissions (reference, state, upstream, next_attempt_at, note, received_at)
     VALUES (@reference, @state, @upstream, @receivedAt, @note, @receivedAt)`,
  );
  const insertFile = statement(
    `INSERT INTO files (submission_id, idx, name, postname, mime, size, sha256, blob)
     VALUES (@id, @idx, @name, @postname, @mime, @size, @sha256, @blob)`,
  );
  const selectKey = statement(
    'SELECT fingerprint, status, body FROM idempotency_keys WHERE key = ?',
  );
  const insertKey = statement(
    'INSERT INTO idempotency_keys (key, fingerprint, submission_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const byId = statement('SELECT * FROM submissions WHERE id = ?');
  const byReference = statement('SELECT * FROM submissions WHERE reference = ?');

  /** What an Idempotency-Key already seen means for a new request with it, if anything. */
  const repeatOf = (idempotency: NewSubmission['idempotency']): AcceptOutcome | undefined => {
    const existing = idempotency && (selectKey.get(idempotency.key) as KeyRow | undefined);
    if (!idempotency || !existing) return undefined;
    if (existing.fingerprint !== idempotency.fingerprint) return { kind: 'key_mismatch' };
    if (existing.status === null) return { kind: 'in_flight' };
    return {
      kind: 'replay',
      status: existing.status,
      body: JSON.parse(existing.body ?? 'null') as unknown,
    };
  };
  const insertRows = db.transaction((submission: NewSubmission, blobs: string[]): AcceptOutcome => {
    // Checked again inside the transaction: a twin request may have been stored meanwhile.
    const repeat = repeatOf(submission.idempotency);
    if (repeat) return repeat;
    const id = Number(
      insertSubmission.run({
        reference: submission.reference,
        state: submission.state,
        upstream: JSON.stringify(submission.upstream),
        receivedAt: submission.receivedAt,
        note: submission.note ?? null,
      }).lastInsertRowid,
    );
    submission.files.forEach(({ name, postname, mime, size, sha256 }, idx) =>
      insertFile.run({ id, idx, name, postname, mime, size, sha256, blob: blobs[idx] }),
    );
    const { idempotency } = submission;
    if (idempotency)
      insertKey.run(idempotency.key, idempotency.fingerprint, id, submission.receivedAt);
    return { kind: 'stored', submission: toSubmission(byId.get(id) as SubmissionRow) };
  });
  /** Files first (synced to disk), then the rows that name them, in one transaction. */
  const accept = async (submission: NewSubmission): Promise<AcceptOutcome> => {
    const repeat = repeatOf(submission.idempotency);
    if (repeat) return repeat;
    const blobs = submission.files.map((_file, idx) => `${submission.reference}-${idx}`);
    const removeBlobs = () => Promise.all(blobs.map((blob) => vault.remove(blob)));
    try {
      for (const [idx, file] of submission.files.entries())
        await vault.put(blobs[idx] ?? '', file.content);
      const outcome = insertRows(submission, blobs);
      if (outcome.kind !== 'stored') await removeBlobs();
      return outcome;
    } catch (error) {
      await removeBlobs();
      throw error;
    }
  };

  const lease = statement(
    `UPDATE submissions SET lease_owner = @owner, lease_until = @until WHERE id = @id AND ${CLAIMABLE}`,
  );
  const due = statement(
    `SELECT id FROM submissions WHERE ${CLAIMABLE} AND next_attempt_at <= @now ORDER BY next_attempt_at, id LIMIT @limit`,
  );
  const claimOne = (id: number, owner: string, leaseMs: number, now: number): Submission | null =>
    lease.run({ id, owner, until: now + leaseMs, now }).changes === 1
      ? toSubmission(byId.get(id) as SubmissionRow)
      : null;
  const claimDue = db.transaction((owner: string, leaseMs: number, now: number, limit: number) =>
    (due.all({ now, limit }) as { id: number }[]).flatMap(
      ({ id }) => claimOne(id, owner, leaseMs, now) ?? [],
    ),
  );

  const run = (sql: string) => {
    const prepared = statement(sql);
    return (...params: unknown[]) => prepared.run(...params).changes;
  };
  const setEnquiryId = run(
    `UPDATE submissions SET enquiry_id = ?, possible_duplicate = (unknown_creates > 0), pending_step = NULL
     WHERE id = ? AND enquiry_id IS NULL`,
  );
  const setAttachment = run(
    'UPDATE files SET attachment_id = ? WHERE submission_id = ? AND idx = ?',
  );
  const clearPending = run('UPDATE submissions SET pending_step = NULL WHERE id = ?');
  const setPending = run('UPDATE submissions SET pending_step = ? WHERE id = ?');
  const recordUpload = db.transaction((id: number, index: number, attachmentId: number) => {
    setAttachment(attachmentId, id, index);
    clearPending(id);
  });
  const countUnknownCreate = run(
    'UPDATE submissions SET unknown_creates = unknown_creates + 1 WHERE id = ?',
  );
  const countUnknownUpload = run(
    'UPDATE submissions SET unknown_uploads = unknown_uploads + 1 WHERE id = ?',
  );
  const setRetry = run(
    `UPDATE submissions SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?,
       lease_owner = NULL, lease_until = NULL, pending_step = NULL WHERE id = ?`,
  );
  const setReleased = run(
    'UPDATE submissions SET next_attempt_at = ?, lease_owner = NULL, lease_until = NULL, pending_step = NULL WHERE id = ?',
  );
  const setDelivered = run(
    `UPDATE submissions SET state = 'delivered', delivered_at = ?, attempts = attempts + 1,
       lease_owner = NULL, lease_until = NULL, pending_step = NULL WHERE id = ?`,
  );
  const setDead = run(
    `UPDATE submissions SET state = 'dead', note = ?, dead_at = ?, attempts = attempts + 1,
       lease_owner = NULL, lease_until = NULL, pending_step = NULL WHERE id = ?`,
  );
  const setRequeued = run(
    `UPDATE submissions SET state = 'queued', attempts = 0, next_attempt_at = ?, received_at = ?,
       lease_owner = NULL, lease_until = NULL, pending_step = NULL WHERE reference = ? AND state IN ('dead', 'spam', 'queued')`,
  );

  const updateResponse = statement(
    'UPDATE idempotency_keys SET status = ?, body = ? WHERE key = ?',
  );
  const selectBlob = statement('SELECT blob, size FROM files WHERE submission_id = ? AND idx = ?');
  const allBlobs = statement('SELECT blob FROM files');
  const deliveredBlobs = statement(
    `SELECT blob FROM files JOIN submissions ON submissions.id = files.submission_id
     WHERE state = 'delivered' AND delivered_at < ?`,
  );
  const listAll = statement('SELECT * FROM submissions ORDER BY id');
  const listByState = statement('SELECT * FROM submissions WHERE state = ? ORDER BY id');
  const nextDue = statement(
    `SELECT MIN(next_attempt_at) AS at FROM submissions WHERE state = 'queued'`,
  );
  const deleteDelivered = run(
    `DELETE FROM submissions WHERE state = 'delivered' AND delivered_at < ?`,
  );
  const deleteKeys = run('DELETE FROM idempotency_keys WHERE created_at < ?');
  const dropLeases = run(
    'UPDATE submissions SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL',
  );
  const selectSetting = statement('SELECT value FROM settings WHERE name = ?');
  const upsertSetting = statement(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );

  const counts = statement(
    `SELECT
       SUM(state = 'queued') AS queued, SUM(state = 'delivered') AS delivered,
       SUM(state = 'dead') AS dead, SUM(state = 'spam') AS spam,
       MIN(CASE WHEN state = 'queued' THEN received_at END) AS oldestQueuedAt,
       SUM(state = 'delivered' AND possible_duplicate = 1) AS possibleDuplicates,
       SUM(CASE WHEN state = 'delivered' THEN unknown_uploads ELSE 0 END) AS possibleDuplicateUploads
     FROM submissions`,
  );

  return {
    accept,
    saveResponse: async (key, status, body) => {
      updateResponse.run(status, JSON.stringify(body), key);
    },
    claim: async (id, owner, leaseMs, now) => claimOne(id, owner, leaseMs, now),
    claimDue: async (owner, leaseMs, now, limit) => claimDue(owner, leaseMs, now, limit),
    fileSource: async (id, index) => {
      const row = selectBlob.get(id, index) as { blob: string; size: number } | undefined;
      if (!row) throw new Error(`outbox has no file ${index} for submission ${id}`);
      return vault.source(row.blob, row.size);
    },
    recordCreated: async (id, enquiryId) => void setEnquiryId(enquiryId, id),
    recordUploaded: async (id, index, attachmentId) => recordUpload(id, index, attachmentId),
    markStepStarted: async (id, step) => void setPending(step, id),
    recordUnknownOutcome: async (id, step) =>
      void (step === 'create' ? countUnknownCreate(id) : countUnknownUpload(id)),
    reschedule: async (id, nextAttemptAt, error) => void setRetry(nextAttemptAt, error, id),
    release: async (id, nextAttemptAt) => void setReleased(nextAttemptAt, id),
    markDelivered: async (id, at) => void setDelivered(at, id),
    markDead: async (id, reason, at) => void setDead(reason, at, id),
    requeue: async (reference, now) => {
      if (setRequeued(now, now, reference) === 0) return null;
      return toSubmission(byReference.get(reference) as SubmissionRow);
    },
    get: async (reference) => {
      const row = byReference.get(reference) as SubmissionRow | undefined;
      return row ? toSubmission(row) : null;
    },
    list: async (state) => {
      const rows = state ? listByState.all(state) : listAll.all();
      return (rows as SubmissionRow[]).map(toSubmission);
    },
    counts: async () => {
      const row = counts.get() as Record<string, number | null>;
      const n = (key: string) => row[key] ?? 0;
      return {
        queued: n('queued'),
        delivered: n('delivered'),
        dead: n('dead'),
        spam: n('spam'),
        oldestQueuedAt: row.oldestQueuedAt ?? null,
        possibleDuplicates: n('possibleDuplicates'),
        possibleDuplicateUploads: n('possibleDuplicateUploads'),
      };
    },
    nextDueAt: async () => (nextDue.get() as { at: number | null }).at,
    purgeDelivered: async (before) => {
      const blobs = (deliveredBlobs.all(before) as { blob: string }[]).map((row) => row.blob);
      const purged = deleteDelivered(before);
      await Promise.all(blobs.map((blob) => vault.remove(blob)));
      return purged;
    },
    removeOrphanFiles: async () => {
      const named = new Set((allBlobs.all() as { blob: string }[]).map((row) => row.blob));
      const orphans = vault.names().filter((name) => !named.has(name));
      await Promise.all(orphans.map((name) => vault.remove(name)));
      return orphans.length;
    },
    purgeIdempotencyKeys: async (before) => deleteKeys(before),
    releaseAllLeases: async () => dropLeases(),
    getSetting: async (name) =>
      (selectSetting.get(name) as { value: string } | undefined)?.value ?? null,
    setSetting: async (name, value) => void upsertSetting.run(name, value),
    close: async () => void db.close(),
  };
}
