/**
 * A webhook delivery as the outbox keeps it: one message (one event about one submission) to
 * one of the firm's endpoints (`WEBHOOK_ENDPOINTS`), with its body frozen when it was queued,
 * so every retry sends the same bytes under the same `webhook-id`. Queued, claimed and retried
 * by `webhooks/`; listed and retried by operators (`npm run outbox -- webhooks`).
 */

/**
 * The events an endpoint may ask for, in the order they happen: an unfinished enquiry kept with
 * its visitor's consent (issue 87), an enquiry's, the enquiry taking over the unfinished record it
 * was sent from, then its call's (marked by staff as having taken place, or missed by the
 * visitor: issue 88).
 */
export const WEBHOOK_EVENTS = [
  'enquiry.unfinished',
  'enquiry.received',
  'enquiry.delivered',
  'enquiry.failed',
  'enquiry.finished',
  'call.attended',
  'call.no_show',
] as const;

/** One of `WEBHOOK_EVENTS`. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The events about an unfinished record, named by its id rather than a submission's reference. */
const UNFINISHED_EVENTS = ['enquiry.unfinished', 'enquiry.finished'] as const;

/** One of `UNFINISHED_EVENTS`. */
export type UnfinishedEvent = (typeof UNFINISHED_EVENTS)[number];

/** The events about a submission, named by its reference. */
export type SubmissionEvent = Exclude<WebhookEvent, UnfinishedEvent>;

/** Whether `event` is about an unfinished record. */
export const isUnfinishedEvent = (event: WebhookEvent): event is UnfinishedEvent =>
  (UNFINISHED_EVENTS as readonly string[]).includes(event);

/** What a webhook message is queued with. */
export interface NewWebhookDelivery {
  /** The `webhook-id`: the same on every retry, so a receiver can deduplicate. */
  messageId: string;
  /** The endpoint's URL (an endpoint is named by it). */
  endpoint: string;
  event: WebhookEvent;
  reference: string;
  /** The body, exactly as it is sent. */
  body: string;
  at: number;
}

/**
 * - `pending`: to be sent (or being sent, while a lease holds it).
 * - `delivered`: the endpoint answered 2xx.
 * - `dead`: every try of the schedule failed; the firm was alerted.
 */
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
/** Every state of a delivery, for commands that take one by name. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const;

/** A queued webhook delivery and how its sending went. */
export interface WebhookDelivery extends Omit<NewWebhookDelivery, 'body'> {
  /**
   * The body, exactly as it is sent; null once delivered (it copies the enquiry, files too):
   * `bodySha256` then says what was sent.
   */
  body: string | null;
  /** SHA-256 (hex) of the body. */
  bodySha256: string;
  id: number;
  state: WebhookDeliveryState;
  /** Tries that ended (a try cut short by a crash is not counted). */
  attempts: number;
  nextAttemptAt: number;
  /** The endpoint's last HTTP status, if it answered. */
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: number | null;
  deadAt: number | null;
}

/** A delivery's hold on one webhook row: its id and the fencing token of this claim. */
export interface WebhookLease {
  readonly id: number;
  readonly token: number;
}

/** A webhook delivery taken for one try: pending, so with its body. */
export interface ClaimedWebhook {
  delivery: WebhookDelivery & { body: string };
  lease: WebhookLease;
}

/** How one try ended. */
export type WebhookOutcome =
  | { kind: 'delivered'; at: number; status: number }
  | { kind: 'retry'; at: number; nextAt: number; status: number | null; error: string }
  | { kind: 'dead'; at: number; status: number | null; error: string };

/** Which deliveries an operator lists, newest first. */
export interface WebhookFilter {
  endpoint?: string;
  state?: WebhookDeliveryState;
  reference?: string;
  limit: number;
  /** Only deliveries with an id below this (the next page). */
  before?: number;
}

/** What an operator's `webhooks retry <id>` did (a delivered one is not sent again: its body is gone). */
export type WebhookRetryOutcome =
  | { kind: 'requeued'; delivery: WebhookDelivery }
  | { kind: 'in_flight' }
  | { kind: 'delivered' }
  | { kind: 'not_found' };
