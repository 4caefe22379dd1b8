/** A booking's row as both databases hold it (`booking-tables.ts`), and as the outbox gives it. */
import type { StoredBooking } from '../booking.ts';

/** A row of `bookings`. */
export interface BookingRow {
  id: number;
  uid: string;
  reference: string;
  question: string;
  host: string;
  team: string | null;
  start_at: number;
  end_at: number;
  until_at: number;
  time_zone: string;
  visitor_zone: string | null;
  visitor_moves: number;
  meeting_url: string | null;
  meeting_provider: StoredBooking['meetingProvider'];
  state: StoredBooking['state'];
  summary: string;
  description: string;
  sequence: number;
  created_at: number;
  cancelled_at: number | null;
  outcome: StoredBooking['outcome'];
  marked_at: number | null;
  marked_by: string | null;
}

/** A row as the booking it keeps. */
export const toBooking = (row: BookingRow): StoredBooking => ({
  id: row.id,
  uid: row.uid,
  reference: row.reference,
  question: row.question,
  host: row.host,
  team: row.team,
  start: row.start_at,
  end: row.end_at,
  until: row.until_at,
  timeZone: row.time_zone,
  visitorZone: row.visitor_zone,
  visitorMoves: row.visitor_moves,
  meetingUrl: row.meeting_url,
  meetingProvider: row.meeting_provider,
  state: row.state,
  summary: row.summary,
  description: row.description,
  sequence: row.sequence,
  createdAt: row.created_at,
  cancelledAt: row.cancelled_at,
  outcome: row.outcome,
  markedAt: row.marked_at,
  markedBy: row.marked_by,
});
