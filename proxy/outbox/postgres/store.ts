/**
 * The outbox in PostgreSQL (`DATABASE_URL`): every instance behind a load balancer shares one
 * database, so the queue, the idempotency keys, the spent form tokens and the rate limits are
 * the same wherever a request lands. The rules are the machine's (`../machine/`), bound by the
 * one binder (`../binder.ts`) and run by `driver.ts`; what is PostgreSQL's own here: the files'
 * bytes as bytea chunks and the channels that wake delivery and announce the form (`files.ts`),
 * the accept that writes them (`accept.ts`), the instance's heartbeat, and the shared rate limits
 * (`rate-limit.ts`). The heartbeat and the records of what the platform answered each have
 * connections of their own.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Limiter } from '../../limiter/token-buckets.ts';
import { bindOutbox } from '../binder.ts';
import { outboxMachine } from '../machine/index.ts';
import type { Plan } from '../machine/plan.ts';
import type { OutboxStore } from '../store.ts';
import { pgAccept } from './accept.ts';
import { openAhead, translatingFailures, type AvailabilityWatch } from './access.ts';
import { alone, atomically, execute, postgresDialect } from './driver.ts';
import { chunkBytes, listen } from './files.ts';
import { pgUploads } from './uploads.ts';
import { pgRateLimiter } from './rate-limit.ts';
import { createPool, migrate } from './schema.ts';

/**
 * Connections kept for the records of what the platform answered (`record` in `plan-table.ts`),
 * apart from the pool every request shares: a burst of visitors held 174 queries waiting for
 * the pool of 8, and the record of a create the platform had answered waited 1.4 to 3.5 s
 * behind them (28 s once), long enough for a kill to lose it (docs/operations-chaos.md). One per
 * delivery place (four), so that no record waits for another's connection; opened at the start,
 * never closed for being idle, and opened again at the first heartbeat that finds one missing
 * (within half a second of the database's return), so that none waits for one to be opened:
 * opened by the first records instead, they took 0.4 to 1.9 s on a busy machine (#84).
 */
const RECORD_CONNECTIONS = 4;

/** How often an instance says it is alive, and for how long each beat counts. */
const HEARTBEAT_MS = 5_000;
const ALIVE_FOR_MS = 20_000;
/** How soon a beat that failed (the database away) is tried again. */
const HEARTBEAT_RETRY_MS = 500;

/** The PostgreSQL store, with what only a shared store has. */
export interface PostgresOutbox extends OutboxStore {
  /** This instance's name: its heartbeat's, and the owner its deliverer takes leases as. */
  readonly owner: string;
  /** Calls `listener` whenever any instance stores new work; returns a way to stop. */
  onWork(listener: () => void): () => void;
  /** Calls `listener` whenever any instance publishes a version of the form; a way to stop. */
  onFormPublished(listener: () => void): () => void;
  /** A rate limiter whose buckets live in this database, shared by every instance. */
  limiter(name: string, perMinute: number, windowMs?: number): Limiter;
}

/**
 * Opens the outbox in the database at `url`, migrating it first (under an advisory lock).
 *
 * @example const store = await openPostgresOutbox(env.DATABASE_URL);
 */
