/**
 * A submission as the outbox holds it: what arrives to be stored, what is stored, and the
 * counts operators and health checks read. Shared by every store and by delivery.
 */
import type { ByteSource } from '../client/byte-source.ts';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { AcceptedKind } from '../contract/limits.ts';
import type { NewBooking, StoredBooking } from './booking.ts';
import type { FunnelKey } from './funnel-counts.ts';
import type { LeadRouting } from './lead-routing.ts';
import type { Aftercare, ConfirmationVerdict } from './receipt.ts';

/**
 * - `queued`: waiting to be delivered (or being delivered).
 * - `delivered`: the enquiry and every file are upstream (or a refused file was skipped).
 * - `partial`: the enquiry is upstream, but the platform refused some of its files; those are
 *   kept (with the platform's reason) until an operator retries or skips them.
 * - `dead`: given up; a person must look (`note` says why).
 * - `spam`: caught by the bot checks; kept for review, never sent unless an operator retries it.
 */
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** Every state, in the order the CLI, the console and the counts list them. */
export const SUBMISSION_STATES = ['queued', 'delivered', 'partial', 'dead', 'spam'] as const;

/** A file ready to upload: named and typed from its bytes, not from what the client said. */
export interface NewFile {
  name: string;
  postname: string;
  mime: string;
  size: number;
  sha256: string;
  content: ByteSource;
  /** The visitor's name of a file converted as it arrived (`IMG_0001.heic`); `name` is the result's. */
  originalName?: string | undefined;
}

/** What the submission route hands the outbox. */
export interface NewSubmission {
  reference: string;
  upstream: UpstreamEnquiry;
  files: readonly NewFile[];
  receivedAt: number;
  state: 'queued' | 'spam';
  /** Why it is spam. */
  note?: string;
  idempotency?: { key: string; fingerprint: string };
  /** The form token this submission spends (one token, one enquiry), with its expiry. */
  formToken?: { token: string; expiresAt: number };
  /**
   * Stored already leased to the delivery that will send it while the visitor waits, so that
   * no other worker (another instance sharing the outbox) takes it first.
   */
  lease?: { owner: string; until: number };
  /** Its receipt, and the confirmation email to queue, stored in the same transaction. */
  aftercare?: Aftercare;
  /**
   * The funnel's cell its delivery will count in (`funnel/admission.ts`), noted in the same
   * transaction: a write of its own cost every enquiry another commit and flush.
   */
  funnelCell?: FunnelKey;
  /**
   * The call it books (`booking.ts`), taken in the same transaction: when every host's time is
   * taken, nothing is stored (`slot_taken`).
   */
  booking?: NewBooking;
  /**
   * The limit that held back the call it asked for (`intake/call-limits.ts`), counted in the
   * same transaction for the firm's alert; it books none.
   */
  callNotHeld?: string;
  /**
   * The form session it was sent from (its form token's hash): the unfinished records kept from
   * that session are taken over in the same transaction (`machine/unfinished.ts`), so that a
   * visitor is never both a lead and an unfinished record.
   */
  formSession?: string;
}

/** A file as the outbox keeps it (its bytes apart, until delivered). */
export interface StoredFile {
  index: number;
  name: string;
  postname: string;
  mime: string;
  /** What it was taken as (its `mime`'s kind): delivery converts it first unless the platform takes it. */
  kind: AcceptedKind | undefined;
  size: number;
  sha256: string;
  /** Set once the upload succeeded. */
  attachmentId: number | null;
  /** Why the platform refused this file, when it did; it is not sent again unless retried. */
  failure: string | null;
  /** An operator chose to leave this refused file out. */
  skipped: boolean;
  /** When the platform took or refused its upload (null until it answered, and once retried). */
  answeredAt: number | null;
  /** The visitor's name of a file converted as it arrived (`IMG_0001.heic`), else null. */
  originalName: string | null;
}

