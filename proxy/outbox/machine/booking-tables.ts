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
