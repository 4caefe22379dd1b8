/**
 * The SQLite driver of the outbox's plans (`../machine/plan.ts`): each statement prepared once
 * and run synchronously, so a whole plan runs inside one group commit's savepoint.
 */
import type Database from 'better-sqlite3';
import { compiler, values, type Dialect, type Plan } from '../machine/plan.ts';

/** SQLite's spelling. */
export const sqliteDialect: Dialect = {
  placeholder: (n) => `@p${String(n)}`,
  greatest: (a, b) => `MAX(${a}, ${b})`,
  flag: (condition) => `(${condition})`,
  // SQLite has no arrays: a list parameter is bound as JSON (see `bind`).
  inList: (expression, param) => `${expression} IN (SELECT value FROM json_each(${param}))`,
  jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
  bytewise: 'BINARY',
  jsonObject: (pairs) => `json_object(${pairs})`,
  // A function of the proxy's own (SQLite has none): `schema.ts` gives every connection it.
  sha256Hex: (expression) => `sha256_hex(${expression})`,
  skipLocked: '',
  forKeyShare: '',
  forUpdate: '',
  indexedBy: (index) => `INDEXED BY ${index}`,
  // One process holds the store: a lease lasts its time.
  holderAlive: '(lease_until > @now)',
  holderGoneAt: 'lease_until',
  keyOwnerAlive: '1',
  newSubmissionId: `(SELECT MAX(COALESCE((SELECT MAX(id) FROM submissions), 0),
    COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'submission_id_floor'), 0)) + 1)`,
};

/** A parameter as SQLite binds it: a list as its JSON. */
const bind = (value: unknown) => (Array.isArray(value) ? JSON.stringify(value) : value);

/** Runs plans on `db`, synchronously. */
export function sqliteRunner(db: Database.Database) {
  const compiled = compiler(sqliteDialect);
  const prepared = new Map<string, Database.Statement>();
  const statement = (text: string) => {
    let found = prepared.get(text);
    if (!found) {
      found = db.prepare(text);
      prepared.set(text, found);
    }
    return found;
  };
  return <T>(plan: Plan<T>): T => {
    let step = plan.next();
    while (!step.done) {
      const { sql, params, mode } = step.value;
      const query = compiled(sql);
      const named = Object.fromEntries(
        values(query, params).map((value, i) => [`p${String(i + 1)}`, bind(value)]),
      );
      const prepared = statement(query.text);
      step = plan.next(mode === 'all' ? prepared.all(named) : prepared.run(named).changes);
    }
    return step.value;
  };
}
