/**
 * Bookings, written once for both databases (`../booking.ts`, `booking-tables.ts`). A booking is
 * taken in the transaction that accepts its enquiry: the hosts are tried in turn (a round-robin
 * team's from the person after its last, its row held so that instances take turns one at a
 * time; nobody marked away), each by inserting the blocks its call covers. The blocks' key
 * refuses any block of a host's time booked already, so the first host whose every block goes in
 * has the call, on one instance or several: on PostgreSQL a twin transaction waits on the blocks
 * ours holds, then finds them taken.
 */
import type { BookedSpan, BookedSubmission, NewBooking, StoredBooking } from '../booking.ts';
import { toBooking, type BookingRow } from './booking-rows.ts';
import { BLOCK_MS } from './booking-tables.ts';
import { queueCalendarWrite } from './calendar-writes.ts';
import { countBooked } from './funnel.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';
import { nextInTurn, routing } from './routing.ts';

/** The longest a call and its buffer last (`schemas/booking.ts`): how far back a span may start. */
const LONGEST_SPAN_MS = (480 + 240) * 60_000;

/**
 * `hosts` in the order to try them: from the one after `last` for a round robin, in the
 * configuration's order otherwise; nobody `away`.
 *
 * @example triedInOrder(['a', 'b', 'c'], 'a', new Set()) // ['b', 'c', 'a']
 */
function triedInOrder(
  hosts: readonly string[],
  last: string | undefined,
  away: ReadonlySet<string>,
): string[] {
  const order: string[] = [];
  let previous = last ?? hosts.at(-1) ?? '';
  for (let i = 0; i < hosts.length; i += 1) {
    const next = nextInTurn(hosts, previous, new Set([...away, ...order]));
    if (next === null) break;
    order.push(next);
    previous = next;
  }
  return order;
}

/** Gives back every block the booking `id` holds of its host's time. */
export const freeBlocks = (id: number) =>
  run('DELETE FROM booking_blocks WHERE booking_id = @id', { id });

/**
 * Books `span` for `host` under the booking `id`: every block of it, or none (the blocks already
 * in are taken back when one is refused). True when the host has the call.
 */
export function* takeBlocks(
  id: number,
  host: string,
  span: { start: number; until: number },
): Plan<boolean> {
  const from = Math.floor(span.start / BLOCK_MS);
  const to = Math.ceil(span.until / BLOCK_MS);
  const inserted = yield* run(
    `WITH RECURSIVE covered (block) AS (
       SELECT CAST(@from AS BIGINT)
       UNION ALL SELECT block + 1 FROM covered WHERE block + 1 < CAST(@to AS BIGINT))
     INSERT INTO booking_blocks (host, block, booking_id)
     SELECT @host, block, @id FROM covered WHERE 1 = 1
     ON CONFLICT (host, block) DO NOTHING`,
    { from, to, host, id },
  );
  if (inserted === to - from) return true;
  if (inserted > 0) yield* freeBlocks(id);
  return false;
}

/** Gives the booking `id` to `host` over `span`: the host its blocks were taken for. */
export const placeCall = (
  id: number,
  host: string,
  span: { start: number; end: number; until: number },
) =>
  run(
    `UPDATE bookings SET host = @host, start_at = @start, end_at = @end, until_at = @until
     WHERE id = @id`,
    { id, host, start: span.start, end: span.end, until: span.until },
  );