export async function openPostgresOutbox(
  url: string,
  options: {
    poolSize?: number;
    watch?: AvailabilityWatch;
    /** How long each heartbeat counts (20 s; a beat every quarter of that, at most 5 s). */
    aliveForMs?: number;
  } = {},
): Promise<PostgresOutbox> {
  const pool = createPool(url, options.poolSize);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const owner = `instance-${randomBytes(8).toString('hex')}`;
  // The heartbeat has a connection of its own too: an instance whose pool is busy is alive.
  const beating = createPool(url, 1, { purpose: 'heartbeat' });
  const recording = createPool(url, RECORD_CONNECTIONS, { keepIdle: true, purpose: 'records' });
  let closed = false;
  const keepRecordsOpen = () => {
    if (!closed) void openAhead(recording, RECORD_CONNECTIONS);
  };
  let heartbeat: Awaited<ReturnType<typeof startHeartbeat>>;
  try {
    const aliveForMs = options.aliveForMs ?? ALIVE_FOR_MS;
    heartbeat = await startHeartbeat(beating, owner, aliveForMs, keepRecordsOpen);
    await openAhead(recording, RECORD_CONNECTIONS);
  } catch (error) {
    await Promise.all([pool.end(), beating.end(), recording.end()]);
    throw error;
  }

  const m = outboxMachine(postgresDialect);
  /** A single statement, or reads: on the pool. Several writes: `atomic`, in one transaction. */
  const query = <T>(plan: Plan<T>) => execute(pool, plan);
  const atomic = <T>(plan: Plan<T>) => atomically(pool, plan);
  const bound = bindOutbox(m, {
    read: query,
    write: query,
    atomic,
    record: (plan) => execute(recording, alone(plan)),
    atomicRecord: (plan) => atomically(recording, plan),
    shared: true,
    recordsWithWrites: false,
    aliveAfter: (now) => heartbeat.aliveAfter(now),
    bytes: chunkBytes(pool, atomic),
  });

  const listeners = new Set<() => void>();
  const formListeners = new Set<() => void>();
  const listening = listen(url, {
    work: () => {
      for (const listener of listeners) listener();
    },
    form: () => {
      for (const listener of formListeners) listener();
    },
  });

  const store: PostgresOutbox = {
    ...bound,
    owner,
    accept: pgAccept(pool, owner, m),
    ...pgUploads(pool),
    async purgeSpentFormTokens(now) {
      const tokens = await bound.purgeSpentFormTokens(now);
      // Buckets whole again forget nothing by going: a fresh one is whole too. (A bucket from
      // before `full_at` was kept has windows of an hour at most.)
      await pool.query(
        'DELETE FROM rate_buckets WHERE coalesce(full_at, updated_at + 3600000) < $1',
        [now],
      );
      await pool.query('DELETE FROM instances WHERE alive_until < $1', [now - 3_600_000]);
      return tokens;
    },
    limiter: (name, perMinute, windowMs) =>
      translatingFailures(pgRateLimiter(pool, name, perMinute, Date.now, windowMs), options.watch),
    onWork(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onFormPublished(listener) {
      formListeners.add(listener);
      return () => formListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      heartbeat.stop();
      listeners.clear();
      formListeners.clear();
      await listening.stop();
      // Gone: any key still in flight is answered at once by whoever sees it next.
      await pool.query('DELETE FROM instances WHERE owner = $1', [owner]).catch(() => undefined);
      await Promise.all([pool.end(), beating.end(), recording.end()]);
    },
  };
  return translatingFailures(store, options.watch);
}

/**
 * This instance's heartbeat: a row saying until when it is alive, renewed every few seconds,
 * and at once when the database comes back after being away, on a connection of its own
 * (`pool`): a beat that waited behind the instance's own work (a crowd of visitors) would let
 * the others take over a live instance's submissions, one of them perhaps answered already. Leases of instances whose
 * heartbeat stopped are taken over by the others (`holderAlive` in `driver.ts`).
 *
 * While the database is away no instance can beat, so when it returns every heartbeat looks
 * stale for a moment though all are alive, one of them perhaps holding the answer to a create
 * it could not record yet. So for `aliveForMs` after the database returns to this instance
 * (or after it starts, which may be just after such a return), it counts every instance that
 * ever beat as alive (`aliveAfter` 0): the live ones have beaten again by then. `onBeat` is
 * told of every beat that reached the database.
 */
async function startHeartbeat(
  pool: pg.Pool,
  owner: string,
  aliveForMs: number,
  onBeat: () => void,
) {
  const beat = () =>
    pool.query(
      `INSERT INTO instances (owner, alive_until) VALUES ($1, $2)
       ON CONFLICT (owner) DO UPDATE SET alive_until = excluded.alive_until`,
      [owner, Date.now() + aliveForMs],
    );
  await beat();
  let away = false;
  let backSince = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        beat().then(
          () => {
            if (away) backSince = Date.now();
            away = false;
            onBeat();
            next();
          },
          () => {
            away = true;
            next();
          },
        );
      },
      away ? HEARTBEAT_RETRY_MS : Math.min(HEARTBEAT_MS, aliveForMs / 4),
    );
    timer.unref();
  };
  next();
  return {
    /** Since when a holder's beat must last for it to count as alive, judged at `now`. */
    aliveAfter: (now: number) => (away || now - backSince < aliveForMs ? 0 : now),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
