/**
 * A lead's routing, written once for both databases (`../lead-routing.ts`): kept in the
 * transaction that stores the lead, with the earlier lead it repeats (found by the indexes on the
 * mailbox's keyed hash, which every lead is stored with, and the number's last digits, the most
 * recent within the window, routed or not), the person whose turn it is in a round robin
 * (the team's row taken first, so instances sharing the database take turns one at a time, and
 * nobody marked away), and the notice to the team queued once. And the few reads and writes
 * around it: the people marked away, the turns, the later leads linked to one.
 */
import type { NewRouting, RoutedLead } from '../lead-routing.ts';
import { notifications } from './notifications.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';
import { matchingNumber, phoneKeyExpression, storedTelephone } from './telephone.ts';

/**
 * Leads sharing a number's last ten digits read at most, most recent first: other people's
 * numbers that end alike are few, and the most recent of this person's is among them.
 */
const NUMBER_CANDIDATES = 20;

/** Someone marked away in the console. */
export interface AwayPerson {
  /** Their address, in lower case. */
  address: string;
  since: number;
  /** Who marked them away (as the audit log names people). */
  markedBy: string;
}

/**
 * The person after `last` in `people`'s order who is not `away` (lower-case addresses), going
 * round; null when all are. The console's teams page says whose turn is next by it too.
 *
 * @example nextInTurn(['a', 'b', 'c'], 'a', new Set(['b'])) // 'c'
 */
export function nextInTurn(
  people: readonly string[],
  last: string,
  away: ReadonlySet<string>,
): string | null {
  const start = people.findIndex((person) => person.toLowerCase() === last.toLowerCase());
  for (let step = 1; step <= people.length; step += 1) {
    const person = people[(start + step + people.length) % people.length];
    if (person !== undefined && !away.has(person.toLowerCase())) return person;
  }
  return null;
}

