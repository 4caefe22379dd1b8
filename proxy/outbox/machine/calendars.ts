/**
 * Hosts' own calendars, written once for both databases (`../calendar-write.ts`): a calendar
 * connected and disconnected, and the writes owed to them, queued in the transaction that
 * books, cancels or erases a call (only for a host whose calendar is connected then), claimed
 * under a lease and a fencing token (on PostgreSQL skipping rows another instance is taking),
 * one write of a call at a time in the order they were queued, so its removal never overtakes
 * its put.
 */
import type {
  CalendarConnection,
  CalendarKind,
  CalendarTrouble,
  CalendarWrite,
  CalendarWriteOutcome,
  ClaimedCalendarWrite,
  ConnectedCalendar,
  ConnectionKind,
  HostCalendar,
  UnreadCalendar,
} from '../calendar-write.ts';
import { toBooking, type BookingRow } from './booking-rows.ts';
import { all, one, rowCount, run, type Dialect, type Plan } from './plan.ts';

interface HostCalendarRow {
  address: string;
  kind: CalendarKind;
  url: string;
  username: string;
  sealed_password: string;
  connected_at: number;
  connected_by: string;
  read_at: number | null;
  fault: string | null;
  fault_at: number | null;
}

interface ConnectionRow {
  kind: ConnectionKind;
  settings: string;
  sealed_secret: string;
  connected_at: number;
  connected_by: string;
}

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

const toCalendar = (row: HostCalendarRow): HostCalendar => ({
  address: row.address,
  kind: row.kind,
  url: row.url,
  username: row.username,
  sealedPassword: row.sealed_password,
  connectedAt: row.connected_at,
  connectedBy: row.connected_by,
});

const toConnected = (row: HostCalendarRow): ConnectedCalendar => ({
  ...toCalendar(row),
  readAt: row.read_at,
  fault: row.fault,
  faultAt: row.fault_at,
});

const toConnection = (row: ConnectionRow): CalendarConnection => ({
  kind: row.kind,
  settings: JSON.parse(row.settings) as Record<string, string>,
  sealedSecret: row.sealed_secret,
  connectedAt: row.connected_at,
  connectedBy: row.connected_by,
});

/** The writes owed to the hosts `where` names, not done, tried again at `at` (their calendar mended). */
const retryWritesOf = (where: string, params: Record<string, unknown>) =>
  run(
    `UPDATE calendar_writes SET state = 'pending', attempts = 0, needs_person = 0,
       next_attempt_at = @at, done_at = NULL
     WHERE state <> 'done' AND ${where}`,
    params,
  );

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

