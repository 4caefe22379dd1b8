/**
 * The platform's outage as the outbox keeps it, written once for both databases: one row of
 * `settings`, so that every instance sharing the outbox sees the same outage, takes turns to
 * probe the platform (whoever moves the next probe's time first asks; the others wait for it),
 * and a restart finds it still on. Its end makes every waiting lead due at once, oldest first,
 * and moves each one's retry window on by the time the outage took from it: no lead's window
 * runs while the platform is down (`delivery/outage-watch.ts`).
 */
import { all, one, run, type Dialect, type Plan } from './plan.ts';
import { getSetting, setSetting, settingOnce } from './settings.ts';

/** The settings row of the outage in force, and of the last one ended. */
const OUTAGE = 'delivery.outage';
const ENDED = 'delivery.outage.ended';

/** The platform down, as the outbox keeps it. */
export interface PlatformOutage {
  /** When the platform began failing (the first of the failures that found it down). */
  since: number;
  /** The last failure, in the platform's or the network's words. */
  error: string;
  /** Probes made so far (the wait before the next one grows with them). */
  probes: number;
  /** When the platform is asked next. */
  nextProbeAt: number;
}

/** An outage over: when, and how many leads waited for the platform then. */
export interface OutageEnded {
  since: number;
  endedAt: number;
  waiting: number;
}

/** The value kept in `settings`, compared as written: nobody changed it since it was read. */
const kept = (outage: PlatformOutage) =>
  JSON.stringify({
    since: outage.since,
    error: outage.error,
    probes: outage.probes,
    nextProbeAt: outage.nextProbeAt,
  });
const keptEnded = (ended: OutageEnded) =>
  JSON.stringify({ since: ended.since, endedAt: ended.endedAt, waiting: ended.waiting });

function* setting<T>(name: string): Plan<T | null> {
  const value = yield* getSetting(name);
  return value === null ? null : (JSON.parse(value) as T);
}

/** The outage's plans, in `d`'s spelling. */
export function outage(d: Dialect) {
  return {
    /** The outage in force, or null while the platform is not known to be down. */
    platformOutage: () => setting<PlatformOutage>(OUTAGE),
    /** Begins `found` unless an outage is on already; answers the one in force. */
    *beginOutage(found: PlatformOutage): Plan<PlatformOutage> {
      return JSON.parse(yield* settingOnce(OUTAGE, kept(found))) as PlatformOutage;
    },
    /**
     * Takes the turn to probe the platform: the outage as `seen` becomes `next` (its next probe
     * later), unless another instance changed it first. True when the turn is this caller's.
     */
    *takeProbe(seen: PlatformOutage, next: PlatformOutage): Plan<boolean> {
      const changed = yield* run(
        'UPDATE settings SET value = @next WHERE name = @name AND value = @seen',
        { name: OUTAGE, seen: kept(seen), next: kept(next) },
      );
      return changed === 1;
    },
    /**
     * Ends the outage at `at`: every waiting lead's window moves on by the part of the outage it
     * waited through, and every one nobody holds is due now, in the order they came (their due
     * time becomes their arrival). Null when no outage was on (another instance ended it).
     */
    *endOutage(at: number): Plan<OutageEnded | null> {
      const [row] = yield* all<{ value: string }>(
        'DELETE FROM settings WHERE name = @name RETURNING value',
        { name: OUTAGE },
      );
      if (!row) return null;
      const { since } = JSON.parse(row.value) as PlatformOutage;
      yield* run(
        `UPDATE submissions SET retry_from = retry_from + (@at - ${d.greatest('retry_from', '@since')})
         WHERE state = 'queued' AND retry_from < @at`,
        { at, since },
      );
      // Due at once, oldest first, in every place: a lead that timed out while the platform
      // hung for everyone is no lead it hangs on.
      yield* run(
        `UPDATE submissions SET next_attempt_at = received_at, timed_out = 0
         WHERE state = 'queued' AND (lease_until IS NULL OR lease_until <= @at)`,
        { at },
      );
      const waiting =
        (yield* one<{ n: number }>(`SELECT COUNT(*) AS n FROM submissions WHERE state = 'queued'`))
          ?.n ?? 0;
      const ended: OutageEnded = { since, endedAt: at, waiting };
      yield* setSetting(ENDED, keptEnded(ended));
      if (d.wakeWorkers) yield* run(d.wakeWorkers);
      return ended;
    },
    /**
     * Of the leads that came before `endedAt` and were waiting then: how many were delivered
     * since, and how many still wait.
     */
    *sentAfterOutage(endedAt: number): Plan<{ delivered: number; waiting: number }> {
      const row = yield* one<{ delivered: number | null; waiting: number | null }>(
        `SELECT SUM(CASE WHEN state IN ('delivered', 'partial') AND delivered_at >= @endedAt
                  THEN 1 ELSE 0 END) AS delivered,
                SUM(CASE WHEN state = 'queued' THEN 1 ELSE 0 END) AS waiting
         FROM submissions WHERE received_at < @endedAt
           AND (state = 'queued' OR delivered_at >= @endedAt)`,
        { endedAt },
      );
      return { delivered: row?.delivered ?? 0, waiting: row?.waiting ?? 0 };
    },
    /** The last outage ended whose end the firm was not told of yet, if any. */
    outageEnded: () => setting<OutageEnded>(ENDED),
    /** The end of an outage is told: forgotten (unless a later outage ended meanwhile). */
    *forgetOutageEnded(told: OutageEnded): Plan<void> {
      yield* run('DELETE FROM settings WHERE name = @name AND value = @value', {
        name: ENDED,
        value: keptEnded(told),
      });
    },
  };
}
