/**
 * The outbox in SQLite (better-sqlite3): the embedded default, one database file under
 * `DATA_DIR` with the submissions' files beside it. Calls are synchronous underneath; each
 * write is one short transaction.
 */
import { basename, dirname, extname, join } from 'node:path';
import { diskVault, memoryVault } from './file-vault.ts';
import { createAcceptance } from './sqlite-accept.ts';
import {
  CLAIMABLE,
  toSubmission,
  UNLEASED,
  type FileRow,
  type SubmissionRow,
} from './sqlite-rows.ts';
import { openOutboxDatabase } from './sqlite-schema.ts';
import type { OutboxStore, Submission } from './store.ts';

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
  const run = (sql: string) => {
    const prepared = statement(sql);
    return (...params: unknown[]) => prepared.run(...params).changes;
  };
  const blobsOf = (sql: string) => {
    const prepared = statement(sql);
    return (...params: unknown[]) =>
      (prepared.all(...params) as { blob: string }[]).map((row) => row.blob);
  };
  const removeBlobs = (blobs: string[]) => Promise.all(blobs.map((blob) => vault.remove(blob)));

  const selectFiles = statement(
    'SELECT idx, name, postname, mime, size, sha256, attachment_id FROM files WHERE submission_id = ? ORDER BY idx',
  );
  const byId = statement('SELECT * FROM submissions WHERE id = ?');
  const byReference = statement('SELECT * FROM submissions WHERE reference = ?');
  const mapped = (row: SubmissionRow | undefined) =>
    row ? toSubmission(row, selectFiles.all(row.id) as FileRow[]) : null;
  const submissionById = (id: number) => mapped(byId.get(id) as SubmissionRow) as Submission;
  const acceptance = createAcceptance(db, vault, submissionById);

  const lease = statement(
    `UPDATE submissions SET lease_owner = @owner, lease_until = @until WHERE id = @id AND ${CLAIMABLE}`,
  );
  const due = statement(
    `SELECT id FROM submissions WHERE ${CLAIMABLE} AND next_attempt_at <= @now ORDER BY next_attempt_at, id LIMIT @limit`,
  );
  const claimOne = (id: number, owner: string, leaseMs: number, now: number): Submission | null =>
    lease.run({ id, owner, until: now + leaseMs, now }).changes === 1 ? submissionById(id) : null;
  const claimDue = db.transaction((owner: string, leaseMs: number, now: number, limit: number) =>
    (due.all({ now, limit }) as { id: number }[]).flatMap(
      ({ id }) => claimOne(id, owner, leaseMs, now) ?? [],
    ),
  );

  const setEnquiryId = run(
    `UPDATE submissions SET enquiry_id = ?, possible_duplicate = (unknown_creates > 0), pending_step = NULL
     WHERE id = ? AND enquiry_id IS NULL`,
  );
  const setAttachment = run(
    'UPDATE files SET attachment_id = ? WHERE submission_id = ? AND idx = ?',
  );
  const clearPending = run('UPDATE submissions SET pending_step = NULL WHERE id = ?');
  const recordUpload = db.transaction((id: number, index: number, attachmentId: number) => {
    setAttachment(attachmentId, id, index);
    clearPending(id);
  });
  const setPending = run('UPDATE submissions SET pending_step = ?, lease_until = ? WHERE id = ?');
  const countUnknownCreate = run(
    'UPDATE submissions SET unknown_creates = unknown_creates + 1 WHERE id = ?',
  );
  const countUnknownUpload = run(
    'UPDATE submissions SET unknown_uploads = unknown_uploads + 1 WHERE id = ?',
  );
  const setRetry = run(
    `UPDATE submissions SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, pending_step = NULL, ${UNLEASED}
     WHERE id = ?`,
  );
  const setReleased = run(
    `UPDATE submissions SET next_attempt_at = ?, pending_step = NULL, ${UNLEASED} WHERE id = ?`,
  );
  const setPaused = run(
    `UPDATE submissions SET next_attempt_at = ?, retry_from = MAX(retry_from, ?), pending_step = NULL, ${UNLEASED}
     WHERE id = ?`,
  );
  const blobsOfSubmission = blobsOf('SELECT blob FROM files WHERE submission_id = ?');
  const setDelivered = run(
    `UPDATE submissions SET state = 'delivered', delivered_at = ?, attempts = attempts + 1, pending_step = NULL, ${UNLEASED}
     WHERE id = ?`,
  );
  const setDead = run(
    `UPDATE submissions SET state = 'dead', note = ?, dead_at = ?, attempts = attempts + 1, pending_step = NULL, ${UNLEASED}
     WHERE id = ?`,
  );
  // An operator's retry keeps pending_step: if the last attempt died mid-step, the next one
  // must still count it as of unknown outcome.
  const setRequeued = run(
    `UPDATE submissions SET state = 'queued', attempts = 0, next_attempt_at = @now, retry_from = @now, ${UNLEASED}
     WHERE reference = @reference AND state IN ('dead', 'spam', 'queued') AND (lease_until IS NULL OR lease_until <= @now)`,
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
  const updateResponse = statement(
    'UPDATE idempotency_keys SET status = ?, body = ? WHERE key = ?',
  );
  const selectBlob = statement('SELECT blob, size FROM files WHERE submission_id = ? AND idx = ?');
  const listAll = statement('SELECT * FROM submissions ORDER BY id');
  const listByState = statement('SELECT * FROM submissions WHERE state = ? ORDER BY id');
  const nextDue = statement(
    `SELECT MIN(next_attempt_at) AS at FROM submissions WHERE state = 'queued'`,
  );
  const deleteDelivered = run(
    `DELETE FROM submissions WHERE state = 'delivered' AND delivered_at < ?`,
  );
  const spamBlobs = blobsOf(
    `SELECT blob FROM files JOIN submissions ON id = submission_id WHERE state = 'spam' AND received_at < ?`,
  );
  const deleteSpam = run(`DELETE FROM submissions WHERE state = 'spam' AND received_at < ?`);
  const undeliveredBlobs = blobsOf(
    `SELECT blob FROM files JOIN submissions ON id = submission_id WHERE state <> 'delivered'`,
  );
  const deleteKeys = run('DELETE FROM idempotency_keys WHERE created_at < ?');
  const dropLeases = run(`UPDATE submissions SET ${UNLEASED} WHERE lease_owner IS NOT NULL`);
  const selectSetting = statement('SELECT value FROM settings WHERE name = ?');
  const upsertSetting = statement(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );

  return {
    accept: acceptance.accept,
    findRepeat: async (idempotency) => acceptance.findRepeat(idempotency),
    saveResponse: async (key, status, body) =>
      void updateResponse.run(status, JSON.stringify(body), key),
    claim: async (id, owner, leaseMs, now) => claimOne(id, owner, leaseMs, now),
    claimDue: async (owner, leaseMs, now, limit) => claimDue(owner, leaseMs, now, limit),
    fileSource: async (id, index) => {
      const row = selectBlob.get(id, index) as { blob: string; size: number } | undefined;
      if (!row) throw new Error(`outbox has no file ${index} for submission ${id}`);
      return vault.source(row.blob, row.size);
    },
    recordCreated: async (id, enquiryId) => void setEnquiryId(enquiryId, id),
    recordUploaded: async (id, index, attachmentId) => recordUpload(id, index, attachmentId),
    markStepStarted: async (id, step, leaseUntil) => void setPending(step, leaseUntil, id),
    recordUnknownOutcome: async (id, step) =>
      void (step === 'create' ? countUnknownCreate(id) : countUnknownUpload(id)),
    reschedule: async (id, nextAttemptAt, error) => void setRetry(nextAttemptAt, error, id),
    release: async (id, nextAttemptAt) => void setReleased(nextAttemptAt, id),
    pauseForCredentials: async (id, resumeAt) => void setPaused(resumeAt, resumeAt, id),
    markDelivered: async (id, at) => {
      setDelivered(at, id);
      // The platform has the files now; the row keeps their names, sizes and hashes.
      await removeBlobs(blobsOfSubmission(id));
    },
    markDead: async (id, reason, at) => void setDead(reason, at, id),
    requeue: async (reference, now) => {
      if (setRequeued({ reference, now }) === 1)
        return {
          kind: 'requeued',
          submission: mapped(byReference.get(reference) as SubmissionRow) as Submission,
        };
      const existing = mapped(byReference.get(reference) as SubmissionRow | undefined);
      if (!existing) return { kind: 'not_found' };
      return {
        kind: existing.state === 'delivered' ? 'delivered' : 'in_delivery',
        submission: existing,
      };
    },
    get: async (reference) => mapped(byReference.get(reference) as SubmissionRow | undefined),
    list: async (state) =>
      ((state ? listByState.all(state) : listAll.all()) as SubmissionRow[]).map(
        (row) => mapped(row) as Submission,
      ),
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
    purgeDelivered: async (before) => deleteDelivered(before),
    purgeSpam: async (before) => {
      const blobs = spamBlobs(before);
      const purged = deleteSpam(before);
      await removeBlobs(blobs);
      return purged;
    },
    removeOrphanFiles: async () => {
      const named = new Set(undeliveredBlobs());
      const orphans = vault.names().filter((name) => !named.has(name));
      await removeBlobs(orphans);
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
