/**
 * The calls the booking limits did not hold (`intake/call-limits.ts`), counted per clock hour and
 * limit in the transaction that stores each such enquiry: what the firm's alert reads
 * (`notify/alert-conditions.ts`: calls booked faster than people book), the same on every
 * instance. A count, never a person: no address, domain or reference is kept. Hours over a day
 * old are dropped as new ones are counted.
 */
import { all, run, type Plan } from './plan.ts';
import type { ColumnTypes } from './tables.ts';

const HOUR_MS = 3_600_000;

/** The `calls_not_held` table: one row an hour and limit while it is counted. */
export const callsNotHeldTable = (t: ColumnTypes) => `CREATE TABLE calls_not_held (
     hour ${t.big} NOT NULL,
     limit_kind ${t.text} NOT NULL,
     calls ${t.integer} NOT NULL,
     PRIMARY KEY (hour, limit_kind)
   );`;

/** The calls not held in one clock hour, by the limit that held each back. */
export type CallsNotHeld = Partial<Record<string, number>>;

/** The clock hour (UTC) `at` falls in, as its first millisecond. */
export const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;

/**
 * Counts a call `limit` held back at `at`, in its hour.
 *
 * @example yield* noteCallNotHeld('client', receivedAt)
 */
export function* noteCallNotHeld(limit: string, at: number): Plan<void> {
  yield* run('DELETE FROM calls_not_held WHERE hour < @before', {
    before: hourOf(at) - 24 * HOUR_MS,
  });
  yield* run(
    `INSERT INTO calls_not_held (hour, limit_kind, calls) VALUES (@hour, @limit, 1)
     ON CONFLICT (hour, limit_kind) DO UPDATE SET calls = calls_not_held.calls + 1`,
    { hour: hourOf(at), limit },
  );
}

/**
 * The calls not held in the clock hour `at` falls in, by limit.
 *
 * @example yield* callsNotHeld(now) // { client: 12, network: 3 }
 */
export function* callsNotHeld(at: number): Plan<CallsNotHeld> {
  const rows = yield* all<{ limit_kind: string; calls: number }>(
    'SELECT limit_kind, calls FROM calls_not_held WHERE hour = @hour',
    { hour: hourOf(at) },
  );
  return Object.fromEntries(rows.map((row) => [row.limit_kind, row.calls]));
}
