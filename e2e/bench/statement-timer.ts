/**
 * Loaded into the proxy's process by `statement-cost.ts` (`NODE_OPTIONS=--import …`): times every
 * SQLite statement better-sqlite3 runs, by its SQL, on the event loop's thread. On SIGUSR2 it
 * writes what it timed since the last signal to `STATEMENT_TIMES` (JSON, `name.N` for the N-th
 * signal) and starts again, so the caller reads one window at a time. Never loaded in the product.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * One statement's window: each run's wall time on the event loop's thread, nanoseconds. On a
 * machine shared with other work a few runs count a moment another process had the core: the
 * median of the runs says what one costs, the sum what they all took.
 */
export interface StatementTime {
  sql: string;
  ns: number[];
}

const out = process.env.STATEMENT_TIMES;
if (out) {
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  let times = new Map<string, StatementTime>();
  /** Each statement's SQL on one line, worked out once per statement. */
  const lines = new WeakMap<object, string>();
  const line = (statement: { source: string }) => {
    let sql = lines.get(statement);
    if (sql === undefined) {
      sql = statement.source.replace(/\s+/g, ' ').trim();
      lines.set(statement, sql);
    }
    return sql;
  };
  for (const method of ['run', 'all', 'get', 'iterate'] as const) {
    const original = prototype[method];
    if (!original) continue;
    prototype[method] = function timed(this: { source: string }, ...args: unknown[]) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const spent = Number(process.hrtime.bigint() - started);
        const sql = line(this);
        const time = times.get(sql) ?? { sql, ns: [] };
        time.ns.push(spent);
        times.set(sql, time);
      }
    };
  }
  let window = 0;
  process.on('SIGUSR2', () => {
    window += 1;
    writeFileSync(`${out}.${String(window)}`, JSON.stringify([...times.values()]));
    times = new Map();
  });
}
