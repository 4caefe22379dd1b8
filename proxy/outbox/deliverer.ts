/**
 * Delivers stored submissions to the enquiry API: create (once its id is recorded, never
 * again), then one upload per file, each step recorded as it succeeds. Runs the fast path for
 * a visitor who is waiting, and a background loop for everything queued.
 */
import { randomBytes } from 'node:crypto';
import type { EnquiryApiClient } from '../client/enquiry-api-client.ts';
import type { Logger } from '../logger.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.ts';
import { handleFailure } from './delivery-failure.ts';
import { EnquiryApiError } from '../client/errors.ts';
import type { OutboxStore, StoredFile, Submission } from './store.ts';

export type AttemptResult =
  | { state: 'delivered'; enquiryId: number; submission: Submission }
  | { state: 'queued' }
  /** `submission` as far as it got: its enquiry may exist upstream with some of its files. */
  | { state: 'dead'; reason: string; submission: Submission };

export interface DelivererOptions {
  store: OutboxStore;
  client: EnquiryApiClient;
  log: Logger;
  policy?: RetryPolicy;
  /** While the platform refuses our credentials, try again this often. */
  authRetryMs?: number;
  /** Background deliveries at once. */
  concurrency?: number;
  /** How long a claimed submission stays ours if this process dies mid-delivery. */
  leaseMs?: number;
  /** Longest sleep between looks at the queue (new work also wakes the loop). */
  pollMs?: number;
  now?: () => number;
  random?: () => number;
}

const ABORT_GRACE_MS = 1000;

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    promise.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return settled;
}

