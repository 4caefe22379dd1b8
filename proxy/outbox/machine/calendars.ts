/**
 * Hosts' own calendars and the firm's connections their calendars are read through (a Microsoft
 * app, a Google service account, the web apps hosts sign in through), written once for both
 * databases (`../calendar-write.ts`): a calendar connected, disconnected, its rotated secret kept
 * and what its reads came to; a connection kept, found and forgotten. Connecting either tries
 * again the writes owed to its hosts that failed; the writes themselves are `calendar-writes.ts`.
 */
import type {
  CalendarConnection,
  CalendarKind,
  ConnectedCalendar,
  ConnectionKind,
  HostCalendar,
  UnreadCalendar,
} from '../calendar-write.ts';
import { all, one, run, type Plan } from './plan.ts';

/** A row of `host_calendars`. */
export interface HostCalendarRow {
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

/** A host's calendar as its row holds it. */
export const toCalendar = (row: HostCalendarRow): HostCalendar => ({
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

/** The statements of hosts' calendars and the firm's connections (the same in both dialects). */
export function calendars() {
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
  };
}