/** The routing statements, in `d`'s spelling. */
export function routing(d: Dialect) {
  const queue = notifications(d);

  /** Everyone marked away, by address. */
  function* peopleAway(): Plan<AwayPerson[]> {
    const rows = yield* all<{ address: string; since: number; marked_by: string }>(
      'SELECT address, since, marked_by FROM people_away ORDER BY address',
    );
    return rows.map((row) => ({ address: row.address, since: row.since, markedBy: row.marked_by }));
  }

  /**
   * The leads but `reference` since `since` that `where` picks, not spam, most recent first:
   * the index `where` names reads only the few with the key.
   */
  function* candidates(where: string, params: Record<string, unknown>, limit: number) {
    return yield* all<{ reference: string; received_at: number; id: number; upstream: string }>(
      `SELECT reference, received_at, id, upstream FROM submissions
       WHERE ${where} AND received_at >= @since AND reference <> @reference AND state <> 'spam'
       ORDER BY received_at DESC, id DESC LIMIT ${String(limit)}`,
      params,
    );
  }

  /**
   * The earlier lead `routing` repeats: the most recent of those with the same mailbox (its keyed
   * hash) or the same number (its last digits narrow, E.164 decides: `telephone.ts`).
   */
  function* earlierLead(reference: string, routing: NewRouting): Plan<string | null> {
    const match = routing.match;
    if (!match) return null;
    const found = [];
    const params = { since: match.since, reference };
    if (match.mailbox !== undefined)
      found.push(
        ...(yield* candidates('mailbox_key = @key', { ...params, key: match.mailbox }, 1)),
      );
    const number = match.telephone && matchingNumber(match.telephone, match.country);
    if (number) {
      const near = yield* candidates(
        d.inList(phoneKeyExpression(d), '@keys'),
        { ...params, keys: number.keys },
        NUMBER_CANDIDATES,
      );
      const same = near.find((row) => number.isThis(storedTelephone(row.upstream)));
      if (same) found.push(same);
    }
    found.sort((a, b) => b.received_at - a.received_at || b.id - a.id);
    return found[0]?.reference ?? null;
  }

  /**
   * The person `team` gave its last lead to ('' for none yet), its row taken and kept until the
   * transaction ends: another instance's intake for the same team waits here, then reads the
   * turn this one took (a lead's, or its call's: `bookings.ts`).
   */
  function* holdTurn(team: string): Plan<string> {
    const turn = yield* one<{ last_person: string }>(
      `INSERT INTO team_turns (team, last_person) VALUES (@team, '')
       ON CONFLICT (team) DO UPDATE SET last_person = team_turns.last_person
       RETURNING last_person`,
      { team },
    );
    return turn?.last_person ?? '';
  }

  /** Notes `person` as the one `team` gave its last lead to (its row held: `holdTurn`). */
  const giveTurn = (team: string, person: string) =>
    run('UPDATE team_turns SET last_person = @person WHERE team = @team', { team, person });

  /** Whose turn it is in `team` among `people`, taken for this lead; null when all are away. */
  function* takeTurn(team: string, people: readonly string[]): Plan<string | null> {
    const last = yield* holdTurn(team);
    const away = yield* peopleAway();
    const next = nextInTurn(people, last, new Set(away.map((a) => a.address)));
    if (next !== null) yield* giveTurn(team, next);
    return next;
  }

  return {
    holdTurn,
    giveTurn,
    /**
     * Keeps `routing` with the lead `reference` (stored in this transaction): the lead it
     * repeats, the person whose turn it is, and the notice to them (or to the whole team when
     * it has no round robin, or everyone in it is away). A lead whose call was booked in this
     * transaction (`bookedWith`) is given to its host, whose turn the booking took.
     */
    *recordRouting(reference: string, routing: NewRouting, bookedWith?: string): Plan<RoutedLead> {
      const repeatOf = yield* earlierLead(reference, routing);
      const assignedTo = routing.roundRobin
        ? (bookedWith ?? (yield* takeTurn(routing.team, routing.roundRobin)))
        : null;
      yield* run(
        `UPDATE submissions SET routed_to = @team, team_label = @label, route_reason = @reason,
           assigned_to = @assignedTo, repeat_of = @repeatOf
         WHERE reference = @reference`,
        {
          reference,
          team: routing.team,
          label: routing.label,
          reason: routing.reason,
          assignedTo,
          repeatOf,
        },
      );
      if (routing.notice) {
        const { notification, people } = routing.notice;
        const to = assignedTo === null ? people : [assignedTo];
        const payload = { ...(notification.payload as object), to, assignedTo, repeatOf };
        yield* queue.queueNotifications([{ ...notification, payload }]);
      }
      return { assignedTo, repeatOf };
    },
    /** The references of the leads that repeat `reference`, oldest first. */
    *repeatsOf(reference: string): Plan<string[]> {
      const rows = yield* all<{ reference: string }>(
        'SELECT reference FROM submissions WHERE repeat_of = @reference ORDER BY id',
        { reference },
      );
      return rows.map((row) => row.reference);
    },
    /** Marks `address` away from `at` (a round robin passes over them); false if they were. */
    *markAway(address: string, at: number, markedBy: string): Plan<boolean> {
      const marked = yield* run(
        `INSERT INTO people_away (address, since, marked_by) VALUES (@address, @at, @markedBy)
         ON CONFLICT (address) DO NOTHING`,
        { address: address.toLowerCase(), at, markedBy },
      );
      return marked === 1;
    },
    /** Marks `address` back; false if they were not away. */
    *markBack(address: string): Plan<boolean> {
      const back = yield* run('DELETE FROM people_away WHERE address = @address', {
        address: address.toLowerCase(),
      });
      return back === 1;
    },
    peopleAway,
    /** The person each round-robin team gave its last lead to, by team. */
    *lastTurns(): Plan<Map<string, string>> {
      const rows = yield* all<{ team: string; last_person: string }>(
        'SELECT team, last_person FROM team_turns',
      );
      return new Map(rows.map((row) => [row.team, row.last_person]));
    },
  };
}