export class Deliverer {
  readonly owner = `proxy-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<number, Promise<AttemptResult>>();
  private readonly abort = new AbortController();
  private readonly options: Required<DelivererOptions>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking = false;
  private stopping = false;
  private pausedUntil = 0;

  constructor(options: DelivererOptions) {
    this.options = {
      policy: DEFAULT_RETRY_POLICY,
      authRetryMs: 60_000,
      concurrency: 4,
      leaseMs: 15 * 60_000,
      pollMs: 30_000,
      now: Date.now,
      random: Math.random,
      ...options,
    };
  }

  /** Starts the background loop. */
  start(): void {
    this.wake();
  }

  /** True while delivery waits for the credentials to work again. */
  get paused(): boolean {
    return this.options.now() < this.pausedUntil;
  }

  get inFlight(): number {
    return this.running.size;
  }

  /**
   * Delivers a just-stored submission while its visitor waits, up to `deadlineMs`. Whatever is
   * not done by then carries on in the background; the visitor is told it is queued.
   */
  async deliverNow(id: number, deadlineMs: number): Promise<AttemptResult> {
    if (this.stopping || this.paused) return { state: 'queued' };
    const submission = await this.options.store.claim(
      id,
      this.owner,
      this.options.leaseMs,
      this.options.now(),
    );
    if (!submission) return { state: 'queued' };
    if (this.stopping) {
      // stop() began while the claim was in flight: leave it for the next start.
      await this.options.store.release(id, this.options.now());
      return { state: 'queued' };
    }
    const attempt = this.track(submission);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<AttemptResult>((resolve) => {
      timer = setTimeout(() => resolve({ state: 'queued' }), deadlineMs);
    });
    try {
      return await Promise.race([attempt, deadline]);
    } finally {
      clearTimeout(timer);
    }
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

  /** Looks at the queue soon (after new work arrives or a delivery ends). */
  wake(delayMs = 0): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, delayMs));
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    const { store, now, pollMs, concurrency, leaseMs, log } = this.options;
    try {
      if (!this.paused) {
        const room = concurrency - this.running.size;
        const due = room > 0 ? await store.claimDue(this.owner, leaseMs, now(), room) : [];
        for (const submission of due) {
          if (this.stopping) await store.release(submission.id, submission.nextAttemptAt);
          // Already being delivered here (its lease ran out mid-step): one attempt at a time.
          else if (!this.running.has(submission.id)) void this.track(submission);
        }
      }
      const nextDue = await store.nextDueAt();
      const until = Math.max(this.pausedUntil, nextDue ?? Infinity) - now();
      this.wake(Math.min(pollMs, Math.max(until, 50)));
    } catch (error) {
      log.error({ err: error }, 'outbox: cannot read the queue; trying again shortly');
      this.wake(Math.min(pollMs, 5000));
    } finally {
      this.ticking = false;
    }
  }

  private track(submission: Submission): Promise<AttemptResult> {
    const attempt = this.attempt(submission).catch((error: unknown) => {
      this.options.log.error(
        { err: error, reference: submission.reference },
        'outbox: could not record a delivery step',
      );
      return { state: 'queued' } as const;
    });
    this.running.set(submission.id, attempt);
    void attempt.finally(() => {
      this.running.delete(submission.id);
      this.wake();
    });
    return attempt;
  }

  private leaseUntil(): number {
    return this.options.now() + this.options.leaseMs;
  }

  /** One file; a 2xx without a readable id still means it is attached (id recorded as 0). */
  private async upload(
    submission: Submission,
    enquiryId: number,
    file: StoredFile,
  ): Promise<number> {
    const { store, client, log } = this.options;
    const bytes = await store.fileSource(submission.id, file.index);
    const { name, mime, postname } = file;
    try {
      return await client.uploadFile(enquiryId, { name, mime, postname, bytes }, this.abort.signal);
    } catch (error) {
      if (!(error instanceof EnquiryApiError && error.answeredSuccess)) throw error;
      log.warn(
        { reference: submission.reference, file: name, status: error.status, response: error.body },
        'upload accepted without a readable attachment id',
      );
      return 0;
    }
  }

  /**
   * A step still marked as sent when a submission is claimed means the attempt that sent it
   * never learnt the outcome (the proxy was killed): the platform may have done it.
   */
  private async noticeInterruptedStep(submission: Submission): Promise<void> {
    const step = submission.pendingStep;
    if (step === null) return;
    const kind = step.startsWith('upload') ? 'upload' : 'create';
    await this.options.store.recordUnknownOutcome(submission.id, kind);
    if (kind === 'create') submission.unknownCreates += 1;
    this.options.log.warn(
      { reference: submission.reference, step },
      `an earlier attempt stopped after sending the ${kind} (the proxy was stopped or crashed); sending it again may duplicate it`,
    );
  }

  private async attempt(submission: Submission): Promise<AttemptResult> {
    const { store, client, log, now } = this.options;
    const { signal } = this.abort;
    const started = now();
    try {
      await this.noticeInterruptedStep(submission);
      let enquiryId = submission.enquiryId;
      if (enquiryId === null) {
        await store.markStepStarted(submission.id, 'create', this.leaseUntil());
        enquiryId = await client.createEnquiry(submission.upstream, signal);
        await store.recordCreated(submission.id, enquiryId);
        submission.enquiryId = enquiryId;
        if (submission.unknownCreates > 0) {
          log.warn(
            {
              reference: submission.reference,
              enquiryId,
              unknownCreates: submission.unknownCreates,
            },
            'possible duplicate: enquiry created after a create whose outcome was unknown',
          );
        }
      }
      for (const file of submission.files) {
        if (file.attachmentId !== null) continue;
        await store.markStepStarted(submission.id, `upload:${file.index}`, this.leaseUntil());
        file.attachmentId = await this.upload(submission, enquiryId, file);
        await store.recordUploaded(submission.id, file.index, file.attachmentId);
      }
      await store.markDelivered(submission.id, now());
      log.info(
        {
          reference: submission.reference,
          enquiryId,
          files: submission.files.length,
          attempt: submission.attempts + 1,
          ms: now() - started,
        },
        'enquiry delivered',
      );
      return {
        state: 'delivered',
        enquiryId,
        submission: { ...submission, enquiryId, state: 'delivered' },
      };
    } catch (error) {
      return handleFailure(error, submission, {
        ...this.options,
        pause: () => {
          this.pausedUntil = now() + this.options.authRetryMs;
          return this.pausedUntil;
        },
      });
    }
  }
}
