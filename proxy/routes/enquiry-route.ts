/**
 * `POST /api/enquiries`: read, check, store (write-ahead), then deliver while the visitor
 * waits up to a deadline. Every refusal happens before anything is stored or sent upstream.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../app.ts';
import { checkForBots } from '../bots/bot-check.ts';
import { requireAllowedOrigin, submissionCors } from '../http/origin.ts';
import type { Logger } from '../logger.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { rateLimitKey } from '../http/client-ip.ts';
import { inFlightBytes } from '../http/in-flight-bytes.ts';
import { answerFor, answerForRepeat, queued, type Answer } from './enquiry-answers.ts';
import { newReference } from '../reference.ts';
import { checkSubmission } from '../submission/check-submission.ts';
import { maxSubmissionBytes, readMultipartSubmission } from '../submission/read-multipart.ts';
import { SubmissionError } from '../submission/submission-error.ts';

/** The IETF draft recommends a UUID; any visible ASCII up to 255 characters is accepted. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A first request still unanswered this long after it arrived died with its process. */
const STALE_IN_FLIGHT_GRACE_MS = 30_000;

export function enquiryRoute(deps: AppDeps): Hono {
  const app = new Hono();
  const { config } = deps;
  const tooLarge = SubmissionError.tooLarge(
    'The enquiry and its files are larger than this form accepts.',
  );

  app.use('/api/enquiries', submissionCors(deps));
  app.post(
    '/api/enquiries',
    requireAllowedOrigin(deps),
    rateLimit({
      ...deps.rateLimits,
      clientKey: (c) => rateLimitKey(deps.clientIp(c)),
      now: deps.now,
    }),
    inFlightBytes({ budget: deps.maxInFlightBytes, largestBody: maxSubmissionBytes(config.files) }),
    bodyLimit({
      maxSize: maxSubmissionBytes(config.files),
      onError: (c) => c.json(tooLarge.body, tooLarge.status),
    }),
    async (c) => {
      const log = deps.log.child({ requestId: c.get('requestId') });
      try {
        const answer = await submit(c, log);
        if (answer.body && 'reference' in answer.body)
          c.header('X-Enquiry-Reference', answer.body.reference);
        return c.json(answer.body, answer.status);
      } catch (error) {
        if (!(error instanceof SubmissionError)) throw error;
        log.info(
          { status: error.status, error: error.body.error, issues: issueFields(error) },
          'submission refused',
        );
        return c.json(error.body, error.status);
      }
    },
  );

  async function submit(c: Context, log: Logger): Promise<Answer> {
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw SubmissionError.badRequest(
        'Idempotency-Key must be 1 to 255 visible ASCII characters; a UUID is best.',
      );
    }
    const received = await receive(c, key);
    if (received.kind === 'repeat') {
      const answer = answerForRepeat(
        c,
        received.repeat,
        deps.now(),
        deps.deliveryDeadlineMs + STALE_IN_FLIGHT_GRACE_MS,
      );
      if (key && received.repeat.kind === 'in_flight' && answer.status === 202) {
        await deps.store.saveResponse(key, answer.status, answer.body);
      }
      return answer;
    }

    const { submission, human, reason } = received;
    const { reference } = submission;
    let answer: Answer;
    try {
      if (human) {
        log.info(
          { reference, files: submission.files.length, caseType: submission.upstream.case_type },
          'enquiry accepted',
        );
        answer = answerFor(
          reference,
          await deps.deliverer.deliverNow(submission.id, deps.deliveryDeadlineMs),
        );
      } else {
        // Looks like success, so the bot learns nothing; kept as spam for a person to review.
        log.warn({ reference, reason }, 'submission caught by the bot checks and kept as spam');
        answer = queued(reference);
      }
    } catch (error) {
      // Stored is safe: whatever went wrong after that, the visitor is told it is received.
      log.error(
        { err: error, reference },
        'delivery could not start; the submission waits in the outbox',
      );
      answer = queued(reference);
    }
    if (key) {
      await deps.store
        .saveResponse(key, answer.status, answer.body)
        .catch((error: unknown) =>
          log.error({ err: error, reference }, 'could not keep the answer for its Idempotency-Key'),
        );
    }
    return answer;
  }

  /**
   * Reads, checks and stores a submission. Its own function so that the received bytes are
   * unreachable once stored: while the visitor waits for delivery, the outbox's file is the only
   * copy. A key seen before is answered before the bot checks, so a retry never spends a
   * Turnstile token twice.
   */
  async function receive(c: Context, key: string | undefined) {
    const received = await readMultipartSubmission(c.req.raw, config.files);
    const checked = checkSubmission(received, config);
    const idempotency = key ? { key, fingerprint: checked.fingerprint } : undefined;
    const repeat = idempotency && (await deps.store.findRepeat(idempotency));
    if (repeat) return { kind: 'repeat', repeat } as const;
    const verdict = await checkForBots(checked.part, deps.clientIp(c), deps.bots);
    // A caught bot's files are not kept: their names and sizes are enough to review it.
    const note = verdict.human ? undefined : `${verdict.reason}${describeFiles(checked.files)}`;
    const outcome = await deps.store.accept({
      reference: newReference(),
      upstream: checked.upstream,
      files: verdict.human ? checked.files : [],
      receivedAt: deps.now(),
      state: verdict.human ? 'queued' : 'spam',
      ...(note ? { note } : {}),
      ...(idempotency ? { idempotency } : {}),
    });
    if (outcome.kind !== 'stored') return { kind: 'repeat', repeat: outcome } as const;
    return {
      kind: 'stored',
      submission: outcome.submission,
      human: verdict.human,
      reason: note,
    } as const;
  }

  return app;
}

const describeFiles = (files: readonly { name: string; size: number }[]) =>
  files.length === 0
    ? ''
    : `; ${files.length} file(s) not kept: ${files.map((f) => `${f.name} (${f.size} bytes)`).join(', ')}`;

const issueFields = (error: SubmissionError) =>
  'issues' in error.body
    ? error.body.issues?.map((issue) => `${issue.field}:${issue.code}`)
    : undefined;
