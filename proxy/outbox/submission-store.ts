/**
 * A submission's way through the outbox, as its users see it: taken in (`IntakeStore`), delivered
 * under a lease (`DeliveryQueue`), read, retried and skipped by operators (`OperatorView`), and
 * forgotten by the daily chores (`Housekeeping`), with the stored files' bytes (`FileSource`) that
 * delivery and the operator's view both read. Its own file because these roles share the
 * submission's shapes (`submission.ts`, `lease.ts`) and nothing else in the store needs them.
 */
import type { ByteSource } from '../client/byte-source.ts';
import type { DailyCount, IntakeVolume, LeadFilter } from './machine/leads.ts';
import type { OutageEnded, PlatformOutage } from './machine/outage.ts';
import type { Claimed, Finish, Step } from './lease.ts';
import type { QueuedNotification } from './notification.ts';
import type {
  AcceptOutcome,
  Lease,
  NewSubmission,
  OutboxAttention,
  OutboxCounts,
  Repeat,
  RequeueOutcome,
  Submission,
} from './submission.ts';

/**
 * Taking enquiries in (the enquiry route): store one, and what an Idempotency-Key seen before
 * means.
 */
export interface IntakeStore {
  /**
   * Stores a submission and its files in one transaction, with its idempotency key and the
   * form token it spends, if any.
   */
  accept(submission: NewSubmission): Promise<AcceptOutcome>;
  /** What an Idempotency-Key already seen means for a new request with it, or null if unseen. */
  findRepeat(idempotency: { key: string; fingerprint: string }): Promise<Repeat | null>;
  /** Keeps the answer given for a key, to replay it to a retry with the same key and body. */
  saveResponse(key: string, status: number, body: unknown): Promise<void>;
}

/** A stored file's contents (delivery uploads them, the CLI exports them, emails attach them). */
export interface FileSource {
  /** A stored file's contents, to stream upstream. */
  fileSource(id: number, index: number): Promise<ByteSource>;
}

/** The delivery queue (the deliverer and each attempt): claims, and each step recorded under its lease. */
export interface DeliveryQueue extends FileSource {
  /** Takes one queued submission for delivery if nobody holds it, unless the claimant is `running` it. */
  claim(
    id: number,
    owner: string,
    leaseMs: number,
    now: number,
    running?: readonly number[],
  ): Promise<Claimed | null>;
  /**
   * Takes up to `limit` queued submissions that are due, oldest first; never one the claimant
   * is `running` (its lease may have run out while it waited on the database), and at most
   * `slowLimit` (by default `limit`) whose last attempt timed out (`Submission.timedOut`).
   */
  claimDue(
    owner: string,
    leaseMs: number,
    now: number,
    limit: number,
    running?: readonly number[],
    slowLimit?: number,
  ): Promise<Claimed[]>;
  /**
   * A submission still held under `lease` (a claim kept waiting for a free place), as stored
   * now; null once that lease is gone (given back, taken over, or the submission erased).
   * `withFiles` false for one claimed with no files (none can come after its accept): their
   * read is left out.
   */
  heldAgain(lease: Lease, withFiles?: boolean): Promise<Claimed | null>;
  /**
   * Notes, before the request leaves, which step is being sent (see `pendingStep`), and extends
   * the lease to `leaseUntil`, so a long delivery is never taken for an abandoned one.
   */
  startStep(lease: Lease, step: Step, leaseUntil: number): Promise<void>;
  /**
   * Extends the lease while the record of a step's answer waits for the outbox (the step stays
   * noted as sent).
   */
  renewLease(lease: Lease, leaseUntil: number): Promise<void>;
  /**
   * The create succeeded (answered at `at`, recorded at `recordedAt`, by default `at`): only
   * uploads are retried now.
   */
  recordCreated(lease: Lease, enquiryId: number, at: number, recordedAt?: number): Promise<void>;
  /**
   * True when a record of what the platform answered goes in the same commit as every other
   * write (SQLite's group commit): a create's record then rides with the delivery's end (`Finish`'s
   * `created`) and lands no later. False where records have connections of their own, apart
   * from the writes that queue (PostgreSQL): there a create is recorded alone, at once.
   */
  readonly recordsWithWrites: boolean;
  /** One file is attached upstream. */
  recordUploaded(lease: Lease, index: number, attachmentId: number, at: number): Promise<void>;
  /** A step failed after it may have taken effect (a retry may duplicate it): counted. */
  recordUnknownOutcome(lease: Lease, step: Step['kind']): Promise<void>;
  /** The platform refused one file (a 4xx that says so): the others still go. */
  recordUploadFailed(lease: Lease, index: number, reason: string, at: number): Promise<void>;
  /**
   * Ends an attempt and lets the submission go (see `Finish`). `delivered` makes it `partial`
   * when a file was refused and not skipped; the files the platform has are deleted, a refused
   * one is kept for the firm.
   */
  finish(lease: Lease, outcome: Finish): Promise<void>;
  /** Gives up: a person must look (`reason` says why). Its files are kept. */
  deadLetter(lease: Lease, reason: string, at: number): Promise<void>;
  /**
   * When the next queued submission nobody holds is due, or null; those whose last attempt
   * timed out left out unless `timedOutToo` (by default they count).
   */
  nextDueAt(timedOutToo?: boolean): Promise<number | null>;
  /**
   * Makes every queued submission nobody holds due at `now` (a pause ended, or a start): it
   * need not wait for the retry time an earlier failure set. Returns how many.
   */
  expediteQueued(now: number): Promise<number>;
}