/** The booking statements, in `d`'s spelling. */
export function bookings(d: Dialect) {
  const { peopleAway, holdTurn, giveTurn } = routing(d);

  return {
    /**
     * Takes `booking` for the enquiry `submission` (inserted in this transaction): the first of
     * its hosts, in turn, whose time nobody took; that host's name goes into the enquiry's meta
     * entry. Null when every host's time is taken: the caller rolls the enquiry back.
     */
    *takeBooking(submission: BookedSubmission, booking: NewBooking): Plan<StoredBooking | null> {
      // A round robin's row, held until the enquiry's transaction ends (as a lead's turn is).
      const last = booking.turnsOf ? yield* holdTurn(booking.turnsOf) : undefined;
      const away = new Set((yield* peopleAway()).map((person) => person.address));
      const order = booking.turnsOf
        ? triedInOrder(booking.hosts, last, away)
        : booking.hosts.filter((host) => !away.has(host));
      const [first] = order;
      if (first === undefined) return null;
      const row = yield* one<BookingRow>(
        `INSERT INTO bookings (uid, reference, question, host, team, start_at, end_at, until_at,
           time_zone, visitor_zone, meeting_url, meeting_provider, secret_hash, summary, description,
           created_at)
         VALUES (@uid, @reference, @question, @host, @team, @start, @end, @until, @timeZone,
           @visitorZone, @meetingUrl, @meetingProvider, @secretHash, @summary, @description, @at)
         RETURNING *`,
        {
          uid: booking.uid,
          reference: submission.reference,
          question: booking.question,
          host: first,
          team: booking.turnsOf ?? null,
          start: booking.start,
          end: booking.end,
          until: booking.until,
          timeZone: booking.timeZone,
          visitorZone: booking.visitorZone ?? null,
          meetingUrl: booking.meetingUrl ?? null,
          meetingProvider: booking.meetingProvider ?? null,
          secretHash: booking.secretHash,
          summary: booking.summary,
          description: booking.description,
          at: booking.at,
        },
      );
      if (!row) throw new Error(`the outbox did not insert the booking ${booking.uid}`);
      for (const host of order) {
        if (!(yield* takeBlocks(row.id, host, booking))) continue;
        if (host !== first) yield* placeCall(row.id, host, booking);
        if (booking.turnsOf) yield* giveTurn(booking.turnsOf, host);
        if (submission.funnelCell) yield* countBooked(row.id, submission.funnelCell);
        const meta = submission.upstream.meta.map((entry) =>
          entry.id === booking.question ? { ...entry, value: booking.metaValue(host) } : entry,
        );
        yield* run('UPDATE submissions SET upstream = @upstream WHERE id = @id', {
          id: submission.id,
          upstream: JSON.stringify({ ...submission.upstream, meta }),
        });
        // Its event is owed to the host's own calendar, if they connected one (`calendars.ts`).
        yield* queueCalendarWrite(
          { uid: booking.uid, host, action: 'put', sequence: 0 },
          booking.at,
        );
        return toBooking({ ...row, host });
      }
      return null;
    },
    /**
     * What keeps `hosts` busy between `from` and `to`: their calls booked here (each to the end
     * of its buffer), found by the index on the host and the start.
     */
    *bookedBetween(hosts: readonly string[], from: number, to: number): Plan<BookedSpan[]> {
      const rows = yield* all<{ host: string; start_at: number; until_at: number }>(
        `SELECT host, start_at, until_at FROM bookings
         WHERE ${d.inList('host', '@hosts')} AND state = 'booked'
           AND start_at >= @earliest AND start_at < @to AND until_at > @from
         ORDER BY start_at`,
        { hosts, from, to, earliest: from - LONGEST_SPAN_MS },
      );
      return rows.map((row) => ({ host: row.host, start: row.start_at, until: row.until_at }));
    },
    /** `host`'s calls booked (not cancelled) ending after `since`, earliest first: their feed. */
    *hostBookings(host: string, since: number): Plan<StoredBooking[]> {
      const rows = yield* all<BookingRow>(
        `SELECT * FROM bookings WHERE host = @host AND state = 'booked' AND start_at >= @earliest
           AND end_at > @since
         ORDER BY start_at`,
        { host: host.toLowerCase(), since, earliest: since - LONGEST_SPAN_MS },
      );
      return rows.map(toBooking);
    },
    /**
     * Forgets calls that ended before `before` (booked or cancelled, with their blocks), and the
     * writes of events that were done or given up by then; answers how many calls went.
     */
    *forgetPastBookings(before: number): Plan<number> {
      yield* run(`DELETE FROM calendar_writes WHERE state <> 'pending' AND created_at < @before`, {
        before,
      });
      return yield* run('DELETE FROM bookings WHERE end_at < @before', { before });
    },
    /** The calls booked with the enquiry `reference`, oldest first. */
    *bookingsOf(reference: string): Plan<StoredBooking[]> {
      const rows = yield* all<BookingRow>(
        'SELECT * FROM bookings WHERE reference = @reference ORDER BY id',
        { reference },
      );
      return rows.map(toBooking);
    },
  };
}
