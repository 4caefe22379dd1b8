/**
 * The platform down: it answers nothing but network errors, timeouts and 5xx, to every delivery
 * and to its check. Delivery then pauses, as it does for a setup problem (`pause.ts`), and no
 * lead's retry window runs meanwhile: a long weekend's outage costs the firm a wait, never a pile
 * of dead letters. The outage lives in the outbox (`outbox/machine/outage.ts`), so every instance
 * sharing it pauses, and they take turns to probe the platform at a backoff; the moment one
 * answers, whoever saw it ends the outage and everything waiting is sent, oldest first.
 *
 * Suspected after three deliveries failing in a row, or one failing for a quarter of an hour,
 * and confirmed by the platform check failing too: a lead the platform fails on its own (its
 * check passes, others go through) is retried for its window and then dead-lettered, as before.
 */
import type { CheckReport } from '../client/check.ts';
import type { EnquiryApiError } from '../client/errors.ts';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type { PlatformOutage, PlatformOutages } from '../outbox/store.ts';

/** Failures in a row, or how long one lasts, before the platform is asked whether it is down. */
const SUSPECT_AFTER_FAILURES = 3;
const SUSPECT_AFTER_MS = 15 * 60_000;
/** The first wait between probes, doubling up to the longest. */
const FIRST_PROBE_MS = 2_000;
const LONGEST_PROBE_MS = 30_000;

/** The wait before probe number `probes + 1`. */
const probeWait = (probes: number) =>
  Math.min(LONGEST_PROBE_MS, FIRST_PROBE_MS * 2 ** Math.max(0, probes - 1));

/** What the platform check said of the platform. */
export type Verdict = 'down' | 'up' | 'setup';

/** What watching for an outage needs. */
export interface OutageWatchOptions {
  store: PlatformOutages;
  log: Logger;
  now: () => number;
  /** The platform check; without one, the platform is never taken for down. */
  check?: (() => Promise<CheckReport>) | undefined;
  /** The check found the setup wrong (a login refused): delivery pauses for that instead. */
  onSetupProblem: (problem: EnquiryApiError) => void;
  /** The outage ended: everything waiting is due (the deliverer looks at the queue). */
  onEnd: () => void;
}

/** The platform's failures in a row, as this process saw them. */
interface Streak {
  since: number;
  count: number;
  error: string;
}

/** The outage as one deliverer sees it. */
export class OutageWatch {
  #streak: Streak | undefined;
  /** The outage in force as last read from the outbox (or begun here). */
  #state: PlatformOutage | undefined;
  #asking: Promise<Verdict> | undefined;
  #probing = false;

  constructor(private readonly options: OutageWatchOptions) {}

  /** The outage in force, as last read. */
  get state(): PlatformOutage | undefined {
    return this.#state;
  }

  /**
   * Since when the platform fails to answer, and the last failure: the outage, or failures in
   * a row not yet found to be one; cleared by the next answer that shows it works.
   */
  get failing(): { since: number; error: string } | undefined {
    const outage = this.#state;
    return outage ? { since: outage.since, error: outage.error } : this.#streak;
  }

  /** When the failures in a row make the platform worth asking, if they do not yet. */
  get suspectAt(): number | undefined {
    const streak = this.#streak;
    return streak && !this.#state ? streak.since + SUSPECT_AFTER_MS : undefined;
  }

