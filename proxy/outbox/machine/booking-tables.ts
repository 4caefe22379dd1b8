/**
 * The tables of booking (`docs/booking.md`, "Storage"), described once for both schemas.
 *
 * `bookings`: one row per call booked, its host, its span (to the end of the buffer after it,
 * `until_at`), its iCalendar UID, the hash of its cancel/move secret, and what the host's
 * calendar says of it (the visitor's name and case type: visitor data, erased with the lead).
 *
 * `booking_blocks`: the five-minute blocks each call covers, one row per host and block. Its key
 * is what makes double booking impossible: a second booking of any block of a host's time is
 * refused by the database itself, whichever instance of the proxy asks, and a cancelled call's
 * blocks go so that its time is free again.
 */
import { BOOKING_GRID_MINUTES } from '../../contract/schemas/booking.ts';
import type { ColumnTypes } from './tables.ts';

/** The length of a block: hours, calls and buffers are whole blocks (`BOOKING_GRID_MINUTES`). */
export const BLOCK_MS = BOOKING_GRID_MINUTES * 60_000;

/** The bookings and their blocks. */
export const bookingTables = (t: ColumnTypes) => `CREATE TABLE bookings (
     id ${t.serial},
     uid ${t.text} NOT NULL UNIQUE,
     reference ${t.text} NOT NULL,
     question ${t.text} NOT NULL,
     host ${t.text} NOT NULL,
     team ${t.text},
     start_at ${t.big} NOT NULL,
     end_at ${t.big} NOT NULL,
     until_at ${t.big} NOT NULL,
     time_zone ${t.text} NOT NULL,
     state ${t.text} NOT NULL DEFAULT 'booked' CHECK (state IN ('booked', 'cancelled')),
     secret_hash ${t.text} NOT NULL,
     summary ${t.text} NOT NULL,
     description ${t.text} NOT NULL,
     sequence ${t.integer} NOT NULL DEFAULT 0,
     created_at ${t.big} NOT NULL,
     cancelled_at ${t.big}
   );
   CREATE INDEX bookings_host_start ON bookings (host, start_at);
   CREATE INDEX bookings_reference ON bookings (reference);
   CREATE TABLE booking_blocks (
     host ${t.text} NOT NULL,
     block ${t.big} NOT NULL,
     booking_id ${t.key} NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
     PRIMARY KEY (host, block)
   );
   CREATE INDEX booking_blocks_booking ON booking_blocks (booking_id);`;

/**
 * The visitor's own time zone, kept with their call (as their widget said it: null from the page
 * without JavaScript), and how often they moved it themselves (`booking.visitorMoves`).
 */
export const visitorCallColumns = (t: ColumnTypes) =>
  `ALTER TABLE bookings ADD COLUMN visitor_zone ${t.text};
   ALTER TABLE bookings ADD COLUMN visitor_moves ${t.integer} NOT NULL DEFAULT 0;`;

/**
 * The calendars hosts connected (`host_calendars`: the address typed, the user name, the password
 * sealed with `CALENDAR_KEY`, never stored in the clear) and the writes owed to them
 * (`calendar_writes`: a call's event to put or remove, retried with backoff under a lease, as a
 * narrow queue: the event itself is read from its booking when it is sent).
 */
export const calendarTables = (t: ColumnTypes) => `CREATE TABLE host_calendars (
     address ${t.text} PRIMARY KEY,
     url ${t.text} NOT NULL,
     username ${t.text} NOT NULL,
     sealed_password ${t.text} NOT NULL,
     connected_at ${t.big} NOT NULL,
     connected_by ${t.text} NOT NULL
   );
   CREATE TABLE calendar_writes (
     id ${t.serial},
     uid ${t.text} NOT NULL,
     host ${t.text} NOT NULL,
     action ${t.text} NOT NULL CHECK (action IN ('put', 'remove')),
     sequence ${t.integer} NOT NULL DEFAULT 0,
     state ${t.text} NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
     attempts ${t.integer} NOT NULL DEFAULT 0,
     next_attempt_at ${t.big} NOT NULL,
     lease_owner ${t.text},
     lease_until ${t.big},
     lease_token ${t.integer} NOT NULL DEFAULT 0,
     last_error ${t.text},
     needs_person ${t.integer} NOT NULL DEFAULT 0,
     created_at ${t.big} NOT NULL,
     done_at ${t.big},
     UNIQUE (uid, action, sequence)
   );
   CREATE INDEX calendar_writes_due ON calendar_writes (state, next_attempt_at);`;

