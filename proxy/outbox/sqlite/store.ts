/**
 * The outbox in SQLite (better-sqlite3): the embedded default, one database file under
 * `DATA_DIR` with the submissions' files beside it (`file-vault.ts`). The rules are the
 * machine's (`../machine/`), bound by the one binder (`../binder.ts`) and run synchronously
 * (`driver.ts`); writes asked for together share one transaction (`group-commit.ts`). What is
 * SQLite's own here: the files' bytes in the vault (`vault-bytes.ts`), the accept that writes
 * them first (`accept.ts`), and the write-ahead log emptied after an erasure.
 */
import { basename, dirname, extname, join } from 'node:path';
import { bindOutbox } from '../binder.ts';
import { outboxMachine } from '../machine/index.ts';
import type { Plan } from '../machine/plan.ts';
import { asPromise } from '../rows.ts';
import type { OutboxStore } from '../store.ts';
import { sqliteAccept } from './accept.ts';
import { sqliteDialect, sqliteRunner } from './driver.ts';
import { diskVault, memoryVault } from './file-vault.ts';
import { groupCommit, walFlusher } from './group-commit.ts';
import { openOutboxDatabase } from './schema.ts';
import { vaultBytes } from './vault-bytes.ts';
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
  /** A write, in the next group commit: all of a plan's writes in one savepoint. */
  const written = <T>(plan: Plan<T>) => write(() => execute(plan));
  const m = outboxMachine(sqliteDialect);
  const { closeFiles, ...uploads } = sqliteUploads(write, execute, uploadFolder(vaultDir));
  const bound = bindOutbox(m, {
    read: (plan) => asPromise(() => execute(plan)),
    write: written,
    atomic: written,
    record: written,
    atomicRecord: written,
    // One process per data directory (the lock in `data-dir-lock.ts`): a lease lasts its time.
    shared: false,
    recordsWithWrites: true,
    aliveAfter: (now) => now,
    bytes: vaultBytes(vault, execute, write),
  });

  return {
    ...bound,
    accept: sqliteAccept(m, write, execute, vault),
    ...uploads,
    async erase(reference, options) {
      const outcome = await bound.erase(reference, options);
      // With secure_delete the freed pages are zeroed; the checkpoint writes them over the
      // file's old pages and empties the WAL, so no copy of the text is left in either file.
      if (outcome.kind === 'erased' && path !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      return outcome;
    },
    async close() {
      // The last batch is committed before the file is closed.
      await write(() => undefined);
      await closeFiles();
      await wal?.close();
      db.close();
    },
  };
}
