/**
 * A notification as the outbox keeps it: one message on one channel (an email, a webhook
 * call), queued in the same database as the leads it is about, so that a restart neither loses
 * nor repeats it. Sent and retried by `notify/notifier.ts`.
 */

/** Where a notification goes. */
export type Channel = 'email' | 'webhook';

/** What a notification is queued with. */
export interface NewNotification {
  /** Unique: a key queued before is not queued again (a restart repeats nothing). */
  key: string;
  channel: Channel;
  /** The event, e.g. `lead.dead`, `alert.paused`. */
  kind: string;
  /** The submission it is about, for lead events. */
  reference?: string;
  /** The event as JSON (what a webhook receives; what an email is written from). */
  payload: unknown;
  at: number;
}

/** A queued notification and how its sending went. */
export interface QueuedNotification extends NewNotification {
  id: number;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  sentAt: number | null;
  lastError: string | null;
}

/** How one try to send ended. */
export type NotificationOutcome =
  | { kind: 'sent'; at: number }
  | { kind: 'retry'; at: number; error: string }
  | { kind: 'failed'; error: string };
