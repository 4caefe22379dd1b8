/**
 * What the outbox keeps about an enquiry beyond its delivery: its receipt (proof it was
 * received, kept after retention removed the enquiry), the confirmation email queued for its
 * sender, within the limits on how often one address or client may be sent one, and its team.
 */
import type { NewRouting } from './lead-routing.ts';
import type { NewNotification } from './notification.ts';

/** A receipt as kept: no personal data, so it may outlive the enquiry. */
export interface Receipt {
  /** The code the visitor is shown: an HMAC of the other three. */
  code: string;
  reference: string;
  receivedAt: number;
  /** SHA-256 (hex) of what was stored: the upstream enquiry and each file's hash. */
  digest: string;
  /**
   * Why the bot checks caught its enquiry, when they did: it was kept as spam, never sent to
   * the firm (a bot is given a receipt all the same, so that its answer tells it nothing).
   */
  caughtAs?: string;
  /** When an operator released that spam to be delivered (`retry`), if they did. */
  releasedAt?: number;
}

/**
 * One limit a confirmation counts against: at most `limit` for `subject` in each window of
 * `windowMs` (counted from the epoch: a calendar day in UTC, a clock hour).
 */
export interface ConfirmationQuota {
  /** A keyed hash naming the address or client, never the address itself. */
  subject: string;
  windowMs: number;
  limit: number;
  /**
   * A share of `limit` kept for first comers (a ceiling for everybody): an email that the
   * quota named `firstOf` (the client's, taken before this one in the same request) has
   * counted one before in its window may take only `limit - count` of it, so that a few
   * clients sending again and again leave the rest to those who have not sent yet.
   */
  keep?: { count: number; firstOf: string };
}

/**
 * The ceiling for everybody together (`limits.perHour`): every confirmation counts against it,
 * under a name that holds nobody's address, so the notifier can read it to tell the firm.
 */
export const CONFIRMATION_CEILING = { subject: 'everybody', windowMs: 3_600_000 } as const;

/** The confirmation to queue, if every quota allows it. */
export interface ConfirmationRequest {
  notification: NewNotification;
  quotas: readonly ConfirmationQuota[];
}

/** What became of a submission's confirmation. */
export type ConfirmationVerdict = 'queued' | 'over_limit' | 'none';

/** Stored with a submission, in its transaction. */
export interface Aftercare {
  receipt: Receipt;
  /**
   * The keyed hash of the sender's mailbox (`mailbox.ts`), kept with every lead that gave an
   * address, routed or not: what a later lead from the same person finds it by.
   */
  mailboxKey?: string;
  confirmation?: ConfirmationRequest;
  /** Its team, and the notice to it (`lead-routing.ts`), when the form routes leads. */
  routing?: NewRouting;
}
