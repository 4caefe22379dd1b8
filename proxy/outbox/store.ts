/**
 * The outbox's storage interface. Every accepted submission is written here, files included,
 * before the first upstream call; each delivery step is recorded as it succeeds, so a retry
 * resumes where the last attempt stopped and never re-creates an enquiry whose id is known.
 *
 * SQLite (`sqlite-store.ts`) is the embedded default. The interface is asynchronous and claims
 * work with leases so that a PostgreSQL implementation can serve several proxy instances.
 */
import type { ByteSource } from '../client/byte-source.ts';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { PreparedFile } from '../submission/check-submission.ts';

/** `spam`: caught by the bot checks; kept for review, never sent unless an operator retries it. */
export type SubmissionState = 'queued' | 'delivered' | 'dead' | 'spam';

export interface NewSubmission {
  reference: string;
  upstream: UpstreamEnquiry;
  files: readonly PreparedFile[];
  receivedAt: number;
  state: 'queued' | 'spam';
  /** Why it is spam. */
  note?: string;
  idempotency?: { key: string; fingerprint: string };
}

export interface StoredFile {
  index: number;
  name: string;
  postname: string;
  mime: string;
  size: number;
  sha256: string;
  /** Set once the upload succeeded. */
  attachmentId: number | null;
}

export interface Submission {
  id: number;
  reference: string;
  state: SubmissionState;
  upstream: UpstreamEnquiry;
  files: StoredFile[];
  /** Set once the create succeeded: from then on only uploads are retried. */
  enquiryId: number | null;
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
   * The step (`create` or `upload:<index>`) an attempt had sent and not yet recorded an outcome
   * for. Still set when the submission is claimed again means the last attempt died mid-step.
   */
  pendingStep: string | null;
}

export type RequeueOutcome =
  | { kind: 'requeued'; submission: Submission }
  | { kind: 'in_delivery' | 'delivered'; submission: Submission }
  | { kind: 'not_found' };

/** The answer to offering a submission under an `Idempotency-Key`. */
export type AcceptOutcome =
  | { kind: 'stored'; submission: Submission }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_flight'; reference: string; since: number }
  | { kind: 'key_mismatch' };

export interface OutboxCounts {
  queued: number;
  delivered: number;
  dead: number;
  spam: number;
  /** When the oldest queued submission arrived, or null when nothing waits. */
  oldestQueuedAt: number | null;
  /** Delivered enquiries that may exist twice upstream. */
  possibleDuplicates: number;
  /** Uploads retried after an unknown outcome: files that may be attached twice. */
  possibleDuplicateUploads: number;
}

export interface OutboxStore {
  /** Stores a submission and its files in one transaction, with its idempotency key if any. */
  accept(submission: NewSubmission): Promise<AcceptOutcome>;
  /** Keeps the answer given for a key, to replay it to a retry with the same key and body. */
  saveResponse(key: string, status: number, body: unknown): Promise<void>;
  /** Takes one queued submission for delivery if nobody holds it. */
  claim(id: number, owner: string, leaseMs: number, now: number): Promise<Submission | null>;
  /** Takes up to `limit` queued submissions that are due, oldest first. */
  claimDue(owner: string, leaseMs: number, now: number, limit: number): Promise<Submission[]>;
  /** A stored file's contents, to stream upstream. */
  fileSource(id: number, index: number): Promise<ByteSource>;
  recordCreated(id: number, enquiryId: number): Promise<void>;
  recordUploaded(id: number, index: number, attachmentId: number): Promise<void>;
  recordUnknownOutcome(id: number, step: 'create' | 'upload'): Promise<void>;
  /**
   * Notes, before the request leaves, which step is being sent (see `pendingStep`), and extends
   * the lease to `leaseUntil`, so a long delivery is never taken for an abandoned one.
   */
  markStepStarted(id: number, step: string, leaseUntil: number): Promise<void>;
  /** A failed attempt: counts it, notes the error, releases the lease until `nextAttemptAt`. */
  reschedule(id: number, nextAttemptAt: number, error: string): Promise<void>;
  /** Gives a submission back without counting an attempt (shutting down). */
  release(id: number, nextAttemptAt: number): Promise<void>;
  /**
   * Gives a submission back while the credentials are refused: not an attempt, and its retry
   * schedule starts again at `resumeAt`, so a long pause does not use up its day.
   */
  pauseForCredentials(id: number, resumeAt: number): Promise<void>;
  /** Marks it delivered and deletes its files (the platform has them; their hashes stay). */
  markDelivered(id: number, at: number): Promise<void>;
  markDead(id: number, reason: string, at: number): Promise<void>;
  /**
   * Makes a dead, spam or waiting submission due now with a fresh retry schedule (operator's
   * `retry`); never one that is being delivered at this moment, nor a delivered one.
   */
  requeue(reference: string, now: number): Promise<RequeueOutcome>;
  /** What an Idempotency-Key already seen means for a new request with it, or null if unseen. */
  findRepeat(idempotency: {
    key: string;
    fingerprint: string;
  }): Promise<Exclude<AcceptOutcome, { kind: 'stored' }> | null>;
  get(reference: string): Promise<Submission | null>;
  list(state?: SubmissionState): Promise<Submission[]>;
  counts(): Promise<OutboxCounts>;
  /** When the next queued submission is due, or null. */
  nextDueAt(): Promise<number | null>;
  /** Deletes delivered submissions delivered before `before`. */
  purgeDelivered(before: number): Promise<number>;
  /** Deletes spam that arrived before `before`. */
  purgeSpam(before: number): Promise<number>;
  /** Forgets idempotency keys created before `before`. */
  purgeIdempotencyKeys(before: number): Promise<number>;
  /** Deletes stored files no submission names (left by a crash mid-accept); returns how many. */
  removeOrphanFiles(): Promise<number>;
  /** Drops every lease: on start, when this process is the only one using the store. */
  releaseAllLeases(): Promise<number>;
  getSetting(name: string): Promise<string | null>;
  setSetting(name: string, value: string): Promise<void>;
  close(): Promise<void>;
}