/**
 * The platform's outage, one for every instance sharing the outbox (`machine/outage.ts`):
 * delivery pauses while it lasts, one instance at a time probes the platform, and its end sends
 * everything waiting; the notifier tells the firm of it.
 */
export interface PlatformOutages {
  /** The outage in force, or null. */
  platformOutage(): Promise<PlatformOutage | null>;
  /** Begins `found` unless one is on already; answers the one in force. */
  beginOutage(found: PlatformOutage): Promise<PlatformOutage>;
  /** Takes the turn to probe: `seen` becomes `next`, unless another changed it first. */
  takeProbe(seen: PlatformOutage, next: PlatformOutage): Promise<boolean>;
  /** Ends the outage at `at`, everything waiting due, oldest first; null if none was on. */
  endOutage(at: number): Promise<OutageEnded | null>;
  /** Of the leads waiting when an outage ended at `endedAt`: how many went since, and still wait. */
  sentAfterOutage(endedAt: number): Promise<{ delivered: number; waiting: number }>;
  /** The last outage ended and not yet told of, if any. */
  outageEnded(): Promise<OutageEnded | null>;
  /** Its end is told: forgotten. */
  forgetOutageEnded(told: OutageEnded): Promise<void>;
}

/** The operator's view (the CLI, health routes and metrics): read, retry, skip. */
export interface OperatorView extends FileSource {
  /**
   * Makes a dead, spam or waiting submission due now with a fresh retry schedule (operator's
   * `retry`); never one that is being delivered at this moment, nor a delivered one.
   */
  requeue(reference: string, now: number, only?: { file: number }): Promise<RequeueOutcome>;
  /**
   * Leaves a refused file out (operator's `skip`); a `partial` submission with no refused file
   * left becomes `delivered`. False when the submission has no refused file at `index`.
   */
  skipFile(reference: string, index: number): Promise<boolean>;
  /** One submission by its reference. */
  get(reference: string): Promise<Submission | null>;
  /**
   * One page of leads, newest first (or oldest first after a lead), of one state or matching a
   * search: the one listing, the console's, the health routes' and the CLI's (`eachLeadPage`).
   */
  leadPage(filter: LeadFilter): Promise<Submission[]>;
  /**
   * Leads received and delivered on each of the last `days` days (UTC), oldest day first; with
   * `team`, only the leads routed to it.
   */
  dailyCounts(now: number, days: number, team?: string): Promise<DailyCount[]>;
  /** The leads received since `since`, not spam, with their text's and files' bytes. */
  intakeSince(since: number): Promise<IntakeVolume>;
  /** How many of each state, and what needs attention; with `team`, of its leads only. */
  counts(team?: string): Promise<OutboxCounts>;
  /** Whether any lead is dead or partly delivered, and the oldest waiting: never counted. */
  attention(): Promise<OutboxAttention>;
  /** The references of the leads that repeat `reference` (`repeat_of`), oldest first. */
  repeatsOf(reference: string): Promise<string[]>;
  /** Every notification about one submission (the CLI's `show`). */
  notificationsFor(reference: string): Promise<QueuedNotification[]>;
}

/** Housekeeping (the daily chores and the start): what is forgotten, and what a start settles. */
export interface Housekeeping {
  /**
   * True when several proxies share this store (PostgreSQL): no single process may drop every
   * lease or settle every in-flight key at start, and each instance's heartbeat says it lives.
   */
  readonly shared: boolean;
  /** Forgets idempotency keys created before `before`. */
  purgeIdempotencyKeys(before: number): Promise<number>;
  /**
   * Answers every key still in flight with `202 queued` and its reference: their first requests
   * died with the process that took them (called at start, holding the data-directory lock).
   */
  settleInFlightKeys(): Promise<number>;
  /** Forgets spent tokens that would be refused as expired anyway. */
  purgeSpentFormTokens(now: number): Promise<number>;
  /**
   * Deletes delivered submissions delivered before `before`, with every notification about them
   * (none while one of those is still being sent).
   */
  purgeDelivered(before: number): Promise<number>;
  /**
   * Deletes dead letters given up before `before` whose firm was told (never an untold one, nor
   * one whose notification is still being sent), with their notifications.
   */
  purgeNotifiedDead(before: number): Promise<number>;
  /** Deletes spam that arrived before `before`. */
  purgeSpam(before: number): Promise<number>;
  /**
   * Deletes the finished (delivered or dead) webhook deliveries of every submission gone, never
   * a pending one: each is kept as long as its submission, whatever removed that.
   */
  purgeFinishedWebhooks(): Promise<number>;
  /**
   * Deletes stored files no submission names (left by a crash mid-accept), last written before
   * `before` (so an accept in progress keeps its file); returns how many.
   */
  removeOrphanFiles(before?: number): Promise<number>;
  /** Drops every lease: on start, when this process is the only one using the store. */
  releaseAllLeases(): Promise<number>;
}
