/**
 * The times offered (`GET /api/slots`): each day's slots by the team's rules (`slot-grid.ts`),
 * each kept while at least one host is free (`busy-times.ts`): not marked away, not booked in
 * the outbox, not busy in their own calendar as last read (`calendar-port.ts`). A host whose
 * calendar cannot be read offers nothing; when no time is left and some calendar could not be
 * read, the answer is `unavailable`, not `full`.
 *
 * Cheap by construction: each day's times are worked out once per set of hosts and rules and
 * kept for a few seconds (so a booking taken on another instance shows within them; one taken
 * here shows at once, `forget`), and the visitors asking meanwhile wait for that one working
 * out instead of each starting their own. A flood of page views costs a map lookup each.
 */
import type { SlotsStatus } from '../contract/booking.ts';
import type { BookingStore, TeamPeople } from '../outbox/store.ts';
import type { BookingHosts } from './booking-hosts.ts';
import { isFree, within, type HostBusy } from './busy-times.ts';
import type { CalendarBusy, CalendarKind } from './calendar-port.ts';
import { isoStart } from './call-words.ts';
import { bookableDates, bookableFrom, daySlots, type Span } from './slot-grid.ts';
import { wallClock, type CivilDate } from './zoned-time.ts';

/** How long a day's times are reused before they are worked out again. */
const FRESH_MS = 5_000;

/** What the slot finder reads. */
export interface SlotFinderDeps {
  store: Pick<BookingStore, 'bookedBetween'> & Pick<TeamPeople, 'peopleAway'>;
  /** The hosts' own calendars as last read; without it, nobody connected one. */
  calendars?: CalendarBusy | undefined;
  now: () => number;
}

/** A time offered, with its JSON as `GET /api/slots` writes it (made once per day worked out). */
export interface OfferedSlot extends Span {
  json: string;
}

/** The times offered to a visitor now. */
export interface OfferedSlots {
  status: SlotsStatus;
  /** Earliest first; empty unless `status` is `open`. */
  slots: OfferedSlot[];
}

/** One day's free times for one set of hosts and rules, as worked out at `at`. */
interface DayTimes {
  at: number;
  version: number;
  slots: OfferedSlot[];
  /** Some host's calendar could not be read: their times are not among `slots`. */
  unreadable: boolean;
}

const keyOf = (hosts: BookingHosts) => `${hosts.rules.key}|${hosts.people.join(',')}`;

/** The times offered, worked out once per set of hosts and day (see the module's comment). */
export class SlotFinder {
  readonly #days = new Map<string, DayTimes>();
  readonly #working = new Map<string, Promise<void>>();

  constructor(private readonly deps: SlotFinderDeps) {}

  /** The times `hosts` offer now, within their rules' horizon and past their notice. */
  async offered(hosts: BookingHosts): Promise<OfferedSlots> {
    const now = this.deps.now();
    const dates = bookableDates(hosts.rules, now);
    const key = keyOf(hosts);
    const stale = () => dates.filter((date) => !this.#fresh(this.#days.get(`${key}|${date}`), now));
    // One working out at a time per set of hosts: the others wait for it, then read it.
    for (let round = 0; round < 2 && stale().length > 0; round += 1) {
      let working = this.#working.get(key);
      if (!working) {
        working = this.#workOut(hosts, stale(), now).finally(() => this.#working.delete(key));
        this.#working.set(key, working);
      }
      await working;
    }
    const from = bookableFrom(hosts.rules, now);
    const days = dates.map((date) => this.#days.get(`${key}|${date}`));
    const slots = days.flatMap((day) => day?.slots ?? []).filter((slot) => slot.start >= from);
    if (slots.length > 0) return { status: 'open', slots };
    return { status: days.some((day) => day?.unreadable) ? 'unavailable' : 'full', slots: [] };
  }

  /**
   * The hosts free for `slot` as far as their calendars say (in the configuration's order), for
   * the booking an enquiry asks: whose calls are booked where is the outbox's to say, in the
   * enquiry's transaction.
   */
  calendarFree(hosts: BookingHosts, slot: Span): string[] {
    const { calendars } = this.deps;
    return hosts.people.filter((host) => {
      const events = calendars?.eventsOf(host, slot.start, slot.end) ?? [];
      return (
        events !== 'unreadable' && isFree(slot, { booked: [], events }, hosts.rules.bufferMinutes)
      );
    });
  }

  /** The kind of `host`'s connected calendar, as last listed; undefined when none is. */
  calendarKind(host: string): CalendarKind | undefined {
    return this.deps.calendars?.kindOf?.(host);
  }

  /** Forgets the day of `at` for `hosts`: a call was booked, or found taken, then. */
  forget(hosts: BookingHosts, at: number): void {
    this.#days.delete(`${keyOf(hosts)}|${wallClock(at, hosts.rules.timeZone).date}`);
  }

  #fresh(day: DayTimes | undefined, now: number): day is DayTimes {
    return (
      day !== undefined &&
      now - day.at < FRESH_MS &&
      day.version === (this.deps.calendars?.version ?? 0)
    );
  }

  /** Works out `dates` for `hosts`: one read of the people away and one of their bookings. */
  async #workOut(hosts: BookingHosts, dates: readonly CivilDate[], now: number): Promise<void> {
    const { rules } = hosts;
    const version = this.deps.calendars?.version ?? 0;
    const grids = dates.map((date) => ({ date, grid: daySlots(rules, date) }));
    const all = grids.flatMap(({ grid }) => grid);
    const buffer = rules.bufferMinutes * 60_000;
    const from = Math.min(...all.map((slot) => slot.start));
    const to = Math.max(...all.map((slot) => slot.end + buffer));
    const away = new Set((await this.deps.store.peopleAway()).map((person) => person.address));
    const present = hosts.people.filter((host) => !away.has(host));
    const booked = all.length > 0 ? await this.deps.store.bookedBetween(present, from, to) : [];
    const busy = new Map<string, HostBusy | 'unreadable'>();
    for (const host of present) {
      const events = all.length > 0 ? (this.deps.calendars?.eventsOf(host, from, to) ?? []) : [];
      busy.set(
        host,
        events === 'unreadable'
          ? events
          : {
              booked: booked
                .filter((span) => span.host === host)
                .map((span) => ({ start: span.start, end: span.until })),
              events,
            },
      );
    }
    const unreadable = [...busy.values()].includes('unreadable');
    // Days gone by are dropped as the horizon moves on: the map holds the horizon's days at most.
    for (const [dayKey, day] of this.#days)
      if (now - day.at > FRESH_MS * 12) this.#days.delete(dayKey);
    for (const { date, grid } of grids) {
      const dayFrom = grid[0]?.start ?? 0;
      const dayTo = (grid.at(-1)?.end ?? 0) + buffer;
      const slots = grid.filter((slot) =>
        [...busy.values()].some(
          (host) =>
            host !== 'unreadable' &&
            isFree(
              slot,
              {
                booked: within(host.booked, dayFrom, dayTo),
                events: within(host.events, dayFrom - buffer, dayTo),
              },
              rules.bufferMinutes,
            ),
        ),
      );
      const offered = slots.map((slot) => ({
        ...slot,
        json: JSON.stringify({ start: isoStart(slot.start), end: isoStart(slot.end) }),
      }));
      this.#days.set(`${keyOf(hosts)}|${date}`, { at: now, version, slots: offered, unreadable });
    }
  }
}
