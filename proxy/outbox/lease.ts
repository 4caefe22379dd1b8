/**
 * What a delivery holds and how it ends: the claim with its lease, each step, and the ways an
 * attempt ends. Apart from `store.ts`, so the rules (`machine/delivery.ts`) and the interfaces
 * each import it without importing the other.
 */
import type { Lease, Submission } from './submission.ts';

/** A submission taken for delivery, with the lease every later write must name. */
export interface Claimed {
  submission: Submission;
  lease: Lease;
}

/** A delivery step: the create, or the upload of the file at `index`. */
export type Step = { kind: 'create' } | { kind: 'upload'; index: number };

/** How a step is written in `pending_step` (and shown to operators). */
export const stepName = (step: Step) =>
  step.kind === 'create' ? 'create' : `upload:${step.index}`;

/** How an attempt ends, when it ends with the submission still to be delivered (or delivered). */
export type Finish =
  /**
   * Everything is upstream: its files go (the platform has them; their hashes stay). With
   * `created`, the create this attempt had answered (`enquiryId`, at `at`) is recorded in the
   * same write, where a record shares the writes' commit anyway (`recordsWithWrites`).
   * `withoutFiles` when it was claimed with none (none can come after its accept): no file's
   * bytes are looked for to let go.
   */
  | {
      kind: 'delivered';
      at: number;
      created?: { enquiryId: number; at: number };
      withoutFiles?: boolean;
    }
  /**
   * A failed attempt: counted, noted, due again at `at`; `timedOut` when it had no answer within
   * the timeout (it is retried in a share of the places then: `Submission.timedOut`).
   */
  | { kind: 'retry'; at: number; error: string; timedOut?: boolean }
  /** Given back without counting an attempt (shutting down). */
  | { kind: 'release'; at: number }
  /**
   * Stopped mid-step (shutting down): given back, not counted, but the step being sent stays
   * noted, so the next attempt counts it as of unknown outcome.
   */
  | { kind: 'abandon'; at: number }
  /**
   * Held while the platform refuses our credentials or configuration: not an attempt, and the
   * retry schedule starts again at `resumeAt`, so a long pause does not use up its day.
   */
  | { kind: 'pause'; resumeAt: number; reason: string };

/** Thrown by a write whose lease another claim has taken over. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(readonly lease: Lease) {
    super(`submission ${lease.id} is no longer held by this delivery (token ${lease.token})`);
  }
}
