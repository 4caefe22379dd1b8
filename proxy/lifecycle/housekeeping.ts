/**
 * The outbox's chores while the proxy runs: forget idempotency keys and spent form tokens that
 * can no longer matter (hourly), remove delivered submissions after `RETENTION_DAYS` and caught
 * spam after a week (hourly; a dead letter stays until an operator deals with it), forget the
 * finished webhook deliveries of every submission gone (hourly; a pending one stays until it
 * ends, and goes at the next run after), forget console sessions and invitations that ran out
 * (hourly), forget the widget files
 * of builds no proxy has run for 30 days (daily), forget the funnel's counters of days more than
 * `FUNNEL_KEPT_DAYS` ago (daily), and sweep files a crash left without a row (daily; only files
 * older than an hour, so an accept that is writing its files keeps them).
 */
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type {
  BookingStore,
  FunnelCounters,
  Housekeeping,
  People,
  WidgetFileArchive,
} from '../outbox/store.ts';
import { FUNNEL_KEPT_DAYS, funnelDay } from '../outbox/funnel-counts.ts';
import { EARLIER_WIDGET_FILES_KEPT_MS, type WidgetFile } from '../outbox/machine/widget-files.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../intake/idempotency.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Caught spam is kept this long for review. */
const SPAM_RETENTION_DAYS = 7;

/** One chore: what it does, how often. */
interface Chore {
  name: string;
  everyMs: number;
  run: (now: number) => Promise<number>;
}

/**
 * The chores for `store`; delivered submissions are kept `retentionDays`; `widgetFiles` are
 * this build's late bundle and chunks (`outbox/machine/widget-files.ts`).
 */
export function chores(
  store: Housekeeping &
    WidgetFileArchive &
    Pick<FunnelCounters, 'forgetFunnelDay'> &
    Pick<People, 'forgetExpiredSessions'> &
    Pick<BookingStore, 'forgetPastBookings'>,
  retentionDays: number,
  widgetFiles: readonly WidgetFile[],
): Chore[] {
  return [
    {
      name: 'delivered submissions removed (RETENTION_DAYS)',
      everyMs: HOUR_MS,
      run: (now) => store.purgeDelivered(now - retentionDays * DAY_MS),
    },
    {
      name: 'calls that ended more than RETENTION_DAYS ago forgotten',
      everyMs: HOUR_MS,
      run: (now) => store.forgetPastBookings(now - retentionDays * DAY_MS),
    },
    {
      name: 'caught spam removed',
      everyMs: HOUR_MS,
      run: (now) => store.purgeSpam(now - SPAM_RETENTION_DAYS * DAY_MS),
    },
    {
      name: 'finished webhook deliveries of removed submissions forgotten',
      everyMs: HOUR_MS,
      run: () => store.purgeFinishedWebhooks(),
    },
    {
      name: 'idempotency keys forgotten',
      everyMs: HOUR_MS,
      run: (now) => store.purgeIdempotencyKeys(now - IDEMPOTENCY_KEY_LIFETIME_MS),
    },
    {
      name: 'spent form tokens forgotten',
      everyMs: HOUR_MS,
      run: (now) => store.purgeSpentFormTokens(now),
    },
    {
      // A session past its 12 hours is refused anyway; its row need not wait to be forgotten.
      name: 'console sessions and invitations that ran out forgotten',
      everyMs: HOUR_MS,
      run: (now) => store.forgetExpiredSessions(now),
    },
    {
      name: `widget files of builds no proxy has run for ${String(EARLIER_WIDGET_FILES_KEPT_MS / DAY_MS)} days forgotten`,
      everyMs: DAY_MS,
      async run(now) {
        await store.keepWidgetFiles(widgetFiles, now);
        return store.forgetWidgetFiles(now - EARLIER_WIDGET_FILES_KEPT_MS);
      },
    },
    {
      name: `funnel counters of days more than ${String(FUNNEL_KEPT_DAYS)} days ago forgotten`,
      everyMs: DAY_MS,
      async run(now) {
        const before = funnelDay(now - FUNNEL_KEPT_DAYS * DAY_MS);
        let forgotten = 0;
        for (let rows = 1; rows > 0; forgotten += rows) rows = await store.forgetFunnelDay(before);
        return forgotten;
      },
    },
    {
      name: 'orphaned outbox files removed',
      everyMs: DAY_MS,
      run: (now) => store.removeOrphanFiles(now - HOUR_MS),
    },
  ];
}

/**
 * Runs each chore on its schedule until the returned function is called.
 *
 * @example const stop = startHousekeeping(chores(store, 30, hashedFiles(widget)), log);
 */
export function startHousekeeping(list: readonly Chore[], log: Logger, now = Date.now): () => void {
  const timers = list.map((chore) => {
    const timer = setInterval(() => {
      chore.run(now()).then(
        (count) => {
          if (count > 0) log.info({ count }, chore.name);
        },
        (error: unknown) => {
          logFailure(log, error, {}, `housekeeping failed: ${chore.name}`);
        },
      );
    }, chore.everyMs);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
