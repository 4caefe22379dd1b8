/**
 * The PostgreSQL driver of the outbox's plans (`../machine/plan.ts`): each statement awaited on
 * the pool, or on one connection inside a transaction when a plan's writes must stand or fall
 * together.
 */
import type pg from 'pg';
import { compiler, values, type Dialect, type Plan } from '../machine/plan.ts';
import { inTransaction, type Queryable } from './access.ts';

/** The channel that wakes delivery workers on every instance when work arrives. */
export const WORK_CHANNEL = 'enquiry_form_work';
/** The channel that tells every instance a new version of the form was published. */
export const FORM_CHANNEL = 'enquiry_form_published';

/** PostgreSQL's spelling. */
export const postgresDialect: Dialect = {
  placeholder: (n) => `$${String(n)}`,
  greatest: (a, b) => `GREATEST(${a}, ${b})`,
  flag: (condition) => `(${condition})::integer`,
  inList: (expression, param) => `${expression} = ANY(${param})`,
  jsonText: (column, key) => `(${column}::jsonb ->> '${key}')`,
  bytewise: '"C"',
  jsonObject: (pairs) => `json_build_object(${pairs})::text`,
  sha256Hex: (expression) => `encode(sha256(convert_to(${expression}, 'UTF8')), 'hex')`,
  skipLocked: 'FOR UPDATE SKIP LOCKED',
  forKeyShare: 'FOR KEY SHARE',
  forUpdate: 'FOR UPDATE',
  indexedBy: () => '',
  newSubmissionId: `nextval(pg_get_serial_sequence('submissions', 'id'))`,
  holderAlive: `(CASE WHEN EXISTS (SELECT 1 FROM instances WHERE owner = submissions.lease_owner)
    THEN EXISTS (SELECT 1 FROM instances WHERE owner = submissions.lease_owner
      AND alive_until > @aliveAfter)
    ELSE lease_until > @now END)`,
  holderGoneAt: `COALESCE((SELECT alive_until FROM instances
    WHERE owner = submissions.lease_owner), lease_until)`,
  keyOwnerAlive: `EXISTS (SELECT 1 FROM instances WHERE instances.owner = idempotency_keys.owner
    AND alive_until > @now)`,
  wakeWorkers: `SELECT pg_notify('${WORK_CHANNEL}', '')`,
  announceForm: `SELECT pg_notify('${FORM_CHANNEL}', '')`,
};

const compiled = compiler(postgresDialect);

/** Runs `plan` on `db` (the pool: each statement commits by itself). */
export async function execute<T>(db: Queryable, plan: Plan<T>): Promise<T> {
  let step = plan.next();
  while (!step.done) {
    const { sql, params, mode } = step.value;
    const query = compiled(sql);
    const result = await db.query(query.text, values(query, params));
    step = plan.next(mode === 'all' ? result.rows : (result.rowCount ?? 0));
  }
  return step.value;
}

/** Runs `plan` in one transaction: all its writes, or none. */
export const atomically = <T>(pool: pg.Pool, plan: Plan<T>) =>
  inTransaction(pool, (client) => execute(client, plan));

/**
 * `plan`, which must be one statement, as it is: run by `execute`, it commits by itself in one
 * round trip (a record of what the platform answered: `record` in `plan-table.ts`). A second
 * statement is refused before it runs: the plan is an `atomicRecord`.
 */
export function* alone<T>(plan: Plan<T>): Plan<T> {
  const first = plan.next();
  if (first.done) return first.value;
  const then = plan.next(yield first.value);
  if (!then.done)
    throw new Error(
      `a record runs one statement, and this plan has another (${then.value.sql.slice(0, 60)}…): name it atomicRecord in plan-table.ts`,
    );
  return then.value;
}
