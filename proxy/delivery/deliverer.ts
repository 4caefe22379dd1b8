/**
 * Delivers stored submissions to the enquiry API: a fast path for a visitor who is waiting,
 * and a background loop for everything queued. Each submission is claimed with a lease from
 * the outbox and driven by at most one attempt of this process at a time (`running-attempts.ts`
 * runs them and records their ends, `attempt.ts` runs the steps, `failure.ts` decides what a
 * failure means), and none while something holds delivery back (`holds.ts`: the platform's setup
 * wrong, or the platform down). What it is built from is `deliverer-options.ts`.
 *
 * Leads whose last attempt had no answer within the timeout (the platform hangs on them while it
 * answers the others) are retried in a share of the places only (`slowPlaces`): four of them
 * held all four places for 30 s at a time, and every other enquiry waited (issue #84). The rest
 * are always free for the others; a new lead's first attempt cannot be known to hang, and holds
 * its place for one timeout at most. A platform that hangs for everyone is an outage
 * (`outage-watch.ts`): delivery pauses, and its end makes every lead due in any place again.
 */
import { randomBytes } from 'node:crypto';
import { logFailure } from '../outbox/outage-log.ts';
import type { Claimed } from '../outbox/lease.ts';
import type { Lease, PlatformOutage } from '../outbox/store.ts';
import type { PauseState } from './pause.ts';
import { DeliveryHolds } from './holds.ts';
import type { AttemptResult } from '../outbox/attempt-result.ts';
import { RunningAttempts } from './running-attempts.ts';
import { HeldClaims, MAX_LEASES_ALONE } from './held-claims.ts';
import {
  withDefaults,
  type DelivererOptions,
  type DelivererSettings,
} from './deliverer-options.ts';

/**
 * How many of `concurrency` places leads known to time out may hold at once: a quarter, and one
 * at least (with one place only, that place: such a lead must still be tried).
 */
const slowPlaces = (concurrency: number) => Math.max(1, Math.floor(concurrency / 4));

/** The delivery loop of one proxy process. */
export class Deliverer {
  /** Names this process's leases in the outbox (a shared outbox's name for this instance). */
  readonly owner: string;
  private readonly attempts: RunningAttempts;
  private readonly options: DelivererSettings;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking = false;
  /** Woken while it looked at the queue: it looks again as soon as it is done. */
  private wokenMidTick = false;
  private stopping = false;
  private readonly holds: DeliveryHolds;
  /**
   * New submissions stored, leased to this process, while every place was taken: each starts as
   * a place frees, in the order they came (their visitors were told "queued" at once).
   */
  private readonly held: HeldClaims;
  /** Held ones being read again to start: each has its place already. */
  private reading = 0;

