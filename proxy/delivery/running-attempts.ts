/**
 * The attempts this process runs, apart from the loop that claims their work (`deliverer.ts`):
 * one attempt per submission at a time, and each one's end recorded: how it ended (for
 * metrics), what it says of the platform (`outage-watch.ts`: failing, or answering), and the
 * lease of an attempt whose end the outbox could not record, let go once it answers again. At
 * shutdown they are given time to finish, then aborted.
 */
import { EnquiryApiError } from '../client/errors.ts';
import { logFailure } from '../outbox/outage-log.ts';
import { LeaseLostError, type Claimed } from '../outbox/lease.ts';
import type { Lease } from '../outbox/store.ts';
import type { AttemptResult } from '../outbox/attempt-result.ts';
import type { Submission } from '../outbox/submission.ts';
import { runAttempt, type AttemptContext } from './attempt.ts';
import { handleFailure, platformFailed, type FailureContext } from './failure.ts';
import type { OutageWatch } from './outage-watch.ts';

/** How one attempt ended, for metrics. */
export interface AttemptReport {
  state: AttemptResult['state'];
  /** What kind of failure, when it failed: `validation`, `retryable`, `authentication`, ... */
  failure?: string;
  /** From arrival to delivery, for a delivered (or partly delivered) submission. */
  latencyMs?: number;
}

/** What running attempts reads: the deliverer's options, and what it does between attempts. */
export interface RunningAttemptsOptions
  extends
    Omit<AttemptContext, 'leaseUntil' | 'signal'>,
    Omit<FailureContext, 'leaseUntil' | 'signal'> {
  /** How long a claimed submission stays ours if this process dies mid-delivery. */
  leaseMs: number;
  /** Told of each attempt's end (metrics). */
  onAttempt?: ((report: AttemptReport) => void) | undefined;
  /** Told of each submission taken, before its attempt; must not throw. */
  beforeAttempt?: ((submission: Submission) => Promise<void>) | undefined;
  /** Called when an attempt has ended, so that the queue is looked at again. */
  onEnd: () => void;
  /** Hears what each attempt says of the platform. */
  outage: FailureContext['outage'] & Pick<OutageWatch, 'failed' | 'answered'>;
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

/** The attempts running in one proxy process. */
export class RunningAttempts {
  private readonly running = new Map<number, Promise<AttemptResult>>();
  /** The submissions running whose last attempt timed out (`Submission.timedOut`). */
  private readonly hanging = new Set<number>();
  /** Leases of attempts whose end the outbox could not record: let go once it answers again. */
  private readonly unreleased = new Map<number, Lease>();
  private readonly abort = new AbortController();

  constructor(private readonly options: RunningAttemptsOptions) {}

  /** Attempts running now. */
  get size(): number {
    return this.running.size;
  }

  /** Attempts running now of submissions whose last attempt timed out. */
  get slow(): number {
    return this.hanging.size;
  }

  /** The submissions whose attempts run now. */
  ids(): number[] {
    return [...this.running.keys()];
  }

  /** Lets running attempts finish for up to `drainMs`, then aborts them. */
  async drain(drainMs: number): Promise<void> {
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

  /**
   * Lets go of the submissions whose attempts ended while the outbox was away (their end not
   * recorded), so they are due again at once rather than when their leases run out.
   */
  async releaseUnrecorded(): Promise<void> {
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
  track(claimed: Claimed): Promise<AttemptResult> {
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
    if (claimed.submission.timedOut) this.hanging.add(id);
    else this.hanging.delete(id);
    void attempt.finally(() => {
      if (this.running.get(id) === attempt) {
        this.running.delete(id);
        this.hanging.delete(id);
      }
      this.options.onEnd();
    });
    return attempt;
  }

  /** What a step's record needs besides the options: when a lease taken now runs out, the abort. */
  private readonly keeping = {
    leaseUntil: () => this.options.now() + this.options.leaseMs,
    signal: this.abort.signal,
  };

  private async attempt(claimed: Claimed): Promise<AttemptResult> {
    const { now, log } = this.options;
    try {
      await this.options.beforeAttempt?.(claimed.submission);
      const result = await runAttempt(claimed, { ...this.options, ...this.keeping });
      this.options.outage.answered();
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
    const result = await handleFailure(error, claimed, { ...this.options, ...this.keeping });
    const failure = error instanceof EnquiryApiError ? error.kind : 'unexpected';
    if (platformFailed(error)) this.options.outage.failed((error as Error).message);
    else if (failure === 'validation') this.options.outage.answered();
    this.options.onAttempt?.({ state: result.state, failure });
    return result;
  }
}