  /** A delivery failed as a platform that is down fails (network, timeout, 5xx). */
  failed(error: string): void {
    const { now } = this.options;
    const streak = this.#streak ?? { since: now(), count: 0, error };
    this.#streak = { ...streak, count: streak.count + 1, error };
    if (!this.#state && this.suspicious()) void this.ask().catch(this.unrecorded);
  }

  /** The platform answered (a delivery, a refusal): it is up, and any outage is over. */
  answered(): void {
    this.#streak = undefined;
    if (this.#state) void this.end().catch(this.unrecorded);
  }

  /** The outbox could not take the outage's news: the next look (`ready`) reads it again. */
  private readonly unrecorded = (error: unknown) => {
    logFailure(this.options.log, error, {}, 'outbox: could not record the platform’s outage');
  };

  /** True once the failures in a row are enough to ask the platform whether it is down. */
  private suspicious(): boolean {
    const streak = this.#streak;
    if (!streak) return false;
    return (
      streak.count >= SUSPECT_AFTER_FAILURES ||
      this.options.now() - streak.since >= SUSPECT_AFTER_MS
    );
  }

  /**
   * Asks the platform whether it is down (one check at a time in this process): `down` begins
   * the outage (or finds it begun); `up` means the failures were the leads' own.
   */
  ask(): Promise<Verdict> {
    this.#asking ??= this.verdict().finally(() => {
      this.#asking = undefined;
    });
    return this.#asking;
  }

  private async verdict(): Promise<Verdict> {
    const verdict = await this.probe();
    if (verdict === 'down') await this.begin();
    else this.#streak = undefined;
    return verdict;
  }

  /** The check's verdict; a setup problem is handed on to the pause. */
  private async probe(): Promise<Verdict> {
    const { check, onSetupProblem } = this.options;
    if (!check) return 'up';
    const report = await check().catch(() => undefined);
    if (report?.ok) return 'up';
    const problem = report?.problem;
    if (problem?.needsSetup) {
      onSetupProblem(problem);
      return 'setup';
    }
    if (problem) this.#streak = this.#streak && { ...this.#streak, error: problem.message };
    return 'down';
  }

  /** Records the outage in the outbox (or joins the one another instance began). */
  private async begin(): Promise<void> {
    const { store, log, now } = this.options;
    const at = now();
    const streak = this.#streak ?? { since: at, count: 0, error: 'the platform check failed' };
    const found = { since: streak.since, error: streak.error, probes: 1 };
    const outage = await store.beginOutage({ ...found, nextProbeAt: at + probeWait(1) });
    if (!this.#state && outage.since === found.since)
      log.error(
        { since: new Date(outage.since).toISOString(), error: outage.error },
        'the platform is down: delivery pauses, no lead’s retry window runs, and the platform is asked again at a backoff; everything waiting is sent as soon as it answers',
      );
    this.#state = outage;
  }

  /**
   * Reads the outage from the outbox and, when its probe is due and the turn is this process's,
   * asks the platform. True once delivery may go on.
   */
  async ready(): Promise<boolean> {
    const { store, now } = this.options;
    const had = this.#state;
    const state = (this.#state = (await store.platformOutage()) ?? undefined);
    // Another instance's probe ended it: this one's failures in a row ended with it, though it
    // may have no lead left to deliver and so no answer of its own to clear them.
    if (had && !state) this.#streak = undefined;
    if (!state) {
      // Failing for a quarter of an hour without three failures in a row (a long Retry-After).
      if (this.suspicious()) void this.ask().catch(this.unrecorded);
      return true;
    }
    if (this.#probing || now() < state.nextProbeAt) return false;
    const next = {
      ...state,
      probes: state.probes + 1,
      nextProbeAt: now() + probeWait(state.probes + 1),
    };
    if (!(await store.takeProbe(state, next))) return false;
    this.#state = next;
    this.#probing = true;
    try {
      const verdict = await this.probe();
      if (verdict === 'down') return false;
      await this.end();
      return verdict === 'up';
    } finally {
      this.#probing = false;
    }
  }

  /** Ends the outage in the outbox (unless another instance did) and wakes delivery. */
  private async end(): Promise<void> {
    const { store, log, now, onEnd } = this.options;
    this.#state = undefined;
    this.#streak = undefined;
    const ended = await store.endOutage(now());
    if (ended)
      log.info(
        {
          since: new Date(ended.since).toISOString(),
          downSeconds: Math.round((ended.endedAt - ended.since) / 1000),
          waiting: ended.waiting,
        },
        'the platform answers again: the outage is over, everything waiting is sent now, oldest first',
      );
    onEnd();
  }
}
