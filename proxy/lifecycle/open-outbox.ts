/**
 * The outbox the environment names: SQLite in `DATA_DIR`, held by this process alone (the
 * data-directory lock), or with `DATABASE_URL` a PostgreSQL that every instance shares, with
 * rate limits counted there too and new work announced to every instance.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ProxyEnv } from '../env.ts';
import { RateLimiter, type Limiter } from '../limiter/token-buckets.ts';
import type { Logger } from '../logger.ts';
import { OutageLog } from '../outbox/outage-log.ts';
import { openPostgresOutbox } from '../outbox/postgres/store.ts';
import { lockDataDir } from '../outbox/sqlite/data-dir-lock.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { diskSpool, tempSpool, type FileSpool } from '../intake/file-spool.ts';
import { databaseFailure, dataDirFailure } from './outbox-address.ts';

/** An open outbox and what goes with it. */
export interface OpenOutbox {
  store: OutboxStore;
  /**
   * A rate limiter whose buckets every instance shares when the store is shared: `perMinute`
   * tokens, refilled over a minute or over `windowMs`.
   */
  limiter(name: string, perMinute: number, windowMs?: number): Limiter;
  /** Calls `listener` when any instance stores new work (a shared store only). */
  onWork(listener: () => void): void;
  /**
   * Calls `listener` when another instance publishes a version of the form (a shared store
   * only: a version published into a SQLite outbox by the CLI is found by looking now and then).
   */
  onFormPublished(listener: () => void): void;
  /** The directory whose free space readiness watches, for an outbox on local disk. */
  dataDir?: string;
  /**
   * Where file parts are written as they arrive: beside the outbox's files, so storing one is a
   * rename; with a shared store, this machine's temporary directory.
   */
  spool: FileSpool;
  /** The folder `spool` writes to, when it is one the proxy keeps (SQLite's `DATA_DIR/incoming`). */
  spoolDir?: string;
  /** A shared store's name for this instance, which its deliverer takes leases as. */
  owner?: string;
  /** Closes the store and lets go of the data directory. */
  close(): Promise<void>;
}

/** Opens the outbox `env` names. */
export async function openOutbox(env: ProxyEnv, log: Logger): Promise<OpenOutbox> {
  if (env.DATABASE_URL) {
    const url = env.DATABASE_URL;
    const store = await openPostgresOutbox(url, { watch: new OutageLog(log) }).catch(
      (error: unknown) => {
        throw databaseFailure(url, error);
      },
    );
    return {
      store,
      owner: store.owner,
      limiter: (name, perMinute, windowMs) => store.limiter(name, perMinute, windowMs),
      onWork: (listener) => {
        store.onWork(listener);
      },
      onFormPublished: (listener) => {
        store.onFormPublished(listener);
      },
      spool: tempSpool(),
      close: () => store.close(),
    };
  }
  try {
    prepareDataDir(env.DATA_DIR, log);
  } catch (error) {
    throw dataDirFailure(env.DATA_DIR, error);
  }
  const lock = await lockDataDir(env.DATA_DIR, {
    onWait: (ms) => {
      log.warn(
        { dataDir: env.DATA_DIR, waitedSeconds: Math.round(ms / 1000) },
        'another proxy is using DATA_DIR: waiting for it to stop (run one proxy per data directory)',
      );
    },
  });
  try {
    const store = openSqliteOutbox(join(env.DATA_DIR, 'outbox.sqlite'));
    return {
      store,
      limiter: (name, perMinute, windowMs) =>
        new RateLimiter(name, perMinute, Date.now, undefined, windowMs),
      // One process: its own deliverer is woken directly by each accept.
      onWork: () => undefined,
      onFormPublished: () => undefined,
      dataDir: env.DATA_DIR,
      spool: diskSpool(join(env.DATA_DIR, 'incoming')),
      spoolDir: join(env.DATA_DIR, 'incoming'),
      close: async () => {
        await store.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw dataDirFailure(env.DATA_DIR, error);
  }
}

/** `DATA_DIR`, made if needed, and private to the proxy's user. */
function prepareDataDir(dir: string, log: Logger): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    log.warn({ err: error, dir }, 'DATA_DIR is not ours to make private (0700)');
  }
}
