/**
 * How the outbox's rules are written once for two databases, as pg-boss keeps its SQL in plans: each
 * transition is a plan, a generator that yields the statements it needs (SQL with `@name`
 * parameters) and receives each one's result. The SQLite driver runs a plan synchronously, so
 * its writes stay inside one group commit; the PostgreSQL driver awaits each statement on its
 * pool or in a transaction. What the two databases spell differently is in `Dialect`.
 */

/** One statement of a plan: `all` answers its rows, `run` how many rows it changed. */
export interface Statement {
  sql: string;
  params: Readonly<Record<string, unknown>>;
  mode: 'all' | 'run';
}

/** A transition or query: yields statements, returns `T`. */
export type Plan<T> = Generator<Statement, T, unknown>;

/** The rows a query answers. */
export function* all<Row>(sql: string, params: Statement['params'] = {}): Plan<Row[]> {
  return (yield { sql, params, mode: 'all' }) as Row[];
}

/** The first row a query answers, if any. */
export function* one<Row>(sql: string, params: Statement['params'] = {}): Plan<Row | undefined> {
  return (yield* all<Row>(sql, params))[0];
}

/** How many rows a write changed. */
export function* run(sql: string, params: Statement['params'] = {}): Plan<number> {
  return (yield { sql, params, mode: 'run' }) as number;
}

/**
 * One step of a schema's history (`sqlite/schema.ts`, `postgres/schema.ts`): SQL, or, for what
 * SQL cannot compute alike in both databases (a keyed hash), a plan in the dialect's spelling,
 * run inside the step's transaction as the SQL is. `name` says what the plan does.
 */
export type Migration = string | { name: string; plan: (d: Dialect) => Plan<void> };

/** What SQLite and PostgreSQL spell differently. */
export interface Dialect {
  /** `$n` or `?n`: the n-th (1-based) positional parameter. */
  placeholder(n: number): string;
  /** The larger of two values (`MAX(a, b)` in SQLite, `GREATEST(a, b)` in PostgreSQL). */
  greatest(a: string, b: string): string;
  /** A comparison stored as a 0/1 integer flag. */
  flag(condition: string): string;
  /** `= ANY(list)`: the list parameter `param` holds `expression`. */
  inList(expression: string, param: string): string;
  /** The text at `key` of the JSON object in the text column `column`. */
  jsonText(column: string, key: string): string;
  /**
   * The collation that orders text byte by byte (`BINARY`, `"C"`), so that the text starting
   * with a prefix is one range of an index, whatever the database's own collation.
   */
  bytewise: string;
  /** A JSON object of `key, value, …` as text. */
  jsonObject(pairs: string): string;
  /** The SHA-256 (lower-case hex) of a text's UTF-8 bytes. */
  sha256Hex(expression: string): string;
  /**
   * Appended to a `SELECT` whose rows the next statement changes: other instances skip rows
   * one of them is taking (PostgreSQL); empty where one process owns the store (SQLite).
   */
  skipLocked: string;
  /**
   * Appended to a `SELECT` of a row the statement must not outlive: it waits for a transaction
   * deleting that row, then finds it gone, and holds off a delete until it commits, while
   * updates go on (PostgreSQL's `FOR KEY SHARE`); empty in SQLite, whose one writer at a time
   * makes the wait.
   */
  forKeyShare: string;
  /**
   * Appended to a `SELECT` of a row the plan goes on to change: another transaction changing it
   * waits until this one commits (PostgreSQL's `FOR UPDATE`); empty in SQLite, whose one writer
   * at a time makes the wait.
   */
  forUpdate: string;
  /**
   * True while the holder of a submission's lease may still be sending it: its lease has not
   * run out (`@now`); on PostgreSQL, while the holder is an instance, its heartbeat after
   * `@aliveAfter` instead, so a live holder keeps what it is sending however long its database
   * was away, and a dead one's work is taken over once its heartbeat stops.
   */
  holderAlive: string;
  /**
   * When a held submission's holder stops counting as alive, if it sends no sign of life
   * before: its lease's end, or on PostgreSQL its heartbeat's while the holder is an instance.
   */
  holderGoneAt: string;
  /**
   * A new submission's id, never one an erased submission had: a lease names its submission by
   * id and fencing token, so an id used again could let a delivery still holding the erased
   * one's lease write onto a stranger's. SQLite would reuse the highest id once its row is gone
   * (no AUTOINCREMENT): its ids start above `submission_id_floor`, which erasure raises;
   * PostgreSQL's sequence never gives an id twice.
   */
  newSubmissionId: string;
  /**
   * True while the instance that took an Idempotency-Key (`idempotency_keys.owner`) may still
   * answer it (`@now`): on PostgreSQL while its heartbeat lasts; in SQLite always, since the
   * one process that holds the store took every key in flight.
   */
  keyOwnerAlive: string;
  /** A statement that wakes every instance's delivery (PostgreSQL's `NOTIFY`), if any. */
  wakeWorkers?: string;
  /**
   * A statement that tells every instance a version of the form was published (PostgreSQL's
   * `NOTIFY`, heard at commit), if any; SQLite's one process is told in-process.
   */
  announceForm?: string;
  /**
   * After a table's name: read it through `index` (SQLite's `INDEXED BY`). Without statistics
   * SQLite's planner takes a range of the first key column over a better index, and sorts a
   * whole period to give one page of it; PostgreSQL plans by its statistics: nothing.
   */
  indexedBy(index: string): string;
}

/**
 * A row count written into the SQL, not bound: SQLite runs an `UPDATE … FROM` a CTE whose
 * `LIMIT` is a parameter several times slower (a claim of one due row: 141 µs against 22 on
 * 3,000 queued). Whole and at least 1, so no input changes the statement's shape.
 */
export const rowCount = (limit: number): string => String(Math.max(1, Math.floor(limit) || 1));

/** A plan's SQL with its `@name` parameters made positional for `dialect`. */
export interface Compiled {
  text: string;
  names: readonly string[];
}

const PARAMETER = /@([A-Za-z_]\w*)/g;

/** Makes `sql`'s named parameters positional (a name used twice is one parameter). */
function compile(sql: string, dialect: Dialect): Compiled {
  const names: string[] = [];
  const text = sql.replace(PARAMETER, (_match, name: string) => {
    const at = names.indexOf(name);
    if (at >= 0) return dialect.placeholder(at + 1);
    names.push(name);
    return dialect.placeholder(names.length);
  });
  return { text, names };
}

/** `params` in `compiled`'s order; a name the plan did not give is a bug, not a NULL. */
export function values(compiled: Compiled, params: Statement['params']): unknown[] {
  return compiled.names.map((name) => {
    if (!(name in params)) throw new Error(`no value for @${name} in ${compiled.text}`);
    return params[name];
  });
}

/** Compiles each statement once per driver. */
export function compiler(dialect: Dialect): (sql: string) => Compiled {
  const cache = new Map<string, Compiled>();
  return (sql) => {
    let compiled = cache.get(sql);
    if (!compiled) {
      compiled = compile(sql, dialect);
      cache.set(sql, compiled);
    }
    return compiled;
  };
}
