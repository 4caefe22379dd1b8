/**
 * Hosts' own calendars as last read (`CalendarBusy`, `calendar-port.ts`): each connected calendar
 * is read in the background every minute, a few at a time, for the next 92 days (a horizon's
 * most, and a day more), and the slots and the bookings ask here, in memory, never the calendar
 * itself: an enquiry's transaction never waits on a calendar server. Which calendars are
 * connected is looked at every few seconds (one small query), so a calendar connected while the
 * proxy runs (`people calendar`, another process) is read at once, not at the next minute.
 *
 * What is known is trusted for two minutes after the last read that worked (one read may fail
 * between two that do, and a visitor who just saw a time can still book it). Past that, or
 * before a calendar was ever read, its host's times are `unreadable`: not offered, never offered
 * blindly. With several hosts, those whose calendars answer go on offering theirs.
 */
import type { Logger } from '../logger.ts';
import type { HostCalendars } from '../outbox/store.ts';
import type { CalendarKind, HostCalendar } from '../outbox/calendar-write.ts';
import type { CalendarOpener } from './calendar-adapters.ts';
import type { BusyReading, CalendarBusy } from './calendar-port.ts';
import { within } from './busy-times.ts';
import type { Span } from './slot-grid.ts';

const DAY_MS = 86_400_000;

/** How often each calendar is read. */
const REFRESH_MS = 60_000;
/** How often the calendars connected are listed (a new one is read at once). */
const LIST_MS = 5_000;
/** How long what was read is trusted once reads fail (the alerts say when it is past). */
const CALENDAR_TRUSTED_MS = 2 * REFRESH_MS;
/**
 * The calendars that cannot be read at `now`, past the time their last read is trusted: their
 * hosts' times are not offered. What the alerts email the firm of and the console's People page
 * shows, from the faults each read recorded.
 */
export const calendarsUnreadAt = (store: Pick<HostCalendars, 'unreadCalendars'>, now: number) =>
  store.unreadCalendars(now - CALENDAR_TRUSTED_MS);
/** How many calendars are read at once. */
const AT_ONCE = 4;

/** What one host's calendar is known to hold. */
type Known = { events: readonly Span[]; readAt: number } | undefined;

/** When a host's calendar was last tried, as connected then. */
interface Tried {
  at: number;
  connectedAt: number;
}

/** What the cache reads calendars with. */
export interface BusyCacheDeps {
  /** The calendars connected; what each read came to is recorded there (the console, alerts). */
  store: Pick<HostCalendars, 'hostCalendars' | 'recordCalendarRead'>;
  /** Opens a calendar by its kind (until there is a key, none opens: each host `unreadable`). */
  calendars: Pick<CalendarOpener, 'open'>;
  /** Floating times' and whole days' zone, and which events are the proxy's own bookings. */
  reading: () => BusyReading;
  log: Logger;
  now: () => number;
}

/** The busy times of every connected calendar, as last read. */
export class BusyCache implements CalendarBusy {
  #version = 0;
  readonly #known = new Map<string, Known>();
  /** The hosts with a calendar connected, as last listed, and its kind. */
  #connected = new Map<string, CalendarKind>();
  /** Each host's last fault, so that a fault is logged when it starts and when it ends. */
  readonly #faults = new Map<string, string>();
  readonly #tried = new Map<string, Tried>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #round: Promise<void> | undefined;

  constructor(private readonly deps: BusyCacheDeps) {}

  get version(): number {
    return this.#version;
  }

  kindOf(host: string): CalendarKind | undefined {
    return this.#connected.get(host);
  }

  eventsOf(host: string, from: number, to: number): readonly Span[] | 'unreadable' {
    if (!this.#connected.has(host)) return [];
    const known = this.#known.get(host);
    if (!known || this.deps.now() - known.readAt > CALENDAR_TRUSTED_MS) return 'unreadable';
    return within(known.events, from, to);
  }

  /** Reads every connected calendar now, then each every minute (a new one at once) until `stop`. */
  start(): void {
    const loop = () => {
      this.#round = this.refresh().finally(() => {
        if (this.#round) this.#timer = setTimeout(loop, LIST_MS);
      });
    };
    loop();
  }

  /** Stops reading; waits for the round under way. */
  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    const round = this.#round;
    this.#round = undefined;
    await round;
  }

  /**
   * One round: the calendars connected now, each read (a few at a time) that was not tried in
   * the last minute, or was connected again since.
   */
  async refresh(): Promise<void> {
    let calendars: HostCalendar[];
    try {
      calendars = await this.deps.store.hostCalendars();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'calendars: the outbox could not list them; trying again');
      return;
    }
    const connected = new Map(calendars.map((calendar) => [calendar.address, calendar.kind]));
    if (
      [...connected.keys()].some((host) => !this.#connected.has(host)) ||
      connected.size !== this.#connected.size
    )
      this.#version += 1;
    this.#connected = connected;
    for (const forgotten of [this.#known, this.#tried])
      for (const host of forgotten.keys()) if (!connected.has(host)) forgotten.delete(host);
    const now = this.deps.now();
    const queue = calendars.filter((calendar) => {
      const tried = this.#tried.get(calendar.address);
      return !tried || tried.connectedAt !== calendar.connectedAt || now - tried.at >= REFRESH_MS;
    });
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let calendar = queue.shift(); calendar; calendar = queue.shift())
          await this.#read(calendar);
      }),
    );
  }

  async #read(calendar: HostCalendar): Promise<void> {
    const { deps } = this;
    const { address, connectedAt } = calendar;
    const now = deps.now();
    this.#tried.set(address, { at: now, connectedAt });
    let fault: string | null = null;
    try {
      const opened = await deps.calendars.open(calendar);
      const events = await opened.busyTimes(now - DAY_MS, now + 92 * DAY_MS, deps.reading());
      const before = this.#known.get(address);
      this.#known.set(address, { events, readAt: now });
      const readAgain = this.#faults.delete(address);
      // A read that works after faults changes what is known though its events do not: the
      // times withdrawn meanwhile (past the trusted minutes) come back at once.
      if (!before || readAgain || JSON.stringify(before.events) !== JSON.stringify(events))
        this.#version += 1;
      if (readAgain) deps.log.info({ host: address }, 'calendars: read again');
      else if (!before)
        deps.log.info({ host: address }, 'calendars: a calendar is read; its times are offered');
    } catch (error) {
      fault = error instanceof Error ? error.message : String(error);
      if (this.#faults.get(address) !== fault)
        deps.log.warn(
          { host: address, kind: calendar.kind, url: calendar.url, problem: fault },
          'calendars: a calendar cannot be read; its times are not offered past two minutes',
        );
      this.#faults.set(address, fault);
      // Its times go once they are no longer trusted: the slots worked out before are stale.
      this.#version += 1;
    }
    await deps.store
      .recordCalendarRead({ address, connectedAt, at: now, fault })
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'calendars: what a read came to could not be recorded');
      });
  }
}
