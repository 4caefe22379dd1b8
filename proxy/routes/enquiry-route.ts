/**
 * `POST /api/enquiries`: read, check, store (write-ahead), then deliver while the visitor
 * waits up to a deadline. Every refusal happens before anything is stored or sent upstream.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../app.ts';
import { checkForBots } from '../bots/bot-check.ts';
import type { DeliveredResponse, ErrorResponse, QueuedResponse } from '../contract/enquiry.ts';
import { requireAllowedOrigin, submissionCors } from '../http/origin.ts';
import type { Logger } from '../logger.ts';
import { rateLimit } from '../http/rate-limit.ts';
import type { AttemptResult } from '../outbox/deliverer.ts';
import type { AcceptOutcome } from '../outbox/store.ts';
import { newReference } from '../reference.ts';
import { checkSubmission } from '../submission/check-submission.ts';
import { maxSubmissionBytes, readMultipartSubmission } from '../submission/read-multipart.ts';
import { SubmissionError } from '../submission/submission-error.ts';

/** The IETF draft recommends a UUID; any visible ASCII up to 255 characters is accepted. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

type Answer = {
  status: ContentfulStatusCode;
  body: DeliveredResponse | QueuedResponse | ErrorResponse;
};

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
    rateLimit({ ...deps.rateLimits, clientKey: deps.clientIp, now: deps.now }),
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
    const { outcome, reference, verdict } = await receive(c, key);
    if (outcome.kind !== 'stored') return answerForRepeat(c, outcome);

    const { submission } = outcome;
    let answer: Answer;
    if (verdict.human) {
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
      log.warn(
        { reference, reason: verdict.reason },
        'submission caught by the bot checks and kept as spam',
      );
      answer = { status: 202, body: { status: 'queued', reference } };
    }
    if (key) await deps.store.saveResponse(key, answer.status, answer.body);
    return answer;
  }

  /**
   * Reads, checks and stores a submission. Its own function so that the received bytes are
   * unreachable once stored: while the visitor waits for delivery, the deliverer's copy (read
   * back from the outbox) is the only one in memory.
   */
  async function receive(c: Context, key: string | undefined) {
    const received = await readMultipartSubmission(c.req.raw, config.files);
    const checked = checkSubmission(received, config);
    const verdict = await checkForBots(checked.part, deps.clientIp(c), deps.bots);
    const reference = newReference();
    const outcome = await deps.store.accept({
      reference,
      upstream: checked.upstream,
      files: checked.files,
      receivedAt: deps.now(),
      state: verdict.human ? 'queued' : 'spam',
      ...(verdict.human ? {} : { note: verdict.reason }),
      ...(key ? { idempotency: { key, fingerprint: checked.fingerprint } } : {}),
    });
    return { outcome, reference, verdict };
  }

  return app;
}

/** The answer to a request whose Idempotency-Key was seen before. */
function answerForRepeat(c: Context, outcome: Exclude<AcceptOutcome, { kind: 'stored' }>): Answer {
  if (outcome.kind === 'replay') {
    c.header('Idempotent-Replayed', 'true');
    return { status: outcome.status as ContentfulStatusCode, body: outcome.body as Answer['body'] };
  }
  if (outcome.kind === 'in_flight') {
    c.header('Retry-After', '2');
    const message = 'This enquiry is still being sent. Try again in a moment.';
    return { status: 409, body: { error: 'in_progress', message } };
  }
  const message =
    'This Idempotency-Key was already used for a different enquiry. Send it with a new key.';
  return { status: 422, body: { error: 'idempotency_key_reused', message } };
}

function answerFor(reference: string, result: AttemptResult): Answer {
  if (result.state === 'delivered') {
    const files = result.submission.files.map((file) => ({
      name: file.name,
      status: 'delivered' as const,
    }));
    return {
      status: 201,
      body: { status: 'delivered', reference, enquiryId: result.enquiryId, files },
    };
  }
  if (result.state === 'dead') {
    const message = `We could not pass your enquiry on. Please contact us and quote the reference ${reference}.`;
    return { status: 502, body: { error: 'upstream_rejected', message, reference } };
  }
  return { status: 202, body: { status: 'queued', reference } };
}

const issueFields = (error: SubmissionError) =>
  'issues' in error.body
    ? error.body.issues?.map((issue) => `${issue.field}:${issue.code}`)
    : undefined;
