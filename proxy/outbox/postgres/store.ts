/**
 * The outbox in PostgreSQL (`DATABASE_URL`): every instance behind a load balancer shares one
 * database, so the queue, the idempotency keys, the spent form tokens and the rate limits are
 * the same wherever a request lands. The rules are the machine's (`../machine/`), run by
 * `driver.ts`; what is PostgreSQL's own here: the files' bytes as bytea chunks, the instance's
 * heartbeat, the wake-up channel (`files.ts`) and the shared rate limits (`rate-limit.ts`).
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Limiter } from '../../limiter/token-buckets.ts';
import { boundQueries, outboxMachine } from '../machine/index.ts';
import { inBatches, type PURGES } from '../machine/housekeeping.ts';
import { run, type Plan } from '../machine/plan.ts';
import type { OutboxStore } from '../store.ts';
import { pgAcceptance } from './accept.ts';
import { translatingFailures, type AvailabilityWatch } from './access.ts';
import { atomically, execute, postgresDialect } from './driver.ts';
import { chunkSource, listen } from './files.ts';
import { pgUploads } from './uploads.ts';
import { pgRateLimiter } from './rate-limit.ts';
import { createPool, migrate } from './schema.ts';

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
  /** A rate limiter whose buckets live in this database, shared by every instance. */
  limiter(name: string, perMinute: number): Limiter;
}

