/**
 * The outbox in PostgreSQL (`DATABASE_URL`): every instance behind a load balancer shares one
 * database, so the queue, the idempotency keys, the spent form tokens and the rate limits are
 * the same wherever a request lands. Taking in lives in `pg-accept.ts`, claims and delivery
 * steps in `pg-delivery.ts`, notifications in `pg-notifications.ts`; this file adds what
 * operators and housekeeping read, the instance's heartbeat, and the wake-up channel.
 */
import { randomBytes } from 'node:crypto';
import type { Limiter } from '../http/rate-limit.ts';
import type pg from 'pg';
import { pgAcceptance, WORK_CHANNEL } from './pg-accept.ts';
import {
  inTransaction,
  translatingFailures,
  type AvailabilityWatch,
  type Queryable,
} from './pg-access.ts';
import { pgDelivery } from './pg-delivery.ts';
import { chunkSource, listen } from './pg-files.ts';
import { pgNotifications } from './pg-notifications.ts';
import { pgRateLimiter } from './pg-rate-limit.ts';
import { pgHousekeeping } from './pg-housekeeping.ts';
import { createPool, migrate } from './pg-schema.ts';
import { toCounts, toSubmission, type FileRow, type SubmissionRow } from './rows.ts';
import type { OutboxStore } from './store.ts';
import type { OutboxCounts, Submission } from './submission.ts';

/** How often an instance says it is alive, and for how long each beat counts. */
const HEARTBEAT_MS = 5_000;
const ALIVE_FOR_MS = 20_000;

/** The PostgreSQL store, with what only a shared store has. */
export interface PostgresOutbox extends OutboxStore {
  /** Calls `listener` whenever any instance stores new work; returns a way to stop. */
  onWork(listener: () => void): () => void;
  /** A rate limiter whose buckets live in this database, shared by every instance. */
  limiter(name: string, perMinute: number): Limiter;
}

/**
 * Opens the outbox in the database at `url`, migrating it first (under an advisory lock).
 *
 * @example const store = await openPostgresOutbox(env.DATABASE_URL);
 */
