/**
 * Writes calls' events into hosts' own calendars, as delivery sends enquiries: each write was
 * queued in the outbox in the transaction that booked, cancelled or erased its call
 * (`outbox/machine/calendar-writes.ts`); this claims the due ones under a lease (one instance sends
 * each, one write of a call at a time), tries each once, and records how it ended. A calendar
 * that is down or slow delays a write, never loses it: it is tried again with backoff (5 s
 * doubling to an hour) for three days, then given up. Each calendar is opened by its kind
 * (`calendar-adapters.ts`), whose write a retry after an unknown outcome never makes twice (a
 * CalDAV put `If-None-Match: *` on the event's own resource; Graph's `transactionId`). What a person
 * must mend (a wrong password, an address that is no calendar), and what is given up, the firm
 * hears of by the notifier's alert (`notify/alert-conditions.ts`, `calendarTrouble`). A call
 * whose host's calendar makes its meeting has the meeting read back once its event is written
 * (`meeting-reads.ts`): one still being made is read again through this queue, never waited on.
 */
import { nextAttempt, type RetryPolicy } from '../delivery/backoff.ts';
import type { Logger } from '../logger.ts';
import type { ClaimedCalendarWrite, CalendarWriteOutcome } from '../outbox/calendar-write.ts';
import { StoreUnavailableError, type CalendarWriteQueue } from '../outbox/store.ts';
import type { CalendarOpener } from './calendar-adapters.ts';
import { CalendarFault } from './caldav/calendar-fault.ts';
import { eventOf } from './event-ical.ts';
import { readMeeting, type MeetingReadDeps } from './meeting-reads.ts';
import type { VisitorMailDeps } from './visitor-call-notice.ts';

/** From 5 s doubling to an hour apart, for three days: a calendar's outage is sat out. */
const CALENDAR_RETRY: RetryPolicy = Object.freeze({
  baseMs: 5_000,
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 3 * 86_400_000,
});

/** How long a claimed write is this writer's: longer than its request may take. */
const LEASE_MS = 60_000;
/** How many writes are tried at once. */
const AT_ONCE = 4;

/** What the writer reads and writes with. */
export interface CalendarWriterDeps {
  store: CalendarWriteQueue & MeetingReadDeps['store'];
  /** Set only when visitors can be emailed: the link of their call's meeting goes to them. */
  visitors?: VisitorMailDeps | undefined;
  /** Opens a calendar by its kind (until there is a key, none opens: writes wait). */
  calendars: Pick<CalendarOpener, 'open'>;
  log: Logger;
  now: () => number;
  /** This instance's name, as its leases name it. */
  owner: string;
  /** How often the queue is looked at when nothing wakes the writer. */
  pollMs?: number;
}

/** The writer of one proxy process. */
export class CalendarWriter {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #stopped = true;

  constructor(private readonly deps: CalendarWriterDeps) {}

  /** Looks at the queue now, then whenever a write is due or `pollMs` passes. */
  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Looks at the queue at once (a call was just booked here). */
  wake(): void {
    if (this.#stopped || this.#running) return;
    clearTimeout(this.#timer);
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
    });
  }

  /** Stops looking; waits for the writes under way (their leases run out if the wait is cut). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #loop(): Promise<void> {
    const { deps } = this;
    try {
      while (!this.#stopped && (await this.round()) > 0);
    } catch (error) {
      // The outbox away is said once when it goes and once when it is back (the store's own
      // lines); a round every 2 s meanwhile adds nothing, and the next finds what it missed.
      if (!(error instanceof StoreUnavailableError))
        deps.log.warn({ err: error }, 'calendar writes: a round failed; trying again');
    }
    if (this.#stopped) return;
    const next = await deps.store.nextCalendarWriteAt().catch(() => null);
    const poll = deps.pollMs ?? 2_000;
    const wait = next === null ? poll : Math.min(poll, Math.max(0, next - deps.now()));
    this.#timer = setTimeout(() => {
      this.wake();
    }, wait);
  }

  /** Claims the writes due and tries each once; answers how many were tried. */
  async round(): Promise<number> {
    const { deps } = this;
    const claimed = await deps.store.claimCalendarWrites(deps.owner, LEASE_MS, deps.now(), AT_ONCE);
    await Promise.all(
      claimed.map(async (claim) => {
        const outcome = await this.#attempt(claim);
        await deps.store.finishCalendarWrite(claim.lease, outcome);
      }),
    );
    return claimed.length;
  }

  async #attempt(claim: ClaimedCalendarWrite): Promise<CalendarWriteOutcome> {
    const { deps } = this;
    const { write, booking, calendar } = claim;
    const about = { uid: write.uid, host: write.host, action: write.action };
    // Nothing left to do: the calendar was disconnected, or the call erased or cancelled first.
    const moot = !calendar || (write.action === 'put' && booking?.state !== 'booked');
    try {
      if (moot) {
        // A call asking a meeting of a calendar disconnected since is by telephone after all.
        await readMeeting(deps, claim, undefined);
        return { kind: 'done', at: deps.now() };
      }
      const port = await deps.calendars.open(calendar);
      const done =
        write.action === 'put' && booking
          ? await port.writeEvent(eventOf(booking))
          : await port.removeEvent(write.uid);
      deps.log.info({ ...about, outcome: done }, 'calendar write done');
      // Its meeting still being made: read again later, the event's write found already done.
      const readAgainAt = await readMeeting(deps, claim, port);
      if (readAgainAt !== undefined)
        return {
          kind: 'retry',
          at: readAgainAt,
          error: 'its meeting is still being made by the calendar',
          needsPerson: false,
        };
      return { kind: 'done', at: deps.now() };
    } catch (error) {
      const fault =
        error instanceof CalendarFault ? error : new CalendarFault('server', String(error));
      const now = deps.now();
      const next = nextAttempt(write.createdAt, write.attempts + 1, now, CALENDAR_RETRY);
      if ('giveUp' in next) {
        deps.log.error(
          { ...about, problem: fault.message },
          'calendar write given up after three days',
        );
        return { kind: 'failed', at: now, error: fault.message };
      }
      deps.log.warn(
        { ...about, problem: fault.message, retryAt: new Date(next.at).toISOString() },
        'calendar write failed; will retry',
      );
      return { kind: 'retry', at: next.at, error: fault.message, needsPerson: fault.needsPerson };
    }
  }
}
