/**
 * What goes out about a submission, as the notifier and the webhooks see it: the notification
 * queue (`NotificationQueue`), the receipts kept after their enquiry (`Receipts`), the
 * confirmation emails' quotas (`ConfirmationQuotas`), and the webhook queue with the operator's
 * view of it (`WebhookQueue`, `WebhookDeliveries`). Its own file because these are the outbox's
 * messages, each queued once and sent by a worker of its own, apart from the submission's way.
 */
import type {
  Channel,
  NewNotification,
  NotificationOutcome,
  QueuedNotification,
} from './notification.ts';
import type { ConfirmationQuota, Receipt } from './receipt.ts';
import type { Submission } from './submission.ts';
import type { FinishedUnfinished, UnfinishedRecord } from './unfinished.ts';
import type {
  ClaimedWebhook,
  NewWebhookDelivery,
  SubmissionEvent,
  WebhookDelivery,
  WebhookFilter,
  WebhookLease,
  WebhookOutcome,
  WebhookRetryOutcome,
} from './webhook.ts';

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
  /**
   * Submissions `event` is about (since `since`) with nothing queued for `endpoint` yet; with
   * `teams`, only those routed to one of them (an endpoint a team names as its own).
   */
  awaitingWebhook(
    endpoint: string,
    event: SubmissionEvent,
    since: number,
    limit: number,
    teams?: readonly string[],
  ): Promise<Submission[]>;
  /** Unfinished records first kept since `since` with no `enquiry.unfinished` queued for `endpoint`. */
  keptAwaitingWebhook(endpoint: string, since: number, limit: number): Promise<UnfinishedRecord[]>;
  /**
   * Unfinished records taken over by their enquiry, whose `enquiry.unfinished` `endpoint`
   * received, with no `enquiry.finished` queued for it yet.
   */
  finishedAwaitingWebhook(endpoint: string, limit: number): Promise<FinishedUnfinished[]>;
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
