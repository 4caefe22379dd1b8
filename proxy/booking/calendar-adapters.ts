/**
 * Every kind of calendar a host may connect, and the one way a connected calendar is opened
 * (`calendar-port.ts`): the busy cache, the writer, the CLI and the console all open it here, by
 * its kind, with its secrets opened by the calendar key (the host's own, and the firm's
 * connection of its kind, read from the outbox at each open: a secret replaced is used at once).
 *
 * To add a kind: its adapter in a folder of its own (`microsoft/`, `google/`), returning a
 * `CalendarAdapter`, and one line in `calendarAdapters` below; its name is in
 * `outbox/calendar-write.ts` (`CALENDAR_KIND_NAMES`), and where its service is in
 * `calendar-env.ts`.
 */
import {
  WEB_APP_KINDS,
  type CalendarConnection,
  type CalendarKind,
  type ConnectionKind,
  type HostCalendar,
} from '../outbox/calendar-write.ts';
import type { CalendarConnections, HostCalendars } from '../outbox/store.ts';
import { caldavAdapter } from './caldav/caldav-adapter.ts';
import { microsoftAdapter } from './microsoft/microsoft-adapter.ts';
import { DEFAULT_CALENDAR_PLACES, type CalendarPlaces } from './calendar-env.ts';
import { CalendarFault } from './caldav/calendar-fault.ts';
import { googleAdapter } from './google/google-adapter.ts';
import { connectionSealedFor, usableKey, type FoundKey } from './calendar-key.ts';
import type { CalendarAdapter, OpenedCalendar, OpenedConnection } from './calendar-port.ts';

/**
 * The adapters of every kind, for one process (each keeps its tokens and its limits), their
 * services where `places` says (`calendar-env.ts`); `now` is the clock their tokens age by.
 */
export function calendarAdapters(
  places: CalendarPlaces = DEFAULT_CALENDAR_PLACES,
  now: () => number = Date.now,
): readonly CalendarAdapter[] {
  return [caldavAdapter(), microsoftAdapter(places, now), googleAdapter(places, undefined, now)];
}

/** What the opener opens calendars with. */
export interface CalendarOpenerDeps {
  adapters: readonly CalendarAdapter[];
  /** The calendar key as it is now (`keyWhenMade`). */
  key: () => FoundKey;
  store: Pick<CalendarConnections, 'calendarConnection'> &
    Pick<HostCalendars, 'keepCalendarSecret'>;
}

/** Opens hosts' calendars and the firm's connections, by kind. */
export class CalendarOpener {
  constructor(private readonly deps: CalendarOpenerDeps) {}

  /** The adapter of `kind`; a fault when this proxy has none (a newer proxy connected it). */
  adapter(kind: CalendarKind): CalendarAdapter {
    const adapter = this.deps.adapters.find((each) => each.kind === kind);
    if (!adapter)
      throw new CalendarFault('refused', `this proxy cannot read a calendar of the kind “${kind}”`);
    return adapter;
  }

  /**
   * `calendar` opened by its kind's adapter: its own secret opened, and the firm's connection of
   * its kind where it has no secret of its own. Throws the `CalendarFault` saying why it cannot
   * be (no key; the firm's connection missing or sealed with another key).
   */
  async open(calendar: HostCalendar): Promise<OpenedCalendar> {
    const adapter = this.adapter(calendar.kind);
    const own = calendar.sealedPassword
      ? this.#unseal(() => usableKey(this.deps.key()).open(calendar.sealedPassword, calendar))
      : '';
    const firm = own || !adapter.firm ? undefined : await this.connection(calendar.kind);
    if (!own && adapter.firm && !firm)
      throw new CalendarFault(
        'refused',
        `the firm has no ${calendar.kind} connection: connect one with npm run outbox -- calendars ${calendar.kind}`,
      );
    // A host's own sign-in: its refresh token is `own`, the firm's web app refreshes it.
    const signedIn =
      own && calendar.kind !== 'caldav'
        ? {
            app: await this.connection(WEB_APP_KINDS[calendar.kind]),
            keep: (token: string) =>
              this.deps.store.keepCalendarSecret(
                calendar.address,
                calendar.connectedAt,
                usableKey(this.deps.key()).seal(token, calendar),
              ),
          }
        : undefined;
    return adapter.open(calendar, { own, firm, signedIn });
  }

  /** The firm's connection of `kind`, its secret opened; undefined when there is none. */
  async connection(kind: ConnectionKind): Promise<OpenedConnection | undefined> {
    const kept = await this.deps.store.calendarConnection(kind);
    return kept ? this.opened(kept) : undefined;
  }

  /** `kept`'s secret opened with the key. */
  opened(kept: CalendarConnection): OpenedConnection {
    const secret = this.#unseal(() =>
      usableKey(this.deps.key()).open(
        kept.sealedSecret,
        connectionSealedFor(kept.kind, kept.settings),
      ),
    );
    return { settings: kept.settings, secret, connectedAt: kept.connectedAt };
  }

  /** A secret opened, or the fault a wrong key is. */
  #unseal(open: () => string): string {
    try {
      return open();
    } catch (error) {
      if (error instanceof CalendarFault) throw error;
      throw new CalendarFault(
        'refused',
        'its secret was sealed with another calendar key (CALENDAR_KEY changed?): connect it again',
      );
    }
  }
}
