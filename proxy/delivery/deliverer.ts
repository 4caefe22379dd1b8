/**
 * Delivers stored submissions to the enquiry API: a fast path for a visitor who is waiting,
 * and a background loop for everything queued. Each submission is claimed with a lease from
 * the outbox and driven by at most one attempt of this process at a time (`running-attempts.ts`
 * runs them and records their ends, `attempt.ts` runs the steps, `failure.ts` decides what a
 * failure means).
 */
import { randomBytes } from 'node:crypto';
import type { CheckReport } from '../client/check.ts';
import type { EnquiryApiClient } from '../client/enquiry-api-client.ts';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type { Claimed } from '../outbox/lease.ts';
import type { DeliveryQueue, Lease } from '../outbox/store.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.ts';
import { NO_CONVERSION, type Converter } from '../convert/conversion.ts';
import { Pause, type PauseState } from './pause.ts';
import type { AttemptResult } from '../outbox/attempt-result.ts';
import type { Submission } from '../outbox/submission.ts';
import { RunningAttempts, type AttemptReport } from './running-attempts.ts';
import { HeldClaims, MAX_LEASES_ALONE } from './held-claims.ts';

/** What the deliverer is built from; all but store, client and log have defaults. */
export interface DelivererOptions {
  store: DeliveryQueue;
  client: EnquiryApiClient;
  log: Logger;
  /** Converts files of kinds the platform does not take, just before their upload. */
  converter?: Pick<Converter, 'convert'>;
  policy?: RetryPolicy;
  /** While the platform's setup is wrong (login, address), check it again this often. */
  authRetryMs?: number;
  /** The platform check that decides when a pause ends (see `pause.ts`). */
  check?: () => Promise<CheckReport>;
  /** Background deliveries at once. */
  concurrency?: number;
  /**
   * The name leases are taken under: a shared outbox's name for this instance, the one its
   * heartbeat goes by, so that other instances see whether the holder of a lease still lives.
   */
  owner?: string;
  /** How long a claimed submission stays ours if this process dies mid-delivery. */
  leaseMs?: number;
  /** Longest sleep between looks at the queue (new work also wakes the loop). */
  pollMs?: number;
  now?: () => number;
  random?: () => number;
  /** Told of each attempt's end (metrics). */
  onAttempt?: (report: AttemptReport) => void;
  /**
   * Told of each submission taken, before its attempt (signed webhooks queue
   * `enquiry.received` here, while its files' bytes are still held); must not throw.
   */
  beforeAttempt?: (submission: Submission) => Promise<void>;
  /**
   * How many new submissions may wait for a place by their lease alone, past those held whole
   * (`held-claims.ts`): 0 where instances share the outbox, so that another takes them.
   */
  maxLeasesAlone?: number;
}

/** The delivery loop of one proxy process. */
export class Deliverer {
  /** Names this process's leases in the outbox (a shared outbox's name for this instance). */
  readonly owner: string;
  private readonly attempts: RunningAttempts;
  private readonly options: Required<
    Omit<DelivererOptions, 'check' | 'onAttempt' | 'beforeAttempt' | 'owner' | 'maxLeasesAlone'>
  > &
    Pick<DelivererOptions, 'onAttempt' | 'beforeAttempt'>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking = false;
  /** Woken while it looked at the queue: it looks again as soon as it is done. */
  private wokenMidTick = false;
  private stopping = false;
  private readonly pause: Pause;
  /**
   * New submissions stored, leased to this process, while every place was taken: each starts as
   * a place frees, in the order they came (their visitors were told "queued" at once).
   */
  private readonly held: HeldClaims;
  /** Held ones being read again to start: each has its place already. */
  private reading = 0;

  constructor(options: DelivererOptions) {
    this.owner = options.owner ?? `proxy-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.options = {
      policy: DEFAULT_RETRY_POLICY,
      authRetryMs: 60_000,
      concurrency: 4,
      leaseMs: 15 * 60_000,
      pollMs: 30_000,
      now: Date.now,
      random: Math.random,
      converter: NO_CONVERSION,
      ...options,
    };
    this.held = new HeldClaims(this.options.store, options.maxLeasesAlone ?? MAX_LEASES_ALONE);
    this.pause = new Pause({
      log: this.options.log,
      now: this.options.now,
      checkEveryMs: this.options.authRetryMs,
      ...(options.check ? { check: options.check } : {}),
      onResume: async () => {
        const due = await this.options.store.expediteQueued(this.options.now());
        if (due > 0) this.options.log.info({ due }, 'queued enquiries made due now');
        this.wake();
      },
    });
    this.attempts = new RunningAttempts({
      ...this.options,
      pause: (problem) => this.pause.begin(problem),
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

  /** True while delivery waits for the platform's setup to be fixed. */
  get paused(): boolean {
    return this.pause.state !== undefined;
  }

  /** Why delivery is paused, while it is (for health and operators). */
  get pauseState(): PauseState | undefined {
    return this.pause.state;
  }

  /**
   * The platform's failure, and since when, while it lasts: it fails to answer (network errors,
   * timeouts, 5xx; cleared by the next answer that shows it works, a delivery or a refusal), or
   * its setup is wrong (a login refused, an address that is not the API) and delivery pauses.
   */
  get upstreamDown(): { since: number; error: string } | undefined {
    const pause = this.pause.state;
    return this.attempts.upstreamDown ?? (pause && { since: pause.since, error: pause.reason });
  }

  /** Holds all delivery for a setup problem (the start's check found one, or an attempt did). */
  pauseFor(problem: { message: string; hint?: string | undefined }): void {
    this.pause.begin(problem);
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
    // One no longer held (taken over, erased) leaves its place to the next.
    else this.startHeld();
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
      if (await this.pause.ready()) {
        this.startHeld();
        // Held ones come first: the queue is read only once none waits.
        const room = this.held.size > 0 ? 0 : concurrency - this.busy;
        const running = this.attempts.ids();
        const due = room > 0 ? await store.claimDue(this.owner, leaseMs, now(), room, running) : [];
        for (const claimed of due) {
          if (this.isStopping()) await store.finish(claimed.lease, { kind: 'release', at: now() });
          else void this.attempts.track(claimed);
        }
      }
      const nextDue = await store.nextDueAt();
      const until =
        Math.min(this.pause.state?.nextCheckAt ?? Infinity, nextDue ?? Infinity) - now();
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