/** The calendar statements, in `d`'s spelling. */
export function calendars(d: Dialect) {
  return {
    /**
     * Keeps `calendar` as its host's (replacing any they connected before); the writes owed to
     * them that failed are tried again at once.
     */
    *connectCalendar(calendar: HostCalendar): Plan<void> {
      yield* run(
        `INSERT INTO host_calendars (address, kind, url, username, sealed_password, connected_at, connected_by)
         VALUES (@address, @kind, @url, @username, @sealedPassword, @connectedAt, @connectedBy)
         ON CONFLICT (address) DO UPDATE SET kind = excluded.kind, url = excluded.url,
           username = excluded.username, sealed_password = excluded.sealed_password,
           connected_at = excluded.connected_at, connected_by = excluded.connected_by,
           read_at = NULL, fault = NULL, fault_at = NULL`,
        { ...calendar, address: calendar.address.toLowerCase() },
      );
      yield* retryWritesOf('host = @host', {
        host: calendar.address.toLowerCase(),
        at: calendar.connectedAt,
      });
    },
    /** Forgets `address`'s calendar; false when none was connected. Its writes not done go too. */
    *disconnectCalendar(address: string): Plan<boolean> {
      const host = address.toLowerCase();
      yield* run(`DELETE FROM calendar_writes WHERE host = @host AND state <> 'done'`, { host });
      return (yield* run('DELETE FROM host_calendars WHERE address = @host', { host })) === 1;
    },
    /** Keeps a rotated secret of `address`'s calendar as connected at `connectedAt`. */
    *keepCalendarSecret(address: string, connectedAt: number, sealedPassword: string): Plan<void> {
      yield* run(
        `UPDATE host_calendars SET sealed_password = @sealedPassword
         WHERE address = @address AND connected_at = @connectedAt`,
        { address: address.toLowerCase(), connectedAt, sealedPassword },
      );
    },
    /** Every calendar connected, by address, with what its reads came to. */
    *hostCalendars(): Plan<ConnectedCalendar[]> {
      const rows = yield* all<HostCalendarRow>('SELECT * FROM host_calendars ORDER BY address');
      return rows.map(toConnected);
    },
    /**
     * Records what a read of `address`'s calendar, as connected at `connectedAt`, came to at `at`:
     * worked (`fault` null), or why not (since when kept from the first fault). A read of a
     * calendar connected again since records nothing.
     */
    *recordCalendarRead(read: {
      address: string;
      connectedAt: number;
      at: number;
      fault: string | null;
    }): Plan<void> {
      yield* run(
        read.fault === null
          ? `UPDATE host_calendars SET read_at = @at, fault = NULL, fault_at = NULL
             WHERE address = @address AND connected_at = @connectedAt`
          : `UPDATE host_calendars SET fault = @fault,
               fault_at = CASE WHEN fault_at IS NULL THEN @at ELSE fault_at END
             WHERE address = @address AND connected_at = @connectedAt`,
        read,
      );
    },
    /**
     * The calendars whose last read failed and whose last that worked is older than `before`
     * (or that never worked): their hosts' times are not offered now.
     */
    *unreadCalendars(before: number): Plan<UnreadCalendar[]> {
      return yield* all<UnreadCalendar>(
        `SELECT address, kind, fault, fault_at AS "faultAt" FROM host_calendars
         WHERE fault IS NOT NULL AND (read_at IS NULL OR read_at < @before)
         ORDER BY address`,
        { before },
      );
    },
    /**
     * Keeps `connection` as the firm's of its kind (replacing the one before); the writes owed
     * to the hosts it reads that failed are tried again at once.
     */
    *connectCalendarConnection(connection: CalendarConnection): Plan<void> {
      yield* run(
        `INSERT INTO calendar_connections (kind, settings, sealed_secret, connected_at, connected_by)
         VALUES (@kind, @settings, @sealedSecret, @connectedAt, @connectedBy)
         ON CONFLICT (kind) DO UPDATE SET settings = excluded.settings,
           sealed_secret = excluded.sealed_secret, connected_at = excluded.connected_at,
           connected_by = excluded.connected_by`,
        { ...connection, settings: JSON.stringify(connection.settings) },
      );
      yield* retryWritesOf(
        `host IN (SELECT address FROM host_calendars WHERE kind = @kind AND sealed_password = '')`,
        { kind: connection.kind, at: connection.connectedAt },
      );
    },
    /** The firm's connection of `kind`, or null. */
    *calendarConnection(kind: ConnectionKind): Plan<CalendarConnection | null> {
      const row = yield* one<ConnectionRow>(
        'SELECT * FROM calendar_connections WHERE kind = @kind',
        {
          kind,
        },
      );
      return row ? toConnection(row) : null;
    },
    /** Every connection of the firm's, by kind. */
    *calendarConnections(): Plan<CalendarConnection[]> {
      return (yield* all<ConnectionRow>('SELECT * FROM calendar_connections ORDER BY kind')).map(
        toConnection,
      );
    },
    /** Forgets the firm's connection of `kind`; false when there was none. */
    *disconnectCalendarConnection(kind: ConnectionKind): Plan<boolean> {
      return (yield* run('DELETE FROM calendar_connections WHERE kind = @kind', { kind })) === 1;
    },
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
