/**
 * The outbox in SQLite (better-sqlite3): the embedded default, one database file under
 * `DATA_DIR` with the submissions' files beside it. Calls are synchronous underneath; writes
 * asked for together share one transaction (`sqlite-group-commit.ts`). Taking in lives in
 * `sqlite-accept.ts`, claims and delivery steps in `sqlite-delivery.ts`; this file adds what
 * operators and housekeeping read.
 */
import { basename, dirname, extname, join } from 'node:path';
import { diskVault, memoryVault } from './file-vault.ts';
import { createAcceptance } from './sqlite-accept.ts';
import { sqliteDelivery } from './sqlite-delivery.ts';
import { asPromise, toCounts, toSubmission, type FileRow, type SubmissionRow } from './rows.ts';
import { sqliteNotifications } from './sqlite-notifications.ts';
import { groupCommit, walFlusher } from './sqlite-group-commit.ts';
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
  const wal = path === ':memory:' ? undefined : walFlusher(path);
  const write = groupCommit(db, { sync: wal?.sync });
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
    `SELECT idx, name, postname, mime, size, sha256, attachment_id, failed_reason, skipped
     FROM files WHERE submission_id = ? ORDER BY idx`,
  );
  const byId = statement('SELECT * FROM submissions WHERE id = ?');
  const byReference = statement('SELECT * FROM submissions WHERE reference = ?');
  const mapped = (row: SubmissionRow | undefined) =>
    row ? toSubmission(row, selectFiles.all(row.id) as FileRow[]) : null;
  const submissionById = (id: number) => mapped(byId.get(id) as SubmissionRow) as Submission;
  const acceptance = createAcceptance(db, write, vault, submissionById);
  // A refused file stays (the firm must get it another way) unless an operator skipped it.
  const deliveredBlobs = blobsOf(
    'SELECT blob FROM files WHERE submission_id = ? AND (failed_reason IS NULL OR skipped = 1)',
  );
  const delivery = sqliteDelivery(db, write, submissionById, (id) =>
    removeBlobs(deliveredBlobs(id)),
  );

  // An operator's retry keeps pending_step: if the last attempt died mid-step, the next one
  // must still count it as of unknown outcome.
  const setRequeued = run(
    `UPDATE submissions SET state = 'queued', attempts = 0, next_attempt_at = @now, retry_from = @now,
       lease_owner = NULL, lease_until = NULL, notified_at = NULL
     WHERE reference = @reference AND state IN ('dead', 'spam', 'queued', 'partial')
       AND (lease_until IS NULL OR lease_until <= @now)`,
  );
  // A retried file is sent again; `@file` null retries every refused one.
  const clearFailures = run(
    `UPDATE files SET failed_reason = NULL
     WHERE submission_id = (SELECT id FROM submissions WHERE reference = @reference)
       AND skipped = 0 AND (@file IS NULL OR idx = @file)`,
  );
  const requeue = db.transaction((reference: string, now: number, file: number | null) => {
    if (setRequeued({ reference, now }) !== 1) return false;
    clearFailures({ reference, file });
    return true;
  });
  const setSkipped = run(
    `UPDATE files SET skipped = 1
     WHERE submission_id = (SELECT id FROM submissions WHERE reference = @reference)
       AND idx = @index AND failed_reason IS NOT NULL AND skipped = 0`,
  );
  const skippedBlob = statement(
    `SELECT blob FROM files JOIN submissions ON id = submission_id WHERE reference = ? AND idx = ?`,
  );
  const settleIfAllSkipped = run(
    `UPDATE submissions SET state = 'delivered' WHERE reference = @reference AND state = 'partial'
       AND NOT EXISTS (SELECT 1 FROM files WHERE submission_id = submissions.id
         AND failed_reason IS NOT NULL AND skipped = 0)`,
  );
  const skip = db.transaction((reference: string, index: number) => {
    if (setSkipped({ reference, index }) !== 1) return false;
    settleIfAllSkipped({ reference });
    return true;
  });
  const counts = statement(
    `SELECT
       SUM(state = 'queued') AS queued, SUM(state = 'delivered') AS delivered,
       SUM(state = 'partial') AS partial,
       SUM(state = 'dead') AS dead, SUM(state = 'spam') AS spam,
       MIN(CASE WHEN state = 'queued' THEN received_at END) AS oldestQueuedAt,
       SUM(state IN ('delivered', 'partial') AND possible_duplicate = 1) AS possibleDuplicates,
       SUM(CASE WHEN state IN ('delivered', 'partial') THEN unknown_uploads ELSE 0 END) AS possibleDuplicateUploads
     FROM submissions`,
  );
  const selectBlob = statement('SELECT blob, size FROM files WHERE submission_id = ? AND idx = ?');
  const listAll = statement('SELECT * FROM submissions ORDER BY id');
  const listByState = statement('SELECT * FROM submissions WHERE state = ? ORDER BY id');
  const expedite = run(
    `UPDATE submissions SET next_attempt_at = @now
     WHERE state = 'queued' AND next_attempt_at > @now AND (lease_until IS NULL OR lease_until <= @now)`,
  );
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
  // Only dead letters the firm was told of (their notifications queued), given up before `?`.
  const notifiedDead = `state = 'dead' AND notified_at IS NOT NULL AND dead_at < ?`;
  const deadBlobs = blobsOf(
    `SELECT blob FROM files JOIN submissions ON id = submission_id WHERE ${notifiedDead}`,
  );
  const deleteDead = run(`DELETE FROM submissions WHERE ${notifiedDead}`);
  const namedBlobs = blobsOf('SELECT blob FROM files');
  const purgeTokens = run('DELETE FROM spent_form_tokens WHERE expires_at < ?');
  const dropLeases = run(
    `UPDATE submissions SET lease_owner = NULL, lease_until = NULL, lease_token = lease_token + 1
     WHERE lease_owner IS NOT NULL`,
  );
  const selectSetting = statement('SELECT value FROM settings WHERE name = ?');
  const upsertSetting = statement(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );

  return {
    // One process per data directory (the lock in `data-dir-lock.ts`).
    shared: false,
    ...sqliteNotifications(db, write, (row) => mapped(row) as Submission),
    ...acceptance,
    ...delivery,
    fileSource: (id, index) =>
      asPromise(() => {
        const row = selectBlob.get(id, index) as { blob: string; size: number } | undefined;
        if (!row) throw new Error(`outbox has no file ${index} for submission ${id}`);
        return vault.source(row.blob, row.size);
      }),
    requeue: (reference, now, only) =>
      write((): RequeueOutcome => {
        const existing = mapped(byReference.get(reference) as SubmissionRow | undefined);
        if (!existing) return { kind: 'not_found' };
        if (requeue(reference, now, only?.file ?? null))
          return {
            kind: 'requeued',
            submission: mapped(byReference.get(reference) as SubmissionRow) as Submission,
          };
        return {
          kind: existing.state === 'delivered' ? 'delivered' : 'in_delivery',
          submission: existing,
        };
      }),
    skipFile: (reference, index) =>
      write(() => {
        const blob = (skippedBlob.get(reference, index) as { blob: string } | undefined)?.blob;
        return skip(reference, index) ? blob : undefined;
      }).then(async (blob) => {
        if (blob === undefined) return false;
        await removeBlobs([blob]);
        return true;
      }),
    get: (reference) =>
      asPromise(() => mapped(byReference.get(reference) as SubmissionRow | undefined)),
    list: (state) =>
      asPromise(() =>
        ((state ? listByState.all(state) : listAll.all()) as SubmissionRow[]).map(
          (row) => mapped(row) as Submission,
        ),
      ),
    counts: () => asPromise(() => toCounts(counts.get() as Record<string, number | null>)),
    expediteQueued: (now) => write(() => expedite({ now })),
    nextDueAt: () => asPromise(() => (nextDue.get() as { at: number | null }).at),
    purgeDelivered: (before) => write(() => deleteDelivered(before)),
    async purgeSpam(before) {
      const blobs = spamBlobs(before);
      const purged = await write(() => deleteSpam(before));
      await removeBlobs(blobs);
      return purged;
    },
    async purgeNotifiedDead(before) {
      const blobs = deadBlobs(before);
      const purged = await write(() => deleteDead(before));
      await removeBlobs(blobs);
      return purged;
    },
    async removeOrphanFiles(before = Infinity) {
      const named = new Set(namedBlobs());
      const orphans = vault.names(before).filter((name) => !named.has(name));
      await removeBlobs(orphans);
      return orphans.length;
    },
    purgeSpentFormTokens: (now) => write(() => purgeTokens(now)),
    releaseAllLeases: () => write(() => dropLeases()),
    getSetting: (name) =>
      asPromise(() => (selectSetting.get(name) as { value: string } | undefined)?.value ?? null),
    setSetting: (name, value) =>
      write(() => {
        upsertSetting.run(name, value);
      }),
    async close() {
      // The last batch is committed before the file is closed.
      await write(() => undefined);
      await wal?.close();
      db.close();
    },
  };
}
