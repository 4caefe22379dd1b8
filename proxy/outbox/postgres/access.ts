/**
 * How the PostgreSQL store talks to its pool: transactions, and which failures mean "the
 * database is not there now" (`StoreUnavailableError`, answered 503 with `Retry-After`) rather
 * than a fault of ours.
 */
import type pg from 'pg';
import { StoreUnavailableError } from '../store.ts';

/** A pool or one of its connections (inside a transaction). */
export type Queryable = pg.Pool | pg.PoolClient;

/**
 * Runs `work` in a transaction on one connection: committed if it resolves, else rolled back
 * (resolving with a `Rollback`'s result, rejecting with any other error).
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    if (error instanceof Rollback) return error.result as T;
    throw error;
  } finally {
    // A connection that could not roll back is not given to the next caller.
    client.release(broken);
  }
}

/**
 * Opens `pool`'s connections up to `count` now, ahead of the work that needs them; resolves once
 * they are open, or could not be (the next call tries again). The idle ones are taken too, for a
 * moment, so that the pool opens new ones rather than handing those out again.
 */
export async function openAhead(pool: pg.Pool, count: number): Promise<void> {
  const missing = count - pool.totalCount;
  if (missing <= 0) return;
  const taking = Array.from({ length: pool.idleCount + missing }, () => pool.connect());
  await Promise.all(
    taking.map((connecting) =>
      connecting.then(
        (client) => {
          client.release();
        },
        () => undefined,
      ),
    ),
  );
}

/**
 * Thrown inside `inTransaction`'s work to roll back and resolve with `result` (an outcome that
 * must leave no trace, such as a conflict found halfway) instead of failing.
 */
export class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back');
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
// SQLSTATE: connection exceptions (08), shutting down or starting (57P01-57P03), too many
// connections (53300), read-only standby after a failover (25006).
const UNAVAILABLE_STATES = /^(08|57P0[123]|53300|25006)/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** True when `error` says the database cannot be reached or is not taking work right now. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code)))
    return true;
  if (error instanceof AggregateError) return error.errors.some(isUnavailable);
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** Hears whether each call found the database there (`outage-log.ts`). */
export interface AvailabilityWatch {
  unavailable(error: StoreUnavailableError): void;
  available(): void;
}

/**
 * The same object with every method's failure translated: a database that is not there
 * becomes `StoreUnavailableError`; any other error passes unchanged. `watch` hears of each
 * call that reached the database or found it gone.
 */
export function translatingFailures<T extends object>(target: T, watch?: AvailabilityWatch): T {
  const translate = (error: unknown) => {
    if (!isUnavailable(error)) {
      watch?.available();
      throw error;
    }
    const unavailable = new StoreUnavailableError(error);
    watch?.unavailable(unavailable);
    throw unavailable;
  };
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(target)) {
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            const result: unknown = (value as (...a: unknown[]) => unknown)(...args);
            if (!(result instanceof Promise)) return result;
            return result.then((resolved: unknown) => {
              watch?.available();
              return resolved;
            }, translate);
          }
        : value;
  }
  return wrapped as T;
}
