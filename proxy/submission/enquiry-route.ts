/**
 * `POST /api/enquiries`: read, check, store (write-ahead), then deliver while the visitor
 * waits up to a deadline. Every refusal happens before anything is stored or sent upstream.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../app-deps.ts';
import { checkForBots } from '../http/bots/bot-check.ts';
import { requireAllowedOrigin, submissionCors } from '../http/origin.ts';
import type { Logger } from '../logger.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { rateLimitKey } from '../http/client-ip.ts';
import { inFlightBytes } from '../http/in-flight-bytes.ts';
import { answerFor, queued, type Answer } from './answers.ts';
import { answerRepeat, idempotencyKeyOf, rememberAnswer } from './idempotency.ts';
import { newReference } from './reference.ts';
import { checkSubmission } from './check-submission.ts';
import { maxSubmissionBytes, readMultipartSubmission } from './read-multipart.ts';
import { SubmissionError } from './submission-error.ts';

/** The submission route, with its guards in the order a request meets them. */
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
        for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
        if ('reference' in answer.body && answer.body.reference)
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
    const key = idempotencyKeyOf(c.req.header('idempotency-key'));
    const received = await receive(c, key);
    if (received.kind === 'repeat') return answerRepeat(received.key, received.repeat, deps);

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
    if (key) await rememberAnswer(key, answer, deps, log);
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
    const receivedAt = deps.now();
    const checked = checkSubmission(received, config, receivedAt);
    const idempotency = key ? { key, fingerprint: checked.fingerprint } : undefined;
    const repeat = idempotency && (await deps.store.findRepeat(idempotency));
    if (repeat) return { kind: 'repeat', key: idempotency.key, repeat } as const;
    const verdict = await checkForBots(checked.part, deps.clientIp(c), deps.bots);
    // A caught bot's files are not kept: their names and sizes are enough to review it.
    const note = verdict.human ? undefined : `${verdict.reason}${describeFiles(checked.files)}`;
    const outcome = await deps.store.accept({
      reference: newReference(),
      upstream: checked.upstream,
      files: verdict.human ? checked.files : [],
      receivedAt,
      state: verdict.human ? 'queued' : 'spam',
      ...(note ? { note } : {}),
      ...(idempotency ? { idempotency } : {}),
    });
    if (outcome.kind !== 'stored')
      return { kind: 'repeat', key: idempotency?.key ?? '', repeat: outcome } as const;
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
