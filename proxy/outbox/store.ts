/**
 * The outbox's storage interface. Every accepted submission is written here, files included,
 * before the first upstream call; each delivery step is recorded as it succeeds, so a retry
 * resumes where the last attempt stopped and never re-creates an enquiry whose id is known.
 *
 * Delivery claims a submission with a lease (it is ours until `leaseUntil`, extended as each
 * step starts) and a fencing token (a number that grows with every claim). Every write about
 * the delivery names the lease; once another claim has taken the submission (the lease ran
 * out while this one was stuck), the old holder's writes fail with `LeaseLostError` instead of
 * overwriting the new holder's progress. So a process that dies loses its leases, never a
 * submission, and a slow one can never record over a faster one.
 *
 * SQLite (`sqlite/store.ts`) is the embedded default, PostgreSQL (`postgres/store.ts`) the shared
 * one; both run the same rules (`machine/`) and pass the contract suite in
 * `proxy/test/store-contract.ts`.
 */
import type { UploadStore } from './upload-store.ts';
import type { ByteSource } from '../client/byte-source.ts';
import type { AuditEntry, AuditFilter, AuditRecord } from './machine/audit.ts';
import type { DailyCount, LeadFilter } from './machine/leads.ts';
import type {
  FunnelCell,
  FunnelFilter,
  FunnelKey,
  FunnelPage,
  FunnelTally,
} from './funnel-counts.ts';
import type { ErasureOutcome, Subject, SubjectHoldings } from './machine/rights.ts';
import type { WidgetFile } from './machine/widget-files.ts';
import type { NewSession, Passkey, PasskeyOf, PersonRow, SessionRow } from './machine/people.ts';
import type { Role } from './roles.ts';
import type {
  Channel,
  NewNotification,
  NotificationOutcome,
  QueuedNotification,
} from './notification.ts';
import type { ConfirmationQuota, Receipt } from './receipt.ts';
import type { Claimed, Finish, Step } from './lease.ts';
import type {
  AcceptOutcome,
  Lease,
  NewSubmission,
  OutboxCounts,
  Repeat,
  RequeueOutcome,
  Submission,
} from './submission.ts';
import type {
  ClaimedWebhook,
  NewWebhookDelivery,
  WebhookDelivery,
  WebhookEvent,
  WebhookFilter,
  WebhookLease,
  WebhookOutcome,
  WebhookRetryOutcome,
} from './webhook.ts';

export type { Lease } from './submission.ts';
export type { AuditEntry, AuditFilter, AuditRecord } from './machine/audit.ts';
export type { ErasureOutcome, Subject, SubjectHoldings } from './machine/rights.ts';

/**
 * Thrown when the store's database cannot be reached or is not taking work now (PostgreSQL
 * restarting, the network between): new enquiries are answered `503` with `Retry-After`, and
 * delivery waits, rather than anything being lost or falsely accepted.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(override readonly cause: unknown) {
    super(
      `the outbox database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

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
  /** Takes one queued submission for delivery if nobody holds it. */
  claim(id: number, owner: string, leaseMs: number, now: number): Promise<Claimed | null>;
  /**
   * Takes up to `limit` queued submissions that are due, oldest first; never one the claimant
   * is `running` (its lease may have run out while it waited on the database).
   */
  claimDue(
    owner: string,
    leaseMs: number,
    now: number,
    limit: number,
    running?: readonly number[],
  ): Promise<Claimed[]>;
  /**
   * Notes, before the request leaves, which step is being sent (see `pendingStep`), and extends
   * the lease to `leaseUntil`, so a long delivery is never taken for an abandoned one.
   */
  startStep(lease: Lease, step: Step, leaseUntil: number): Promise<void>;
  /** The create succeeded: from now on only uploads are retried. */
  recordCreated(lease: Lease, enquiryId: number, at: number): Promise<void>;
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
  /** When the next queued submission is due, or null. */
  nextDueAt(): Promise<number | null>;
  /**
   * Makes every queued submission nobody holds due at `now` (a pause ended, or a start): it
   * need not wait for the retry time an earlier failure set. Returns how many.
   */
  expediteQueued(now: number): Promise<number>;
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
  /** Leads received and delivered on each of the last `days` days (UTC), oldest day first. */
  dailyCounts(now: number, days: number): Promise<DailyCount[]>;
  /** How many of each state, and what needs attention. */
  counts(): Promise<OutboxCounts>;
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

