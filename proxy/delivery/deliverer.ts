/**
 * Delivers stored submissions to the enquiry API: a fast path for a visitor who is waiting,
 * and a background loop for everything queued. Each submission is claimed with a lease from
 * the outbox and driven by at most one attempt of this process at a time (`attempt.ts` runs the
 * steps, `failure.ts` decides what a failure means).
 */
import { randomBytes } from 'node:crypto';
import type { CheckReport } from '../client/check.ts';
import { EnquiryApiError } from '../client/errors.ts';
import type { EnquiryApiClient } from '../client/enquiry-api-client.ts';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import { LeaseLostError, type Claimed } from '../outbox/lease.ts';
import type { DeliveryQueue, Lease } from '../outbox/store.ts';
import { runAttempt } from './attempt.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.ts';
import { NO_CONVERSION, type Converter } from '../convert/conversion.ts';
import { handleFailure } from './failure.ts';
import { Pause, type PauseState } from './pause.ts';
import type { AttemptResult } from '../outbox/attempt-result.ts';
import type { Submission } from '../outbox/submission.ts';

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
}

/** How one attempt ended, for metrics. */
export interface AttemptReport {
  state: AttemptResult['state'];
  /** What kind of failure, when it failed: `validation`, `retryable`, `authentication`, ... */
  failure?: string;
  /** From arrival to delivery, for a delivered (or partly delivered) submission. */
  latencyMs?: number;
}

const ABORT_GRACE_MS = 1000;

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    promise.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, ms);
    }),
  ]);
  clearTimeout(timer);
  return settled;
}

