/**
 * The writes of calls' events owed to hosts' calendars (`../calendar-write.ts`), written once for
 * both databases: queued in the transaction that books, cancels or erases a call (only for a host
 * whose calendar is connected then), claimed under a lease and a fencing token (on PostgreSQL
 * skipping rows another instance is taking), one write of a call at a time in the order they were
 * queued, so its removal never overtakes its put; how each try ended, when the next is due, and
 * the writes the firm must hear of. The calendars themselves are `calendars.ts`.
 */
import type {
  CalendarTrouble,
  CalendarWrite,
  CalendarWriteOutcome,
  ClaimedCalendarWrite,
} from '../calendar-write.ts';
import { toBooking, type BookingRow } from './booking-rows.ts';
import { toCalendar, type HostCalendarRow } from './calendars.ts';
import { all, one, rowCount, run, type Dialect, type Plan } from './plan.ts';

interface WriteRow {
  id: number;
  uid: string;
  host: string;
  action: CalendarWrite['action'];
  attempts: number;
  created_at: number;
  last_error: string | null;
  lease_token: number;
}

const toWrite = (row: WriteRow): CalendarWrite => ({
  id: row.id,
  uid: row.uid,
  host: row.host,
  action: row.action,
  attempts: row.attempts,
  createdAt: row.created_at,
  lastError: row.last_error,
});

/** A write failing this many times in a row, or given up, is the firm's to hear of. */
const TROUBLE_AFTER_ATTEMPTS = 5;

/**
 * Queues `action` of the call `uid` on `host`'s calendar at `sequence`, if `host` has one
 * connected; a write queued before is not queued again.
 */
export const queueCalendarWrite = (
  write: { uid: string; host: string; action: CalendarWrite['action']; sequence: number },
  at: number,
) =>
  run(
    `INSERT INTO calendar_writes (uid, host, action, sequence, next_attempt_at, created_at)
     SELECT @uid, @host, @action, @sequence, @at, @at
     WHERE EXISTS (SELECT 1 FROM host_calendars WHERE address = @host)
     ON CONFLICT (uid, action, sequence) DO NOTHING`,
    { ...write, at },
  );

/** The calendar writes' statements, in `d`'s spelling. */
export function calendarWrites(d: Dialect) {
  return {
    /**
     * Takes up to `limit` due writes for one try each, oldest first, each call's one at a time
     * in order; with the call and the calendar each needs.
     */
    *claimCalendarWrites(
      owner: string,
      leaseMs: number,
      now: number,
      limit: number,
    ): Plan<ClaimedCalendarWrite[]> {
      const rows = yield* all<WriteRow>(
        `WITH due AS (
           SELECT id AS due_id FROM calendar_writes w
           WHERE state = 'pending' AND next_attempt_at <= @now
             AND (lease_until IS NULL OR lease_until <= @now)
             AND NOT EXISTS (SELECT 1 FROM calendar_writes e
               WHERE e.uid = w.uid AND e.state = 'pending' AND e.id < w.id)
           ORDER BY next_attempt_at, id LIMIT ${rowCount(limit)} ${d.skipLocked})
         UPDATE calendar_writes
         SET lease_owner = @owner, lease_until = @until, lease_token = lease_token + 1
         FROM due WHERE calendar_writes.id = due.due_id
         RETURNING id, uid, host, action, attempts, created_at, last_error, lease_token`,
        { owner, until: now + leaseMs, now },
      );
      if (rows.length === 0) return [];
      const bookings = yield* all<BookingRow>(
        `SELECT * FROM bookings WHERE ${d.inList('uid', '@uids')}`,
        { uids: rows.map((row) => row.uid) },
      );
      const hosts = yield* all<HostCalendarRow>(
        `SELECT * FROM host_calendars WHERE ${d.inList('address', '@hosts')}`,
        { hosts: rows.map((row) => row.host) },
      );
      return rows
        .sort((a, b) => a.id - b.id)
        .map((row) => {
          const booking = bookings.find((each) => each.uid === row.uid);
          const calendar = hosts.find((each) => each.address === row.host);
          return {
            write: toWrite(row),
            lease: { id: row.id, token: row.lease_token },
            booking: booking ? toBooking(booking) : null,
            calendar: calendar ? toCalendar(calendar) : null,
          };
        });
    },
    /** Records how a try ended; false when a newer claim holds the write (nothing written). */
    *finishCalendarWrite(
      lease: { id: number; token: number },
      outcome: CalendarWriteOutcome,
    ): Plan<boolean> {
      const set = {
        done: `state = 'done', done_at = @at, last_error = NULL, needs_person = 0`,
        retry: `next_attempt_at = @at, last_error = @error, needs_person = @needsPerson`,
        failed: `state = 'failed', done_at = @at, last_error = @error`,
      }[outcome.kind];
      const changed = yield* run(
        `UPDATE calendar_writes SET ${set}, attempts = attempts + 1, lease_owner = NULL, lease_until = NULL
         WHERE id = @id AND lease_token = @token`,
        {
          error: null,
          needsPerson: 0,
          ...outcome,
          ...(outcome.kind === 'retry' ? { needsPerson: outcome.needsPerson ? 1 : 0 } : {}),
          id: lease.id,
          token: lease.token,
        },
      );
      return changed === 1;
    },
    /** When the next pending write is due, or null. */
    *nextCalendarWriteAt(): Plan<number | null> {
      const row = yield* one<{ at: number | null }>(
        `SELECT MIN(next_attempt_at) AS at FROM calendar_writes WHERE state = 'pending'`,
      );
      return row?.at ?? null;
    },
    /** The writes the firm must hear of (`CalendarTrouble`), the latest with its call's lead. */
    *calendarTrouble(): Plan<CalendarTrouble> {
      const troubled = (w: string) => `(${w}state = 'failed' OR (${w}state = 'pending'
        AND (${w}needs_person = 1 OR ${w}attempts >= ${String(TROUBLE_AFTER_ATTEMPTS)})))`;
      const count = yield* one<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM calendar_writes WHERE ${troubled('')}`,
      );
      const latest = yield* one<WriteRow & { reference: string | null }>(
        `SELECT w.*, b.reference FROM calendar_writes w LEFT JOIN bookings b ON b.uid = w.uid
         WHERE ${troubled('w.')} ORDER BY w.id DESC LIMIT 1`,
      );
      return {
        count: Number(count?.n ?? 0),
        latest: latest ? { ...toWrite(latest), reference: latest.reference } : null,
      };
    },
  };
}