  constructor(options: DelivererOptions) {
    this.owner = options.owner ?? `proxy-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.options = withDefaults(options);
    this.held = new HeldClaims(this.options.store, options.maxLeasesAlone ?? MAX_LEASES_ALONE);
    this.holds = new DeliveryHolds({
      store: this.options.store,
      log: this.options.log,
      now: this.options.now,
      checkEveryMs: this.options.authRetryMs,
      check: options.check,
      onRelease: () => {
        this.wake();
      },
    });
    this.attempts = new RunningAttempts({
      ...this.options,
      outage: this.holds.outage,
      pause: (problem) => this.holds.pause.begin(problem),
      onEnd: () => {
        this.startHeld();
        this.wake();
      },
    });
  }

  /** Starts the background loop. */
  start(): void {
    this.wake();
  }

  /** True while delivery waits for the platform's setup to be fixed, or for it to answer. */
  get paused(): boolean {
    return this.holds.holding;
  }

  /** Why delivery is paused for a setup problem, while it is (for health and operators). */
  get pauseState(): PauseState | undefined {
    return this.holds.pauseState;
  }

  /** The platform down, as the outbox keeps it: delivery waits for it to answer. */
  get outageState(): PlatformOutage | undefined {
    return this.holds.outageState;
  }

  /**
   * The platform's failure, and since when, while it lasts: it fails to answer (network errors,
   * timeouts, 5xx; cleared by the next answer that shows it works, a delivery or a refusal), or
   * its setup is wrong (a login refused, an address that is not the API) and delivery pauses.
   */
  get upstreamDown(): { since: number; error: string } | undefined {
    return this.holds.upstreamDown;
  }

  /** Holds all delivery for a setup problem (the start's check found one, or an attempt did). */
  pauseFor(problem: { message: string; hint?: string | undefined }): void {
    this.holds.pause.begin(problem);
    this.wake();
  }

  /** Attempts running in this process now. */
  get inFlight(): number {
    return this.attempts.size;
  }

  /**
   * Delivers a just-stored submission while its visitor waits, up to `deadlineMs`. Whatever is
   * not done by then carries on in the background; the visitor is told it is queued. A new
   * submission (`Claimed`) waits for a free place instead, and its visitor is told at once: a
   * visitor waits for the platform's answer, never for other visitors' deliveries (at 64 at
   * once, that wait was the tail: issue #61).
   */
  async deliverNow(target: number | Claimed, deadlineMs: number): Promise<AttemptResult> {
    const { store, leaseMs, now, concurrency } = this.options;
    if (typeof target === 'number' && (this.stopping || this.paused)) return { state: 'queued' };
    if (typeof target !== 'number' && (this.busy >= concurrency || this.held.size > 0)) {
      await this.hold(target);
      return { state: 'queued' };
    }
    // Never one this process is sending (an answer of its may wait for its record).
    const claimed =
      typeof target === 'number'
        ? await store.claim(target, this.owner, leaseMs, now(), this.attempts.ids())
        : target;
    if (!claimed) return { state: 'queued' };
    if (this.isStopping()) {
      // stop() began while the claim was in flight: leave it for the next start.
      await store.finish(claimed.lease, { kind: 'release', at: now() });
      return { state: 'queued' };
    }
    const attempt = this.attempts.track(claimed);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<AttemptResult>((resolve) => {
      timer = setTimeout(() => {
        resolve({ state: 'queued' });
      }, deadlineMs);
    });
    try {
      return await Promise.race([attempt, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The lease to store a new submission with, so that this process sends it at once and no
   * other worker takes it first; none while stopping or paused (it waits in the queue then).
   */
  leaseForNew(): { owner: string; until: number } | undefined {
    if (this.stopping || this.paused) return undefined;
    return { owner: this.owner, until: this.options.now() + this.options.leaseMs };
  }

  /** Stops taking work, lets running deliveries finish for up to `drainMs`, then aborts them. */
  async stop(drainMs: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    // Held ones never started: let them go, due at once for the next start or another instance.
    await Promise.all(this.held.takeAll().map((lease) => this.release(lease)));
    await this.attempts.drain(drainMs);
  }

  /** Places taken: attempts running, and held claims being read again to start. */
  private get busy(): number {
    return this.attempts.size + this.reading;
  }

  /** Keeps a new claim for the next free place; when no more can wait, gives it back to the queue. */
  private async hold(claimed: Claimed): Promise<void> {
    if (this.stopping || !this.held.add(claimed)) await this.release(claimed.lease);
    else this.startHeld(); // a place may have freed while it was stored
  }

  private async release(lease: Lease): Promise<void> {
    const { store, now, log } = this.options;
    await store.finish(lease, { kind: 'release', at: now() }).catch((error: unknown) => {
      // Its lease runs out instead, and the queue takes it then.
      logFailure(
        log,
        error,
        { submission: lease.id },
        'outbox: could not let go of a held enquiry',
      );
    });
  }

  /** Starts held claims while there is room (not while stopping or paused). */
  private startHeld(): void {
    const { concurrency } = this.options;
    while (this.held.size > 0 && this.busy < concurrency && !this.stopping && !this.paused)
      void this.startNextHeld();
  }

  /** Starts the next held claim, its place taken while one kept by its lease alone is read. */
  private async startNextHeld(): Promise<void> {
    this.reading += 1;
    const claimed = await this.held.next().catch((error: unknown) => {
      // Its lease runs out, and the queue takes it then.
      logFailure(this.options.log, error, {}, 'outbox: could not read a held enquiry');
      return null;
    });
    this.reading -= 1;
    if (claimed && this.isStopping()) await this.release(claimed.lease);
    else if (claimed && this.paused) this.held.putBack(claimed);
    else if (claimed) void this.attempts.track(claimed);
    // One no longer held (taken over, erased) leaves its place to the next, or to the queue.
    else {
      this.startHeld();
      this.wake();
    }
  }

  /** Read through a call: `stop()` may have begun during an `await`. */
  private isStopping(): boolean {
    return this.stopping;
  }

  /** Looks at the queue soon (after new work arrives or a delivery ends). */
  wake(delayMs = 0): void {
    if (this.stopping) return;
    // A look under way may have read the queue before this news: it looks again when done
    // (a tick started now would return at once, and its end would put the next look off).
    if (this.ticking && delayMs === 0) {
      this.wokenMidTick = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    const { store, now, pollMs, concurrency, leaseMs, log } = this.options;
    try {
      await this.attempts.releaseUnrecorded();
      if (await this.holds.ready()) {
        this.startHeld();
        // Held ones come first: the queue is read only once none waits.
        const room = this.held.size > 0 ? 0 : concurrency - this.busy;
        const running = this.attempts.ids();
        const slowRoom = Math.max(0, slowPlaces(concurrency) - this.attempts.slow);
        const due =
          room > 0 ? await store.claimDue(this.owner, leaseMs, now(), room, running, slowRoom) : [];
        for (const claimed of due) {
          if (this.isStopping()) await store.finish(claimed.lease, { kind: 'release', at: now() });
          else void this.attempts.track(claimed);
        }
      }
      // While paused, nothing is due before the platform is asked again; while every place is
      // taken, nothing due can start before one frees, and its end wakes the loop (as it does
      // when the places for leads that time out are all taken: those wait for it).
      const full = this.busy >= concurrency;
      const slowFull = this.attempts.slow >= slowPlaces(concurrency);
      const nextDue = this.paused || full ? null : await store.nextDueAt(!slowFull);
      const until = Math.min(this.holds.nextLookAt, nextDue ?? Infinity) - now();
      this.wake(Math.min(pollMs, Math.max(until, 50)));
    } catch (error) {
      logFailure(log, error, {}, 'outbox: cannot read the queue; trying again shortly');
      this.wake(Math.min(pollMs, 5000));
    } finally {
      this.ticking = false;
      if (this.wokenMidTick) {
        this.wokenMidTick = false;
        this.wake();
      }
    }
  }
}