/** Drops the bytes of a submission's files that `which` picks (`@id`; `@index` too for one). */
const dropChunks = (which: string, params: Record<string, unknown>) =>
  run(
    `DELETE FROM file_chunks c USING files f
     WHERE c.submission_id = @id AND f.submission_id = c.submission_id AND f.idx = c.idx AND ${which}`,
    params,
  );

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
  const heartbeat = await startHeartbeat(pool, owner, options.aliveForMs ?? ALIVE_FOR_MS);

  const m = outboxMachine(postgresDialect);
  /** A single statement, or reads: on the pool. Several writes: `atomic`, in one transaction. */
  const query = <T>(plan: Plan<T>) => execute(pool, plan);
  const atomic = <T>(plan: Plan<T>) => atomically(pool, plan);
  /**
   * Deletes, batch by batch (each its own short transaction), what `which` picks, then the
   * finished webhook deliveries of every submission gone.
   */
  const purge = async (which: keyof typeof PURGES, before: number) => {
    const purged = await inBatches(async () => (await query(m.purgeBatch(which, before))).length);
    await inBatches(() => query(m.purgeWebhookBatch()));
    return purged;
  };

  const listeners = new Set<() => void>();
  const listening = listen(url, () => {
    for (const listener of listeners) listener();
  });

  let closed = false;
  const store: PostgresOutbox = {
    ...boundQueries(m, query),
    shared: true,
    owner,
    ...pgAcceptance(pool, owner, (db, id) => execute(db, m.byId(id))),
    claim: (id, owner, leaseMs, now) => query(m.claim(id, owner, leaseMs, now)),
    claimDue: (owner, leaseMs, now, limit, running) =>
      query(m.claimDue(owner, leaseMs, now, limit, running, heartbeat.aliveAfter(now))),
    fileSource: (id, index) => chunkSource(pool, id, index),
    ...pgUploads(pool),
    startStep: (owned, step, leaseUntil) => query(m.startStep(owned, step, leaseUntil)),
    recordCreated: (owned, enquiryId, at) => query(m.recordCreated(owned, enquiryId, at)),
    recordUploaded: (owned, index, attachmentId, at) =>
      atomic(m.recordUploaded(owned, index, attachmentId, at)),
    recordUploadFailed: (owned, index, reason, at) =>
      atomic(m.recordUploadFailed(owned, index, reason, at)),
    recordUnknownOutcome: (owned, step) => query(m.recordUnknownOutcome(owned, step)),
    finish: (owned, outcome) =>
      atomic(
        (function* () {
          yield* m.finish(owned, outcome);
          // The platform has the files now; the rows keep their names, sizes and hashes. A
          // refused file stays (the firm must get it another way) unless an operator skipped it.
          if (outcome.kind === 'delivered')
            yield* dropChunks('(f.failed_reason IS NULL OR f.skipped = 1)', { id: owned.id });
        })(),
      ),
    deadLetter: (owned, reason, at) => query(m.deadLetter(owned, reason, at)),
    requeue: (reference, now, only) => atomic(m.requeue(reference, now, only)),
    skipFile: (reference, index) =>
      atomic(
        (function* () {
          const id = yield* m.skipFile(reference, index);
          if (id === null) return false;
          yield* dropChunks('f.idx = @index', { id, index });
          return true;
        })(),
      ),
    expediteQueued: (now) => query(m.expediteQueued(now)),
    // Leases belong to live instances or run out by themselves: none is dropped at a start.
    releaseAllLeases: () => Promise.resolve(0),
    // File bytes are written in the same transaction as their rows: a crash leaves none behind.
    removeOrphanFiles: () => Promise.resolve(0),
    purgeDelivered: (before) => purge('delivered', before),
    purgeSpam: (before) => purge('spam', before),
    purgeNotifiedDead: (before) => purge('notifiedDead', before),
    async purgeSpentFormTokens(now) {
      const tokens = await query(m.purgeSpentFormTokens(now));
      // Buckets untouched for an hour are full again: forgetting them changes no verdict.
      await pool.query('DELETE FROM rate_buckets WHERE updated_at < $1', [now - 3_600_000]);
      await pool.query('DELETE FROM instances WHERE alive_until < $1', [now - 3_600_000]);
      return tokens;
    },
    queueNotifications: (rows, lead) => atomic(m.queueNotifications(rows, lead)),
    finishNotification: (id, outcome) => query(m.finishNotification(id, outcome)),
    queueWebhooks: (rows) => atomic(m.queueWebhooks(rows)),
    claimWebhooks: (endpoint, owner, leaseMs, now, limit) =>
      query(m.claimWebhooks(endpoint, owner, leaseMs, now, limit)),
    finishWebhook: (lease, outcome) => query(m.finishWebhook(lease, outcome)),
    retryWebhook: (id, now) => atomic(m.retryWebhook(id, now)),
    setSetting: (name, value) => query(m.setSetting(name, value)),
    recordAudit: (entry) => query(m.recordAudit(entry)),
    addFunnelTally: (tally) => atomic(m.addFunnelTally(tally)),
    expectDelivery: (id, key) => query(m.expectDelivery(id, key)),
    forgetFunnelDay: (before) => query(m.forgetFunnelDay(before)),
    keepWidgetFiles: (files, at) => atomic(m.keepWidgetFiles(files, at)),
    forgetWidgetFiles: (before) => query(m.forgetWidgetFiles(before)),
    // The files' chunks go with their rows (ON DELETE CASCADE), in the same transaction.
    erase: (reference, { force, at, client }) => atomic(m.erase(reference, force, at, client)),
    limiter: (name, perMinute) =>
      translatingFailures(pgRateLimiter(pool, name, perMinute), options.watch),
    onWork(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      heartbeat.stop();
      listeners.clear();
      await listening.stop();
      // Gone: any key still in flight is answered at once by whoever sees it next.
      await pool.query('DELETE FROM instances WHERE owner = $1', [owner]).catch(() => undefined);
      await pool.end();
    },
  };
  return translatingFailures(store, options.watch);
}

/**
 * This instance's heartbeat: a row saying until when it is alive, renewed every few seconds,
 * and at once when the database comes back after being away. Leases of instances whose
 * heartbeat stopped are taken over by the others (`holderAlive` in `driver.ts`).
 *
 * While the database is away no instance can beat, so when it returns every heartbeat looks
 * stale for a moment though all are alive, one of them perhaps holding the answer to a create
 * it could not record yet. So for `aliveForMs` after the database returns to this instance
 * (or after it starts, which may be just after such a return), it counts every instance that
 * ever beat as alive (`aliveAfter` 0): the live ones have beaten again by then.
 */
async function startHeartbeat(pool: pg.Pool, owner: string, aliveForMs: number) {
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
