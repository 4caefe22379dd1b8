/**
 * What a failed delivery attempt means for its submission: retried later, dead-lettered, or
 * held while the credentials are wrong. Every outcome is logged with the submission reference.
 */
import { EnquiryApiError } from '../client/errors.ts';
import type { Claimed, OutboxStore } from '../outbox/store.ts';
import type { AttemptResult } from './outcome.ts';
import type { Logger } from '../logger.ts';
import { nextAttempt, type RetryPolicy } from './backoff.ts';

/** What sorting a failure needs. */
export interface FailureContext {
  store: OutboxStore;
  log: Logger;
  policy: RetryPolicy;
  now: () => number;
  random: () => number;
  /** Pauses all delivery; returns when it resumes. */
  pause: () => number;
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
    await store.recordUnknownOutcome(lease, apiError.endpoint);
    log.warn(
      { reference, endpoint: apiError.endpoint, error: apiError.message },
      `outcome unknown: the ${apiError.endpoint} may have taken effect; retrying it (a duplicate is possible)`,
    );
  }

  if (apiError?.answeredSuccess && apiError.endpoint === 'create') {
    // The platform said yes without an id we can read: sending it again would only duplicate
    // it, and without the id its files cannot be attached. A person must look.
    const reason = `the platform accepted the create (${apiError.status}) but its answer had no readable enquiry id: the enquiry probably exists there; attach its files by hand, do not retry`;
    log.error(
      { reference, status: apiError.status, response: apiError.body },
      `enquiry dead-lettered: ${reason}`,
    );
    await store.deadLetter(lease, reason, now());
    return { state: 'dead', reason, submission };
  }

  if (apiError?.kind === 'validation') {
    const reason = `the platform refused the ${apiError.endpoint} (${apiError.status}): ${apiError.parameter ? `parameter ${apiError.parameter}` : 'see the log'}`;
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
    await store.deadLetter(lease, reason, now());
    return { state: 'dead', reason, submission };
  }

  if (apiError?.kind === 'authentication') {
    const resumeAt = context.pause();
    log.error(
      { reference, status: apiError.status, resumeAt: new Date(resumeAt).toISOString() },
      'configuration error: the enquiry API refused the credentials. Check ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD. Delivery is paused and tried again periodically; nothing is lost.',
    );
    await store.finish(lease, {
      kind: 'pause',
      resumeAt,
      reason: 'the enquiry API refused the credentials',
    });
    return { state: 'queued' };
  }

  if (!apiError) log.error({ err: error, reference }, 'delivery failed unexpectedly; will retry');
  const failures = submission.attempts + 1;
  const next = nextAttempt(
    submission.retryFrom,
    failures,
    now(),
    context.policy,
    context.random,
    apiError?.retryAfterMs,
  );
  const message = error instanceof Error ? error.message : String(error);
  if ('giveUp' in next) {
    const reason = `gave up after ${failures} attempts: ${message}`;
    log.error({ reference, attempts: failures }, `enquiry dead-lettered: ${reason}`);
    await store.deadLetter(lease, reason, now());
    return { state: 'dead', reason, submission };
  }
  await store.finish(lease, { kind: 'retry', at: next.at, error: message });
  log.warn(
    { reference, attempt: failures, error: message, retryAt: new Date(next.at).toISOString() },
    'delivery failed; will retry',
  );
  return { state: 'queued' };
}