/** The notification queue (the notifier): leads to tell of, and each message's sending. */
export interface NotificationQueue {
  /** Dead or partly delivered submissions whose firm has not been told yet, oldest first. */
  leadsToNotify(limit: number): Promise<Submission[]>;
  /**
   * Queues notifications (a key queued before is skipped) and, when `lead` is given, marks that
   * submission as notified, in one transaction. One naming a submission (`reference`) is tied to
   * it and goes with it; about a submission no longer held, none is queued. Returns how many
   * were queued.
   */
  queueNotifications(rows: NewNotification[], lead?: { reference: string }): Promise<number>;
  /** Pending notifications due at `now`, oldest first; only `channel`'s when given. */
  dueNotifications(now: number, limit: number, channel?: Channel): Promise<QueuedNotification[]>;
  /** When the next pending notification is due, or null. */
  nextNotificationAt(): Promise<number | null>;
  /** Records how one try to send a notification ended. */
  finishNotification(id: number, outcome: NotificationOutcome): Promise<void>;
}

/** Receipts (`npm run outbox -- verify-receipt`): kept after retention removed their enquiry. */
export interface Receipts {
  /** The receipt issued with this code, or null when none was. */
  findReceipt(code: string): Promise<Receipt | null>;
}

/** The confirmation emails' quotas (the notifier tells the firm when the hourly ceiling is reached). */
export interface ConfirmationQuotas {
  /** How many confirmations `quota` has counted in its window at `at`. */
  quotaUsed(quota: Pick<ConfirmationQuota, 'subject' | 'windowMs'>, at: number): Promise<number>;
}

/** The webhook queue (`webhooks/`): what each endpoint is owed, and each try's claim and end. */
export interface WebhookQueue {
  /** Queues deliveries; one already queued for its endpoint, event and submission is skipped. */
  queueWebhooks(rows: readonly NewWebhookDelivery[]): Promise<number>;
  /** Submissions `event` is about (since `since`) with nothing queued for `endpoint` yet. */
  awaitingWebhook(
    endpoint: string,
    event: WebhookEvent,
    since: number,
    limit: number,
  ): Promise<Submission[]>;
  /** Takes up to `limit` of `endpoint`'s due deliveries, each for one try under a lease. */
  claimWebhooks(
    endpoint: string,
    owner: string,
    leaseMs: number,
    now: number,
    limit: number,
  ): Promise<ClaimedWebhook[]>;
  /** Records how a try ended; false when a newer claim holds the delivery (nothing written). */
  finishWebhook(lease: WebhookLease, outcome: WebhookOutcome): Promise<boolean>;
  /** When `endpoint`'s next pending delivery is due, or null. */
  nextWebhookAt(endpoint: string): Promise<number | null>;
  /** How many deliveries were given up, and the latest (the firm's alert). */
  deadWebhooks(): Promise<{ count: number; latest: WebhookDelivery | null }>;
}

/** Webhook deliveries as operators see them (the CLI, the console): list, and retry one. */
export interface WebhookDeliveries {
  /** Deliveries, newest first. */
  listWebhooks(filter: WebhookFilter): Promise<WebhookDelivery[]>;
  /** Sends a delivery again now with a fresh schedule, under the same `webhook-id`. */
  retryWebhook(id: number, now: number): Promise<WebhookRetryOutcome>;
}

/** Named values kept with the outbox (the form-token secret, when generated). */
export interface Settings {
  /** A named value, or null. */
  getSetting(name: string): Promise<string | null>;
  /** Keeps a named value. */
  setSetting(name: string, value: string): Promise<void>;
}

/** The widget's hashed files of each build a proxy ran (`machine/widget-files.ts`). */
export interface WidgetFileArchive {
  /** Keeps this build's files, current at `at`. */
  keepWidgetFiles(files: readonly WidgetFile[], at: number): Promise<void>;
  /** The names of every kept file. */
  widgetFileNames(): Promise<string[]>;
  /** A kept file's text, or null. */
  widgetFile(name: string): Promise<string | null>;
  /** Forgets files no proxy has called current since `before`; returns how many. */
  forgetWidgetFiles(before: number): Promise<number>;
}

/** The audit log (the console and the CLI): what an operator did, to which submission. */
export interface AuditLog {
  /** Records one action. */
  recordAudit(entry: AuditRecord): Promise<void>;
  /** Recorded actions, newest first (of one submission when `filter.reference` is given). */
  listAudit(filter: AuditFilter): Promise<AuditEntry[]>;
}

/**
 * The firm's people (`machine/people.ts`): invitations, passkeys, console sessions, roles. A
 * session is found by a hash of its cookie's secret, with its person as they are now: removing
 * a person or changing their role tells at the next request, on every instance.
 */