/** The delivery loop of one proxy process. */
export class Deliverer {
  /** Names this process's leases in the outbox (a shared outbox's name for this instance). */
  readonly owner: string;
  private readonly running = new Map<number, Promise<AttemptResult>>();
  /** Leases of attempts whose end the outbox could not record: let go once it answers again. */
  private readonly unreleased = new Map<number, Lease>();
  private readonly abort = new AbortController();
  private readonly options: Required<
    Omit<DelivererOptions, 'check' | 'onAttempt' | 'beforeAttempt' | 'owner'>
  > &
    Pick<DelivererOptions, 'onAttempt' | 'beforeAttempt'>;
  #upstreamDown: { since: number; error: string } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking = false;
  private stopping = false;
  private readonly pause: Pause;

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
    return this.#upstreamDown ?? (pause && { since: pause.since, error: pause.reason });
  }

  /** Holds all delivery for a setup problem (the start's check found one, or an attempt did). */
  pauseFor(problem: { message: string; hint?: string | undefined }): void {
    this.pause.begin(problem);
    this.wake();
  }

  /** Attempts running in this process now. */
  get inFlight(): number {
    return this.running.size;
  }

  /**
   * Delivers a just-stored submission while its visitor waits, up to `deadlineMs`. Whatever is
   * not done by then carries on in the background; the visitor is told it is queued.
   */
  async deliverNow(target: number | Claimed, deadlineMs: number): Promise<AttemptResult> {
    const { store, leaseMs, now } = this.options;
    if (typeof target === 'number' && (this.stopping || this.paused)) return { state: 'queued' };
    const claimed =
      typeof target === 'number' ? await store.claim(target, this.owner, leaseMs, now()) : target;
    if (!claimed) return { state: 'queued' };
    if (this.isStopping()) {
      // stop() began while the claim was in flight: leave it for the next start.
      await store.finish(claimed.lease, { kind: 'release', at: now() });
      return { state: 'queued' };
    }
    const attempt = this.track(claimed);
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
    const all = Promise.allSettled(this.running.values());
    if (!(await settlesWithin(all, drainMs))) {
      this.options.log.warn(
        { inFlight: this.running.size },
        'shutdown: aborting deliveries still running; they resume on restart',
      );
      this.abort.abort();
      // Aborted attempts record their outcome in a moment; do not wait on one that ignores the abort.
      await settlesWithin(all, ABORT_GRACE_MS);
    }
  }

  /** Read through a call: `stop()` may have begun during an `await`. */
  private isStopping(): boolean {
    return this.stopping;
  }

  /** Looks at the queue soon (after new work arrives or a delivery ends). */
  wake(delayMs = 0): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    const { store, now, pollMs, concurrency, leaseMs, log } = this.options;
    try {
      await this.releaseUnrecorded();
      if (await this.pause.ready()) {
        const room = concurrency - this.running.size;
        const running = [...this.running.keys()];
        const due = room > 0 ? await store.claimDue(this.owner, leaseMs, now(), room, running) : [];
        for (const claimed of due) {
          if (this.isStopping()) await store.finish(claimed.lease, { kind: 'release', at: now() });
          else void this.track(claimed);
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
    }
  }

  /**
   * Lets go of the submissions whose attempts ended while the outbox was away (their end not
   * recorded), so they are due again at once rather than when their leases run out.
   */
  private async releaseUnrecorded(): Promise<void> {
    const { store, now } = this.options;
    for (const [id, lease] of this.unreleased) {
      if (this.running.has(id)) continue;
      await store.finish(lease, { kind: 'release', at: now() }).catch((error: unknown) => {
        // Taken over meanwhile: nothing of ours to let go.
        if (!(error instanceof LeaseLostError)) throw error;
      });
      this.unreleased.delete(id);
    }
  }

  /**
   * Runs an attempt for a claim. One submission is driven by one attempt of this process at a
   * time: a claim of a submission still running here (its lease ran out mid-step) waits for
   * the running attempt to end, whose writes the newer claim has already fenced off.
   */
  private track(claimed: Claimed): Promise<AttemptResult> {
    const { id } = claimed.lease;
    const before = this.running.get(id);
    const attempt = (before ?? Promise.resolve())
      .then(() => this.attempt(claimed))
      .catch((error: unknown) => {
        logFailure(
          this.options.log,
          error,
          { reference: claimed.submission.reference },
          'outbox: could not record a delivery step',
        );
        this.unreleased.set(id, claimed.lease);
        return { state: 'queued' } as const;
      });
    this.running.set(id, attempt);
    void attempt.finally(() => {
      if (this.running.get(id) === attempt) this.running.delete(id);
      this.wake();
    });
    return attempt;
  }

  private async attempt(claimed: Claimed): Promise<AttemptResult> {
    const { now, leaseMs, log } = this.options;
    try {
      await this.options.beforeAttempt?.(claimed.submission);
      const result = await runAttempt(claimed, {
        ...this.options,
        leaseUntil: () => now() + leaseMs,
        signal: this.abort.signal,
      });
      this.#upstreamDown = undefined;
      this.options.onAttempt?.({
        state: result.state,
        latencyMs: now() - claimed.submission.receivedAt,
      });
      return result;
    } catch (error) {
      try {
        return await this.failed(error, claimed);
      } catch (recording) {
        if (!(recording instanceof LeaseLostError)) throw recording;
        // Its end is not ours to record: another delivery holds the submission now, or an
        // operator erased it (whatever the platform answered, nothing is written back).
        log.warn(
          { reference: claimed.submission.reference },
          'this submission is no longer held by this delivery (taken over, or erased); this attempt stops here',
        );
        return { state: 'queued' };
      }
    }
  }

  /** Records how an attempt that threw `error` ended; a `LeaseLostError` means it is not ours to. */
  private async failed(error: unknown, claimed: Claimed): Promise<AttemptResult> {
    const { now, log } = this.options;
    if (error instanceof LeaseLostError) throw error;
    if (this.abort.signal.aborted) {
      // Shutting down: not a failure of the platform's. The step in flight stays noted, so
      // the next start counts it as of unknown outcome; no attempt is counted.
      await this.options.store.finish(claimed.lease, { kind: 'abandon', at: now() });
      log.info({ reference: claimed.submission.reference }, 'delivery stopped for shutdown');
      return { state: 'queued' };
    }
    const result = await handleFailure(error, claimed, {
      ...this.options,
      pause: (problem) => this.pause.begin(problem),
    });
    const failure = error instanceof EnquiryApiError ? error.kind : 'unexpected';
    if (failure === 'retryable') {
      this.#upstreamDown ??= { since: now(), error: error instanceof Error ? error.message : '' };
    } else if (failure === 'validation') this.#upstreamDown = undefined;
    this.options.onAttempt?.({ state: result.state, failure });
    return result;
  }
}
