/**
 * What the deliverer is built from (`deliverer.ts`), and the defaults of all but the store, the
 * client and the log.
 */
import type { CheckReport } from '../client/check.ts';
import type { EnquiryApiClient } from '../client/enquiry-api-client.ts';
import { NO_CONVERSION, type Converter } from '../convert/conversion.ts';
import type { Logger } from '../logger.ts';
import type { DeliveryQueue, PlatformOutages } from '../outbox/store.ts';
import type { Submission } from '../outbox/submission.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.ts';
import type { AttemptReport } from './running-attempts.ts';

/** What the deliverer is built from; all but store, client and log have defaults. */
export interface DelivererOptions {
  store: DeliveryQueue & PlatformOutages;
  client: EnquiryApiClient;
  log: Logger;
  /** Converts files of kinds the platform does not take, just before their upload. */
  converter?: Pick<Converter, 'convert'>;
  policy?: RetryPolicy;
  /** While the platform's setup is wrong (login, address), check it again this often. */
  authRetryMs?: number;
  /**
   * The platform check that decides when a pause ends (`pause.ts`), and whether failures are
   * the platform's, down, or a lead's own (`outage-watch.ts`).
   */
  check?: () => Promise<CheckReport>;
  /** Background deliveries at once. */
  concurrency?: number;
  /**
   * The name leases are taken under: a shared outbox's name for this instance, the one its
   * heartbeat goes by, so that other instances see whether the holder of a lease still lives.
   */
  owner?: string;
  /** How long a claimed submission stays ours if this process dies mid-delivery. */
  leaseMs?: number;
  /** Longest sleep between looks at the queue (new work also wakes the loop). */
  pollMs?: number;
  now?: () => number;
  random?: () => number;
  /** Told of each attempt's end (metrics). */
  onAttempt?: (report: AttemptReport) => void;
  /**
   * Told of each submission taken, before its attempt (signed webhooks queue
   * `enquiry.received` here, while its files' bytes are still held); must not throw.
   */
  beforeAttempt?: (submission: Submission) => Promise<void>;
  /**
   * How many new submissions may wait for a place by their lease alone, past those held whole
   * (`held-claims.ts`): 0 where instances share the outbox, so that another takes them.
   */
  maxLeasesAlone?: number;
}

/** The options with every default filled in (the check and the callbacks stay optional). */
export type DelivererSettings = Required<
  Omit<DelivererOptions, 'check' | 'onAttempt' | 'beforeAttempt' | 'owner' | 'maxLeasesAlone'>
> &
  Pick<DelivererOptions, 'onAttempt' | 'beforeAttempt'>;

/** `options` with the defaults: four at a time, a lease of a quarter of an hour, a look each 30 s. */
export function withDefaults(options: DelivererOptions): DelivererSettings {
  return {
    policy: DEFAULT_RETRY_POLICY,
    authRetryMs: 60_000,
    concurrency: 4,
    leaseMs: 15 * 60_000,
    pollMs: 30_000,
    now: Date.now,
    random: Math.random,
    converter: NO_CONVERSION,
    ...options,
  };
}
