/**
 * The outbox in SQLite (better-sqlite3): the embedded default, one database file under
 * `DATA_DIR` with the submissions' files beside it. Calls are synchronous underneath; each
 * write is one short transaction. Taking in lives in `sqlite-accept.ts`, claims and delivery
 * steps in `sqlite-delivery.ts`; this file adds what operators and housekeeping read.
 */
import { basename, dirname, extname, join } from 'node:path';
import { diskVault, memoryVault } from './file-vault.ts';
import { createAcceptance } from './sqlite-accept.ts';
import { sqliteDelivery } from './sqlite-delivery.ts';
import { asPromise, toSubmission, type FileRow, type SubmissionRow } from './sqlite-rows.ts';
import { openOutboxDatabase } from './sqlite-schema.ts';
import type { OutboxStore } from './store.ts';
import type { RequeueOutcome, Submission } from './submission.ts';

/**
 * Opens the outbox in the SQLite file at `path` (its files in `<name>-files/` beside it), or an
 * in-memory one for `:memory:`.
 *
 * @example const store = openSqliteOutbox(join(env.DATA_DIR, 'outbox.sqlite'));
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
  const removeBlobs = async (blobs: string[]) => {
    await Promise.all(blobs.map((blob) => vault.remove(blob)));
  };

  const selectFiles = statement(
    'SELECT idx, name, postname, mime, size, sha256, attachment_id FROM files WHERE submission_id = ? ORDER BY idx',
  );
  const byId = statement('SELECT * FROM submissions WHERE id = ?');
  const byReference = statement('SELECT * FROM submissions WHERE reference = ?');
  const mapped = (row: SubmissionRow | undefined) =>
    row ? toSubmission(row, selectFiles.all(row.id) as FileRow[]) : null;
  const submissionById = (id: number) => mapped(byId.get(id) as SubmissionRow) as Submission;
  const acceptance = createAcceptance(db, vault, submissionById);
  const blobsOfSubmission = blobsOf('SELECT blob FROM files WHERE submission_id = ?');
  const delivery = sqliteDelivery(db, submissionById, (id) => removeBlobs(blobsOfSubmission(id)));

  // An operator's retry keeps pending_step: if the last attempt died mid-step, the next one
  // must still count it as of unknown outcome.
  const setRequeued = run(
    `UPDATE submissions SET state = 'queued', attempts = 0, next_attempt_at = @now, retry_from = @now,
       lease_owner = NULL, lease_until = NULL
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
  const dropLeases = run(
    `UPDATE submissions SET lease_owner = NULL, lease_until = NULL, lease_token = lease_token + 1
     WHERE lease_owner IS NOT NULL`,
  );
  const selectSetting = statement('SELECT value FROM settings WHERE name = ?');
  const upsertSetting = statement(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );

  return {
    ...acceptance,
    ...delivery,
    fileSource: (id, index) =>
      asPromise(() => {
        const row = selectBlob.get(id, index) as { blob: string; size: number } | undefined;
        if (!row) throw new Error(`outbox has no file ${index} for submission ${id}`);
        return vault.source(row.blob, row.size);
      }),
    requeue: (reference, now) =>
      asPromise((): RequeueOutcome => {
        const existing = mapped(byReference.get(reference) as SubmissionRow | undefined);
        if (!existing) return { kind: 'not_found' };
        if (setRequeued({ reference, now }) === 1)
          return {
            kind: 'requeued',
            submission: mapped(byReference.get(reference) as SubmissionRow) as Submission,
          };
        return {
          kind: existing.state === 'delivered' ? 'delivered' : 'in_delivery',
          submission: existing,
        };
      }),
    get: (reference) =>
      asPromise(() => mapped(byReference.get(reference) as SubmissionRow | undefined)),
    list: (state) =>
      asPromise(() =>
        ((state ? listByState.all(state) : listAll.all()) as SubmissionRow[]).map(
          (row) => mapped(row) as Submission,
        ),
      ),
    counts: () =>
      asPromise(() => {
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
      }),
    nextDueAt: () => asPromise(() => (nextDue.get() as { at: number | null }).at),
    purgeDelivered: (before) => asPromise(() => deleteDelivered(before)),
    async purgeSpam(before) {
      const blobs = spamBlobs(before);
      const purged = deleteSpam(before);
      await removeBlobs(blobs);
      return purged;
    },
    async removeOrphanFiles() {
      const named = new Set(undeliveredBlobs());
      const orphans = vault.names().filter((name) => !named.has(name));
      await removeBlobs(orphans);
      return orphans.length;
    },
    releaseAllLeases: () => asPromise(() => dropLeases()),
    getSetting: (name) =>
      asPromise(() => (selectSetting.get(name) as { value: string } | undefined)?.value ?? null),
    setSetting: (name, value) =>
      asPromise(() => {
        upsertSetting.run(name, value);
      }),
    close: () =>
      asPromise(() => {
        db.close();
      }),
  };
}