export interface People {
  /** Makes `email` a person of `role` with a new invitation (kept as its token's hash). */
  invitePerson(invitation: {
    email: string;
    role: Role;
    tokenSha256: string;
    at: number;
    expiresAt: number;
  }): Promise<void>;
  /** The person an unexpired invitation is for. */
  findInvitation(
    tokenSha256: string,
    now: number,
  ): Promise<{ personId: number; email: string; role: Role } | undefined>;
  /** Spends an invitation on a passkey and opens a session; false when it is spent or expired. */
  acceptInvitation(tokenSha256: string, passkey: Passkey, session: NewSession): Promise<boolean>;
  /** A registered passkey and whose it is. */
  findPasskey(credentialId: string): Promise<PasskeyOf | undefined>;
  /** Notes a passkey's counter and opens a session; false when the passkey is gone. */
  signInWithPasskey(credentialId: string, counter: number, session: NewSession): Promise<boolean>;
  /** Keeps the identity provider's person with their role now, and opens a session. */
  signInFromProvider(
    person: { email: string; name: string; role: Role },
    session: NewSession,
  ): Promise<void>;
  /** Opens a session for whoever typed the admin token. */
  signInWithToken(session: NewSession): Promise<void>;
  /** The live session whose secret hashes to `idSha256`. */
  findSession(idSha256: string, now: number): Promise<SessionRow | undefined>;
  /** Ends one session. */
  endSession(idSha256: string): Promise<void>;
  /** Ends every session; returns how many there were. */
  endAllSessions(): Promise<number>;
  /** Forgets sessions and invitations that ran out before `now`. */
  forgetExpiredSessions(now: number): Promise<number>;
  /** Everyone, by address. */
  listPeople(now: number): Promise<PersonRow[]>;
  /** Gives a person another role; false when nobody has that address. */
  setRole(email: string, role: Role): Promise<boolean>;
  /** Removes a person with their passkeys and sessions; false when nobody has that address. */
  removePerson(email: string): Promise<boolean>;
  /** True when anyone has been invited or signed in. */
  anyPeople(): Promise<boolean>;
}

/**
 * The funnel's counters (the events route, the form without JavaScript, `GET /admin/funnel`):
 * sums only (`funnel-counts.ts`); a delivery is counted by `finish` itself.
 */
export interface FunnelCounters {
  /** Adds one form view's tally to its day's counters, in one transaction. */
  addFunnelTally(tally: FunnelTally): Promise<void>;
  /** Notes an accepted enquiry's cell: its delivery is counted there. */
  expectDelivery(submissionId: number, key: FunnelKey): Promise<void>;
  /**
   * The counters of `filter`'s days and cells, summed per case type, campaign and variant: one
   * page of them in the order of their keys (`FUNNEL_PAGE_CELLS` from the first by default).
   */
  funnelCells(filter: FunnelFilter, page?: FunnelPage): Promise<FunnelCell[]>;
  /**
   * Forgets the counters of the oldest day before `before` (`YYYY-MM-DD`); returns the rows
   * deleted, 0 when no day before it is left (the daily chore calls it until then).
   */
  forgetFunnelDay(before: string): Promise<number>;
}

/**
 * A person's rights (the CLI's `subject`, `subject-export` and `erase`): find what is held about
 * them, and erase it, files and copies included, even while it is being delivered.
 */
export interface SubjectRights extends FileSource {
  /** Every submission, notification, webhook message and audit entry about `subject`. */
  findSubject(subject: Subject): Promise<SubjectHoldings>;
  /** The references of `subject`'s submissions, oldest first (`erase --email`): nothing else. */
  subjectReferences(subject: Subject): Promise<string[]>;
  /**
   * Erases one submission, its files, idempotency keys and notifications, recording it in the
   * audit log by a salted hash of the subject's email only; one not yet delivered needs `force`.
   * A delivery holding it stops at its next write (`LeaseLostError`) and writes nothing back.
   */
  erase(
    reference: string,
    options: {
      force: boolean;
      at: number;
      client: string;
      /** Who asked in the console, and in which role (the audit log names them). */
      person?: string | null;
      role?: string | null;
    },
  ): Promise<ErasureOutcome>;
}

/**
 * Where submissions live between arrival and delivery: every concern, as both stores
 * implement it. A consumer asks for the one interface it uses.
 */
export interface OutboxStore
  extends
    IntakeStore,
    DeliveryQueue,
    OperatorView,
    Housekeeping,
    NotificationQueue,
    Settings,
    AuditLog,
    Receipts,
    ConfirmationQuotas,
    FunnelCounters,
    WebhookQueue,
    WebhookDeliveries,
    SubjectRights,
    WidgetFileArchive,
    People,
    UploadStore {
  /** Closes the store; nothing may use it afterwards. */
  close(): Promise<void>;
}