/** A stored submission and how far its delivery got. */
export interface Submission {
  id: number;
  reference: string;
  state: SubmissionState;
  upstream: UpstreamEnquiry;
  files: StoredFile[];
  /** Set once the create succeeded: from then on only uploads are retried. */
  enquiryId: number | null;
  /** When the create succeeded (null before, and for enquiries created before this was kept). */
  enquiryCreatedAt: number | null;
  /**
   * When the outbox recorded the create (later than its answer when the outbox could not take
   * it at once; null before, and for enquiries created before this was kept).
   */
  enquiryRecordedAt: number | null;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** Why it is dead or spam. */
  note: string | null;
  receivedAt: number;
  /** When the retry schedule started: arrival, or the last operator retry or credentials pause. */
  retryFrom: number;
  deliveredAt: number | null;
  /** Creates and uploads that failed after possibly taking effect (timeouts, dropped connections). */
  unknownCreates: number;
  unknownUploads: number;
  /** True when the enquiry was created after a create whose outcome was unknown. */
  possibleDuplicate: boolean;
  /**
   * True when its last attempt had no answer within the timeout (the platform hung on it): it
   * is retried in a share of the delivery places only, so that leads the platform hangs on never
   * hold up the others, until one of its attempts is answered or the platform's outage ends.
   */
  timedOut: boolean;
  /**
   * The step (`create` or `upload:<index>`) an attempt had sent and not yet recorded an outcome
   * for. Still set when the submission is claimed again means the last attempt died mid-step.
   */
  pendingStep: string | null;
  /** When the firm was told it is dead or partly delivered (its notifications queued). */
  notifiedAt: number | null;
  /** Its team, who it was given to and the lead it repeats; null when the form had no routing. */
  routing: LeadRouting | null;
}

/** A delivery's hold on one submission: its id and the fencing token of this claim. */
export interface Lease {
  readonly id: number;
  readonly token: number;
}

/** What an operator's `retry` did. */
export type RequeueOutcome =
  | { kind: 'requeued'; submission: Submission }
  | { kind: 'in_delivery' | 'delivered'; submission: Submission }
  | { kind: 'not_found' };

/**
 * What an `Idempotency-Key` seen before means for a new request with it: the answer given to
 * the first (`replay`), the first still being answered (`in_flight`), or a different body.
 */
export type Repeat =
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_flight'; reference: string; since: number }
  | { kind: 'key_mismatch' };

/**
 * The answer to offering a submission: stored, a repeat of a key seen before, or refused
 * because its form token was spent by another enquiry (a key's repeat wins: a twin request
 * with the same key and token is a repeat, not a second use), or because its call's time was
 * taken first.
 */
export type AcceptOutcome =
  | {
      kind: 'stored';
      submission: Submission;
      lease?: Lease;
      confirmation: ConfirmationVerdict;
      /** The call it booked, with its host. */
      booking?: StoredBooking;
    }
  | Repeat
  | { kind: 'token_spent' }
  /** The call it asked for was taken by another enquiry first, with every host: nothing stored. */
  | { kind: 'slot_taken' };

/**
 * What needs a person's eye, as the public health check asks it: whether any lead is dead or
 * partly delivered, and when the oldest waiting one arrived. Unlike `OutboxCounts`, found
 * without counting: it costs the same with ten leads or a million.
 */
export interface OutboxAttention {
  anyDead: boolean;
  anyPartial: boolean;
  /** When the oldest queued submission arrived, or null when nothing waits. */
  oldestQueuedAt: number | null;
}

/** How many submissions are in each state, and what needs a person's eye. */
export interface OutboxCounts {
  queued: number;
  delivered: number;
  partial: number;
  dead: number;
  spam: number;
  /** When the oldest queued submission arrived, or null when nothing waits. */
  oldestQueuedAt: number | null;
  /** Delivered enquiries that may exist twice upstream. */
  possibleDuplicates: number;
  /** Leads kept that repeat an earlier one (the same person within `REPEAT_WINDOW_DAYS`). */
  repeats: number;
  /**
   * Leads with no team (they arrived before the form routed leads to teams), which no team's
   * counts include: counted only when the counts are one team's, else 0.
   */
  undecided: number;
  /** Uploads retried after an unknown outcome: files that may be attached twice. */
  possibleDuplicateUploads: number;
}