export async function openPostgresOutbox(
  url: string,
  options: { poolSize?: number; watch?: AvailabilityWatch } = {},
): Promise<PostgresOutbox> {
  const pool = createPool(url, options.poolSize);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const owner = `instance-${randomBytes(8).toString('hex')}`;
  const beat = () =>
    pool.query(
      `INSERT INTO instances (owner, alive_until) VALUES ($1, $2)
       ON CONFLICT (owner) DO UPDATE SET alive_until = excluded.alive_until`,
      [owner, Date.now() + ALIVE_FOR_MS],
    );
  await beat();
  const heartbeat = setInterval(() => {
    beat().catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const filesOf = async (db: Queryable, ids: number[]) => {
    const { rows } = await db.query<FileRow & { submission_id: number }>(
      `SELECT submission_id, idx, name, postname, mime, size, sha256, attachment_id, failed_reason, skipped
       FROM files WHERE submission_id = ANY($1) ORDER BY submission_id, idx`,
      [ids],
    );
    return rows;
  };
  const submissions = async (rows: SubmissionRow[], db: Queryable = pool) => {
    const files = await filesOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toSubmission(
        row,
        files.filter((file) => file.submission_id === row.id),
      ),
    );
  };
  const selectOne = async (db: Queryable, where: string, value: unknown) => {
    const { rows } = await db.query<SubmissionRow>(`SELECT * FROM submissions WHERE ${where}`, [
      value,
    ]);
    return (await submissions(rows, db))[0] ?? null;
  };
  const submissionById = async (db: Queryable, id: number) =>
    (await selectOne(db, 'id = $1', id)) as Submission;

  const listeners = new Set<() => void>();
  const listening = listen(url, () => {
    for (const listener of listeners) listener();
  });

  let closed = false;
  const store: PostgresOutbox = {
    shared: true,
    ...pgAcceptance(pool, owner, submissionById),
    ...pgDelivery(pool, submissionById),
    ...pgNotifications(pool, (rows) => submissions(rows)),
    ...pgHousekeeping(pool),
    fileSource: (id, index) => chunkSource(pool, id, index),
    requeue: (reference, now, only) =>
      inTransaction(pool, async (db) => {
        const existing = await selectOne(db, 'reference = $1', reference);
        if (!existing) return { kind: 'not_found' } as const;
        // An operator's retry keeps pending_step: if the last attempt died mid-step, the next
        // one must still count it as of unknown outcome.
        const { rowCount } = await db.query(
          `UPDATE submissions SET state = 'queued', attempts = 0, next_attempt_at = $2, retry_from = $2,
             lease_owner = NULL, lease_until = NULL, notified_at = NULL
           WHERE id = $1 AND state IN ('dead', 'spam', 'queued', 'partial')
             AND (lease_until IS NULL OR lease_until <= $2)`,
          [existing.id, now],
        );
        if (rowCount !== 1)
          return {
            kind: existing.state === 'delivered' ? 'delivered' : 'in_delivery',
            submission: existing,
          } as const;
        // A retried file is sent again; no `only` retries every refused one.
        await db.query(
          `UPDATE files SET failed_reason = NULL
           WHERE submission_id = $1 AND skipped = 0 AND ($2::integer IS NULL OR idx = $2)`,
          [existing.id, only?.file ?? null],
        );
        await db.query(`SELECT pg_notify('${WORK_CHANNEL}', '')`);
        return { kind: 'requeued', submission: await submissionById(db, existing.id) } as const;
      }),
    skipFile: (reference, index) =>
      inTransaction(pool, async (db) => {
        const { rows } = await db.query<{ submission_id: number }>(
          `UPDATE files SET skipped = 1 FROM submissions
           WHERE submissions.id = files.submission_id AND reference = $1 AND idx = $2
             AND failed_reason IS NOT NULL AND skipped = 0
           RETURNING submission_id`,
          [reference, index],
        );
        const id = rows[0]?.submission_id;
        if (id === undefined) return false;
        await db.query('DELETE FROM file_chunks WHERE submission_id = $1 AND idx = $2', [
          id,
          index,
        ]);
        await db.query(
          `UPDATE submissions SET state = 'delivered' WHERE id = $1 AND state = 'partial'
             AND NOT EXISTS (SELECT 1 FROM files WHERE submission_id = $1
               AND failed_reason IS NOT NULL AND skipped = 0)`,
          [id],
        );
        return true;
      }),
    get: (reference) => selectOne(pool, 'reference = $1', reference),
    async list(state) {
      const { rows } = await pool.query<SubmissionRow>(
        state
          ? 'SELECT * FROM submissions WHERE state = $1 ORDER BY id'
          : 'SELECT * FROM submissions WHERE $1::text IS NULL ORDER BY id',
        [state ?? null],
      );
      return submissions(rows);
    },
    counts: () => counts(pool),
    async nextDueAt() {
      const { rows } = await pool.query<{ at: number | null }>(
        "SELECT min(next_attempt_at) AS at FROM submissions WHERE state = 'queued'",
      );
      return rows[0]?.at ?? null;
    },
    async expediteQueued(now) {
      const { rowCount } = await pool.query(
        `UPDATE submissions SET next_attempt_at = $1
         WHERE state = 'queued' AND next_attempt_at > $1 AND (lease_until IS NULL OR lease_until <= $1)`,
        [now],
      );
      return rowCount ?? 0;
    },
    // Leases belong to live instances or run out by themselves: none is dropped at a start.
    releaseAllLeases: () => Promise.resolve(0),
    // File bytes are written in the same transaction as their rows: a crash leaves none behind.
    removeOrphanFiles: () => Promise.resolve(0),
    async getSetting(name) {
      const { rows } = await pool.query<{ value: string }>(
        'SELECT value FROM settings WHERE name = $1',
        [name],
      );
      return rows[0]?.value ?? null;
    },
    async setSetting(name, value) {
      await pool.query(
        `INSERT INTO settings (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
        [name, value],
      );
    },
    limiter: (name, perMinute) =>
      translatingFailures(pgRateLimiter(pool, name, perMinute), options.watch),
    onWork(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      listeners.clear();
      await listening.stop();
      // Gone: any key still in flight is answered at once by whoever sees it next.
      await pool.query('DELETE FROM instances WHERE owner = $1', [owner]).catch(() => undefined);
      await pool.end();
    },
  };
  return translatingFailures(store, options.watch);
}

async function counts(pool: pg.Pool): Promise<OutboxCounts> {
  const { rows } = await pool.query<Record<string, number | null>>(
    `SELECT
       count(*) FILTER (WHERE state = 'queued')::integer AS queued,
       count(*) FILTER (WHERE state = 'delivered')::integer AS delivered,
       count(*) FILTER (WHERE state = 'partial')::integer AS partial,
       count(*) FILTER (WHERE state = 'dead')::integer AS dead,
       count(*) FILTER (WHERE state = 'spam')::integer AS spam,
       min(received_at) FILTER (WHERE state = 'queued') AS "oldestQueuedAt",
       count(*) FILTER (WHERE state IN ('delivered', 'partial') AND possible_duplicate = 1)::integer
         AS "possibleDuplicates",
       coalesce(sum(unknown_uploads) FILTER (WHERE state IN ('delivered', 'partial')), 0)::integer
         AS "possibleDuplicateUploads"
     FROM submissions`,
  );
  return toCounts(rows[0]);
}
