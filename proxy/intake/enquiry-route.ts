/**
 * `POST /api/enquiries`: read, check, store (write-ahead), then deliver while the visitor
 * waits up to a deadline. Every refusal happens before anything is stored or sent upstream, and
 * is thrown (`Refusal`) for the one place that answers refusals (`answer-refusal.ts`).
 */
import { Hono, type Context } from 'hono';
import type { Deliverer } from '../delivery/deliverer.ts';
import type { FunnelAdmission } from '../funnel/admission.ts';
import { rateLimitKey } from '../http/client-ip.ts';
import { requireAllowedOrigin, submissionCors, type OriginOptions } from '../http/origin.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { uploadGuard, type GuardedUpload, type SubmissionLimits } from './upload-guard.ts';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import { isPlatformKind } from '../contract/limits.ts';
import type { Submission } from '../outbox/submission.ts';
import { takeIn, type TakeInDeps } from './take-in.ts';
import { answerFor, queued, withReceipt, type Answer } from './answers.ts';
import { answerRepeat, idempotencyKeyOf, rememberAnswer } from './idempotency.ts';
import { maxSubmissionBytes } from './read-multipart.ts';
import { Refusal } from '../http/refusal.ts';
import type { FileLimits } from '../studio/widest-files.ts';
import type { SentPasses } from './page/sent-pass.ts';
import { isNavigation, plainIdempotencyKey, plainTaken } from './page/plain-answers.ts';
import { noteEnquiry, type IntakeVariables } from './answer-refusal.ts';
import { finishPageRecord } from './unfinished/keep-record.ts';
import type { UnfinishedKeeping } from '../outbox/store.ts';

/** What the route's middleware leaves on the context. */
type RouteEnv = {
  Variables: IntakeVariables & { upload: GuardedUpload; requestId: string };
};

/** What the enquiry route reads: its guards, taking the enquiry in, and delivery while the visitor waits. */
export interface EnquiryRouteDeps extends TakeInDeps {
  /** Pages that may submit (`ALLOWED_ORIGINS`). */
  allowedOrigins: readonly string[];
  /** `PUBLIC_URL`: the proxy's own pages (the form without JavaScript) submit from it. */
  publicUrl?: string | undefined;
  /** Signs the confirmation page's pass, for the form without JavaScript. */
  sentPasses: SentPasses;
  /** Told the `Origin` of each refused request (`http/origin-refusals.ts`). */
  onOriginRefused?: OriginOptions['onOriginRefused'];
  deliverer: Pick<Deliverer, 'deliverNow' | 'leaseForNew'>;
  /** How long a visitor waits for delivery before being told "queued". */
  deliveryDeadlineMs: number;
  limits: SubmissionLimits;
  /** Unfinished enquiries, when kept: a plain post naming a record takes it over. */
  unfinished?: { store: Pick<UnfinishedKeeping, 'finishUnfinished'> } | undefined;
}

/**
 * The guard of a post that may carry an enquiry's files (an enquiry, the page's "save for
 * later"): no such body escapes the byte budget, the count per client or the idle timeout.
 */
export function submissionBodyGuard(
  limits: SubmissionLimits,
  form: { files(c: Context): FileLimits },
  clientKey: (c: Context) => string,
) {
  return uploadGuard({
    maxBytes: (c) => maxSubmissionBytes(form.files(c)),
    tooLarge: Refusal.enquiryTooLarge(),
    // The form without JavaScript is read to the limit: its fields draw it again (413 page).
    refuseByLength: (c) => !isNavigation(c),
    budget: limits.uploadBytes,
    perClient: limits.uploadsPerClient,
    idleMs: limits.bodyIdleMs,
    clientKey,
  });
}

/**
 * The submission route, with its guards in the order a request meets them; `funnel` counts
 * what it accepts.
 */
export function enquiryRoute(deps: EnquiryRouteDeps, funnel: FunnelAdmission): Hono<RouteEnv> {
  const app = new Hono<RouteEnv>();
  const { limits } = deps;
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));
  const receive = takeIn(deps, funnel);

  app.use('/api/enquiries', submissionCors(deps));
  app.post(
    '/api/enquiries',
    noteEnquiry,
    requireAllowedOrigin(deps),
    rateLimit({ limiters: [limits.perClient], clientKey }),
    submissionBodyGuard(limits, deps.form, clientKey),
    async (c) => {
      const answer = await submit(c, deps.log.child({ requestId: c.get('requestId') }));
      for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
      const reference = 'reference' in answer.body ? answer.body.reference : undefined;
      if (reference) c.header('X-Enquiry-Reference', reference);
      // The form without JavaScript: a browser is shown a page, not JSON. A second press
      // while the first is still being sent (409) cannot wait and retry as a script does:
      // its enquiry is stored, so it is shown as received.
      const receipt = 'receipt' in answer.body ? answer.body.receipt : undefined;
      const call = 'call' in answer.body ? answer.body.call : undefined;
      const fields = c.get('enquiry')?.fields;
      if (fields && reference && (answer.status < 300 || answer.status === 409)) {
        if (deps.unfinished)
          await finishPageRecord(deps.unfinished.store, fields, reference, deps.now());
        return plainTaken(
          c,
          deps,
          {
            reference,
            status: answer.status === 201 ? 'delivered' : 'queued',
            ...(receipt ? { receipt } : {}),
            ...(call ? { call } : {}),
          },
          fields.get('lang')?.[0],
        );
      }
      // Anything else (a key used for another enquiry, the platform's refusal of a stored
      // enquiry) is answered where refusals are. The form sent again would meet it again, so
      // a browser is told what happened on a page without the form.
      if ('error' in answer.body)
        throw new Refusal(answer.status, answer.body, {}, { redraw: false });
      return c.json(answer.body, answer.status);
    },
  );

  async function submit(c: Context<RouteEnv>, log: Logger): Promise<Answer> {
    // The form without JavaScript cannot send a header: its page carries its key in the address.
    const key = idempotencyKeyOf(c.req.header('idempotency-key') ?? plainIdempotencyKey(c));
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
          await deps.deliverer.deliverNow(
            received.lease ? { submission, lease: received.lease } : submission.id,
            waitForDelivery(submission),
          ),
        );
      } else {
        // Looks like success, so the bot learns nothing; kept as spam for a person to review.
        log.warn({ reference, reason }, 'submission caught by the bot checks and kept as spam');
        answer = queued(reference);
      }
    } catch (error) {
      // Stored is safe: whatever went wrong after that, the visitor is told it is received.
      logFailure(
        log,
        error,
        { reference },
        'delivery could not start; the submission waits in the outbox',
      );
      answer = queued(reference);
    }
    // Caught bots get both too: their answer must look like a person's.
    answer = withReceipt(answer, received.receipt, received.call);
    if (key) await rememberAnswer(key, answer, deps, log);
    return answer;
  }

  /**
   * How long the visitor waits for delivery. Not at all when a file is to be converted: a photo
   * takes seconds and a document more, so the answer says "received" at once and the outbox
   * converts and delivers it after.
   */
  function waitForDelivery(submission: Submission): number {
    const converting = submission.files.some(
      (file) => file.kind !== undefined && !isPlatformKind(file.kind),
    );
    return converting ? 0 : deps.deliveryDeadlineMs;
  }

  return app;
}