/**
 * Whether a call took place (issue 88): staff's mark on each call (`attended` or `no_show`), when
 * and by whom (as the audit log names people), and the funnel's count of each per cell, counted
 * in the cell its booking was counted in (`machine/funnel.ts`).
 */
export const callOutcomeColumns = (t: ColumnTypes) =>
  `ALTER TABLE bookings ADD COLUMN outcome ${t.text} CHECK (outcome IN ('attended', 'no_show'));
   ALTER TABLE bookings ADD COLUMN marked_at ${t.big};
   ALTER TABLE bookings ADD COLUMN marked_by ${t.text};
   ALTER TABLE funnel_counts ADD COLUMN attended ${t.big} NOT NULL DEFAULT 0;
   ALTER TABLE funnel_counts ADD COLUMN no_show ${t.big} NOT NULL DEFAULT 0;`;

/**
 * Calendars of several kinds (issue #86): each host's calendar has a `kind` (`caldav`,
 * `microsoft`, `google`: `booking/calendar-adapters.ts`), and what its reads came to, so the
 * console and the alerts say it (`read_at`, the last read that worked; `fault`, why the last one
 * did not, in words, since `fault_at`). `calendar_connections`: the firm's own connection of a
 * kind (a Microsoft app, a Google service account), one a kind, whose `settings` (JSON: a tenant
 * and an application's ids, a service account's address) are plain and whose secret is sealed
 * with the calendar key as hosts' passwords are. `url`, `username` and `sealed_password` of a
 * host's calendar are its adapter's to read: a CalDAV collection, user and password; a mailbox,
 * and nothing else where the firm's connection reads it.
 */
export const calendarKindsTables = (t: ColumnTypes) =>
  `ALTER TABLE host_calendars ADD COLUMN kind ${t.text} NOT NULL DEFAULT 'caldav';
   ALTER TABLE host_calendars ADD COLUMN read_at ${t.big};
   ALTER TABLE host_calendars ADD COLUMN fault ${t.text};
   ALTER TABLE host_calendars ADD COLUMN fault_at ${t.big};
   CREATE TABLE calendar_connections (
     kind ${t.text} PRIMARY KEY,
     settings ${t.text} NOT NULL,
     sealed_secret ${t.text} NOT NULL,
     connected_at ${t.big} NOT NULL,
     connected_by ${t.text} NOT NULL
   );`;

/**
 * A call's meeting (issue 88): the link of its room of its own (`booking.meeting`), made when it
 * is booked and kept through every move; none for a call by telephone.
 */
export const meetingColumn = (t: ColumnTypes) =>
  `ALTER TABLE bookings ADD COLUMN meeting_url ${t.text};`;

/**
 * Reminders before a call (issue 88): when it was given its time (`placed_at`: null until a move,
 * its booking's `created_at` till then) and how long before that time its latest reminder went
 * (`reminded_before`, null: none yet, and again after a move); the calls starting soon are
 * looked up by their start.
 */
export const reminderColumns = (t: ColumnTypes) =>
  `ALTER TABLE bookings ADD COLUMN placed_at ${t.big};
   ALTER TABLE bookings ADD COLUMN reminded_before ${t.big};
   CREATE INDEX bookings_start ON bookings (start_at);`;

/**
 * A call's meeting made by its host's calendar (issue 88, `{"provider": "teams"|"meet"}`): which
 * provider it asks, kept from its booking until the calendar's link is read back into
 * `meeting_url`; null for a call by telephone or with a room link.
 */
export const meetingProviderColumn = (t: ColumnTypes) =>
  `ALTER TABLE bookings ADD COLUMN meeting_provider ${t.text};`;
