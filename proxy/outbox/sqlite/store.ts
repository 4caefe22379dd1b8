/**
 * The outbox in SQLite (better-sqlite3): the embedded default, one database file under
 * `DATA_DIR` with the submissions' files beside it (`file-vault.ts`). The rules are the
 * machine's (`../machine/`), run synchronously (`driver.ts`); writes asked for together share
 * one transaction (`group-commit.ts`). What is SQLite's own here: the files' bytes in the vault.
 */
import { basename, dirname, extname, join } from 'node:path';
import { boundQueries, outboxMachine } from '../machine/index.ts';
import { inBatches, PURGES } from '../machine/housekeeping.ts';
import { all, type Plan } from '../machine/plan.ts';
import { asPromise } from '../rows.ts';
import type { OutboxStore } from '../store.ts';
import { createAcceptance } from './accept.ts';
import { sqliteDialect, sqliteRunner } from './driver.ts';
import { diskVault, memoryVault } from './file-vault.ts';
import { groupCommit, walFlusher } from './group-commit.ts';
import { openOutboxDatabase } from './schema.ts';
import { sqliteUploads, uploadFolder } from './uploads.ts';

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
  const vaultDir =
    path === ':memory:' ? undefined : join(dirname(path), `${basename(path, extname(path))}-files`);
  const vault = vaultDir === undefined ? memoryVault() : diskVault(vaultDir);
  const execute = sqliteRunner(db);
  /** A read, now; a write, in the next group commit (all of a plan's writes in one savepoint). */
  const read = <T>(plan: Plan<T>) => asPromise(() => execute(plan));
  const written = <T>(plan: () => Plan<T>) => write(() => execute(plan()));
  const blobsOf = (where: string, params: Record<string, unknown>) =>
    execute(all<{ blob: string }>(`SELECT blob FROM files WHERE ${where}`, params)).map(
      (row) => row.blob,
    );
  const removeBlobs = async (blobs: string[]) => {
    await Promise.all(blobs.map((blob) => vault.remove(blob)));
  };

  const m = outboxMachine(sqliteDialect);
  /**
   * Purges batch by batch, then drops the purged submissions' files and the finished webhook
   * deliveries of every submission gone.
   */
  const purge = async (which: keyof typeof PURGES, before: number) => {
    const blobs = blobsOf(`submission_id IN (SELECT id FROM submissions WHERE ${PURGES[which]})`, {
      before,
    });
    const purged = await inBatches(
      async () => (await written(() => m.purgeBatch(which, before))).length,
    );
    await removeBlobs(blobs);
    await inBatches(() => written(() => m.purgeWebhookBatch()));
    return purged;
  };

  return {
    ...boundQueries(m, read),
    // One process per data directory (the lock in `data-dir-lock.ts`).
    shared: false,
    ...createAcceptance(write, execute, vault),
    ...sqliteUploads(write, execute, uploadFolder(vaultDir)),
    claim: (id, owner, leaseMs, now) => written(() => m.claim(id, owner, leaseMs, now)),
    claimDue: (owner, leaseMs, now, limit, running) =>
      written(() => m.claimDue(owner, leaseMs, now, limit, running)),
    fileSource: (id, index) =>
      asPromise(() => {
        const row = execute(
          all<{ blob: string; size: number }>(
            'SELECT blob, size FROM files WHERE submission_id = @id AND idx = @index',
            { id, index },
          ),
        )[0];
        if (!row)
          throw new Error(`outbox has no file ${String(index)} for submission ${String(id)}`);
        return vault.source(row.blob, row.size);
      }),
    startStep: (owned, step, leaseUntil) => written(() => m.startStep(owned, step, leaseUntil)),
    recordCreated: (owned, enquiryId, at) => written(() => m.recordCreated(owned, enquiryId, at)),
    recordUploaded: (owned, index, attachmentId, at) =>
      written(() => m.recordUploaded(owned, index, attachmentId, at)),
    recordUploadFailed: (owned, index, reason, at) =>
      written(() => m.recordUploadFailed(owned, index, reason, at)),
    recordUnknownOutcome: (owned, step) => written(() => m.recordUnknownOutcome(owned, step)),
    async finish(owned, outcome) {
      await written(() => m.finish(owned, outcome));
      // The platform has the files now; the rows keep their names, sizes and hashes. A refused
      // file stays (the firm must get it another way) unless an operator skipped it.
      if (outcome.kind === 'delivered')
        await removeBlobs(
          blobsOf('submission_id = @id AND (failed_reason IS NULL OR skipped = 1)', {
            id: owned.id,
          }),
        );
    },
    deadLetter: (owned, reason, at) => written(() => m.deadLetter(owned, reason, at)),
    requeue: (reference, now, only) => written(() => m.requeue(reference, now, only)),
    async skipFile(reference, index) {
      const id = await written(() => m.skipFile(reference, index));
      if (id === null) return false;
      await removeBlobs(blobsOf('submission_id = @id AND idx = @index', { id, index }));
      return true;
    },
    expediteQueued: (now) => written(() => m.expediteQueued(now)),
    purgeDelivered: (before) => purge('delivered', before),
    purgeSpam: (before) => purge('spam', before),
    purgeNotifiedDead: (before) => purge('notifiedDead', before),
    async removeOrphanFiles(before = Infinity) {
      const named = new Set(blobsOf('1 = 1', {}));
      const orphans = vault.names(before).filter((name) => !named.has(name));
      await removeBlobs(orphans);
      return orphans.length;
    },
    purgeSpentFormTokens: (now) => written(() => m.purgeSpentFormTokens(now)),
    releaseAllLeases: () => written(() => m.releaseAllLeases()),
    queueNotifications: (rows, lead) => written(() => m.queueNotifications(rows, lead)),
    finishNotification: (id, outcome) => written(() => m.finishNotification(id, outcome)),
    queueWebhooks: (rows) => written(() => m.queueWebhooks(rows)),
    claimWebhooks: (endpoint, owner, leaseMs, now, limit) =>
      written(() => m.claimWebhooks(endpoint, owner, leaseMs, now, limit)),
    finishWebhook: (lease, outcome) => written(() => m.finishWebhook(lease, outcome)),
    retryWebhook: (id, now) => written(() => m.retryWebhook(id, now)),
    setSetting: (name, value) => written(() => m.setSetting(name, value)),
    recordAudit: (entry) => written(() => m.recordAudit(entry)),
    addFunnelTally: (tally) => written(() => m.addFunnelTally(tally)),
    expectDelivery: (id, key) => written(() => m.expectDelivery(id, key)),
    forgetFunnelDay: (before) => written(() => m.forgetFunnelDay(before)),
    keepWidgetFiles: (files, at) => written(() => m.keepWidgetFiles(files, at)),
    forgetWidgetFiles: (before) => written(() => m.forgetWidgetFiles(before)),
    async erase(reference, { force, at, client }) {
      const blobs = blobsOf(
        'submission_id IN (SELECT id FROM submissions WHERE reference = @reference)',
        {
          reference,
        },
      );
      const outcome = await written(() => m.erase(reference, force, at, client));
      if (outcome.kind !== 'erased') return outcome;
      await removeBlobs(blobs);
      // With secure_delete the freed pages are zeroed; the checkpoint writes them over the
      // file's old pages and empties the WAL, so no copy of the text is left in either file.
      if (path !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      return outcome;
    },
    async close() {
      // The last batch is committed before the file is closed.
      await write(() => undefined);
      await wal?.close();
      db.close();
    },
  };
}
