/**
 * What a failed delivery attempt means for its submission: retried later, dead-lettered, or
 * held while the platform's setup is wrong. Every outcome is logged with the reference.
 *
 * - The platform refused the enquiry (400): dead letter; sending it again will not help.
 * - The platform took the create (2xx) but its id is lost: dead letter, never sent again (that
 *   would only duplicate it); the visitor was still told it is received.
 * - The outbox's database was away mid-attempt: not the platform's failure; no attempt is
 *   counted and no backoff grows, so everything queued goes soon after the database is back.
 * - The login or the address is wrong (401/403, no route, a web page, a redirect, a bad
 *   certificate): all delivery pauses until the check passes; nothing counts as an attempt.
 * - The platform down (network errors, timeouts, 5xx to every delivery and to its check): the
 *   lead waits for the outage to end (`outage-watch.ts`); its retry window does not run.
 * - Anything else: retried with backoff for the lead's window (two weeks by default); then, if
 *   the platform answers its check (it fails this lead alone), dead letter. One that had no
 *   answer within the timeout is marked so (`timedOut`), and retried in a share of the delivery
 *   places only (`deliverer.ts`): a lead the platform hangs on never holds up the others.
 */
import { EnquiryApiError } from '../client/errors.ts';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type { Claimed } from '../outbox/lease.ts';
import { StoreUnavailableError, type DeliveryQueue } from '../outbox/store.ts';
import { nextAttempt, type RetryPolicy } from './backoff.ts';
import { keepUntilRecorded, type RecordKeeping } from './kept-record.ts';
import type { AttemptResult } from '../outbox/attempt-result.ts';
import type { OutageWatch } from './outage-watch.ts';

/** How soon a submission whose attempt the outbox's database interrupted is due again. */
const STORE_RETRY_MS = 1000;

/** What sorting a failure needs (and keeping a record of what the platform may have done). */
export interface FailureContext extends RecordKeeping {
  store: DeliveryQueue;
  log: Logger;
  policy: RetryPolicy;
  now: () => number;
  random: () => number;
  /** Pauses all delivery for a setup problem; returns when it is next checked. */
  pause: (problem: EnquiryApiError) => number;
  /** Whether the platform is down (then no lead's window runs), and asking it. */
  outage: Pick<OutageWatch, 'state' | 'ask'>;
}

/**
 * True for a failure as a platform that is down fails: no answer (the network, a timeout) or a
 * 5xx. A 408 or 429 is the platform answering, busy.
 *
 * @example platformFailed(apiError('retryable', 'create', { status: 503 })) // true
 */
export function platformFailed(error: unknown): boolean {
  if (!(error instanceof EnquiryApiError) || error.kind !== 'retryable') return false;
  return error.status === undefined || error.status >= 500;
}

/**
 * Sorts a failed attempt's error into what happens next, records it, and says what it came to.
 *
 * @example await handleFailure(error, claimed, context) // { state: 'queued' } after a 503
 */
export async function handleFailure(
  error: unknown,
  claimed: Claimed,
  context: FailureContext,
): Promise<AttemptResult> {
  const { store, log, now } = context;
  const { submission, lease } = claimed;
  const { reference } = submission;
  const apiError = error instanceof EnquiryApiError ? error : undefined;

  if (apiError?.outcomeUnknown) {
    const { endpoint } = apiError;
    log.warn(
      { reference, endpoint, error: apiError.message },
      `outcome unknown: the ${endpoint} may have taken effect; retrying it (a duplicate is possible)`,
    );
    // Counted however long the outbox takes: a retry's duplicate must be known as possible.
    await keepUntilRecorded(
      () => store.recordUnknownOutcome(lease, endpoint),
      { reference, lease, step: endpoint, answer: `${endpoint} of unknown outcome` },
      context,
    );
  }

  if (apiError?.answeredSuccess && apiError.endpoint === 'create') {
    // The platform said yes without an id we can read: sending it again would only duplicate
    // it, and without the id its files cannot be attached. A person must look.
    const reason = `created, id unknown: the platform took the create (${apiError.status}) but its answer had no readable enquiry id; the enquiry exists there: attach its files by hand, do not retry`;
    await keepUntilRecorded(
      (at) => store.deadLetter(lease, reason, at),
      { reference, lease, step: 'create', answer: 'created, id unknown' },
      context,
    );
    log.error(
      { reference, status: apiError.status, response: apiError.body },
      `enquiry dead-lettered: ${reason}`,
    );
    return { state: 'dead', reason, submission, received: true };
  }

  if (apiError?.kind === 'validation') {
    const reason = `the platform refused the ${apiError.endpoint} (${apiError.status}): ${apiError.parameter ? `parameter ${apiError.parameter}` : 'see the log'}`;
    await store.deadLetter(lease, reason, now());
    log.error(
      {
        reference,
        endpoint: apiError.endpoint,
        status: apiError.status,
        parameter: apiError.parameter,
        response: apiError.body,
      },
      'enquiry dead-lettered: the platform refused it',
    );
    return { state: 'dead', reason, submission };
  }

  if (error instanceof StoreUnavailableError) {
    await store.finish(lease, { kind: 'release', at: now() + STORE_RETRY_MS });
    log.warn({ reference }, 'the outbox was unavailable mid-delivery; trying again shortly');
    return { state: 'queued' };
  }

  if (apiError?.needsSetup) {
    const checkAt = context.pause(apiError);
    await store.finish(lease, { kind: 'pause', resumeAt: checkAt, reason: apiError.message });
    return { state: 'queued' };
  }

  const failures = submission.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  const down = platformFailed(error);
  if (down && context.outage.state) return waitForPlatform(claimed, message, context);
  const next = nextAttempt(
    submission.retryFrom,
    failures,
    now(),
    context.policy,
    context.random,
    apiError?.retryAfterMs,
  );
  // Dead only for itself: a lead the platform fails while it is down waits for it.
  if ('giveUp' in next && down && (await context.outage.ask()) !== 'up')
    return waitForPlatform(claimed, message, context);
  if ('giveUp' in next) {
    const reason = `gave up after ${failures} attempts: ${message}`;
    await store.deadLetter(lease, reason, now());
    log.error({ reference, attempts: failures }, `enquiry dead-lettered: ${reason}`);
    return { state: 'dead', reason, submission };
  }
  const timedOut = apiError?.timedOut === true;
  await store.finish(lease, { kind: 'retry', at: next.at, error: message, timedOut });
  // Logged once recorded: a submission erased mid-attempt fails its write (`LeaseLostError`),
  // and its missing bytes are no failure of delivery's.
  if (!apiError) logFailure(log, error, { reference }, 'delivery failed unexpectedly; will retry');
  log.warn(
    { reference, attempt: failures, error: message, retryAt: new Date(next.at).toISOString() },
    'delivery failed; will retry',
  );
  return { state: 'queued' };
}

/** The platform is down: the lead waits for the outage's end, which makes it due. */
async function waitForPlatform(
  { submission, lease }: Claimed,
  message: string,
  { store, log, now, outage }: FailureContext,
): Promise<AttemptResult> {
  const at = outage.state?.nextProbeAt ?? now();
  await store.finish(lease, { kind: 'retry', at, error: message });
  log.warn(
    { reference: submission.reference, error: message },
    'delivery failed while the platform is down; the lead waits for it to answer again',
  );
  return { state: 'queued' };
}
