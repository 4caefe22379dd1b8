/**
 * `POST /api/enquiries`: read, check, store (write-ahead), then deliver while the visitor
 * waits up to a deadline. Every refusal happens before anything is stored or sent upstream.
 */
import { Hono, type Context } from 'hono';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { Converter } from '../convert/conversion.ts';
import type { Deliverer } from '../delivery/deliverer.ts';
import { checkForBots, type BotCheckOptions } from '../http/bots/bot-check.ts';
import type { HealthSignals } from '../http/health-routes.ts';
import type { Metrics } from '../http/metrics.ts';
import type { IntakeStore } from '../outbox/store.ts';
import type { UploadStore } from '../outbox/upload-store.ts';
import { takeUploads } from './uploads/take-uploads.ts';
import type { FunnelAdmission } from '../funnel/admission.ts';
import { rateLimitKey } from '../http/client-ip.ts';
import { requireAllowedOrigin, submissionCors, type OriginOptions } from '../http/origin.ts';
import type { Limiter } from '../limiter/token-buckets.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { uploadGuard, type ByteBudget, type GuardedUpload } from './upload-guard.ts';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import { isPlatformKind } from '../contract/limits.ts';
import { countAccepted } from '../funnel/server-tallies.ts';
import type { NewSubmission, Submission } from '../outbox/submission.ts';
import { aftercareFor, type AftercareDeps } from './aftercare.ts';
import { answerFor, queued, withReceipt, type Answer } from './answers.ts';
import { checkSubmission, type CheckedSubmission, type IntakeFile } from './check-submission.ts';
import { inspectFiles } from './inspect-files.ts';
import { answerRepeat, idempotencyKeyOf, rememberAnswer } from './idempotency.ts';
import { tempSpool, type FileSpool } from './file-spool.ts';
import {
  maxSubmissionBytes,
  readMultipartSubmission,
  type ReceivedSubmission,
} from './read-multipart.ts';
import { newReference } from './reference.ts';
import { SubmissionError } from '../http/submission-error.ts';
import type { PlainFields } from './page/plain-fields.ts';
import type { SentPasses } from './page/sent-pass.ts';
import {
  isNavigation,
  pagesForBrowsers,
  plainIdempotencyKey,
  plainRefused,
  plainTaken,
} from './page/plain-answers.ts';

/** What the route's middleware leaves on the context. */
type RouteEnv = {
  Variables: { upload: GuardedUpload; requestId: string; plainFields?: PlainFields };
};

/** How much the submission route takes, from whom, and how fast. */
export interface SubmissionLimits {
  /** Submissions per minute from one client address. */
  perClient: Limiter;
  /** Submissions by people per minute, everybody together (caught bots never count). */
  global: Limiter;
  /** Submissions the bot checks caught, per minute from one client address. */
  bots: Limiter;
  /** Bytes received and not yet stored, all submissions together. */
  uploadBytes: ByteBudget;
  /** Submissions one client address may be sending at once. */
  uploadsPerClient: number;
  /** A body that sends nothing for this long is ended. */
  bodyIdleMs: number;
  /** Uploads (`/api/uploads`) made per minute from one client address; `perClient` without it. */
  uploadCreations?: Limiter | undefined;
}

/** What the enquiry route reads: intake, limits, checks and delivery while the visitor waits. */
export interface EnquiryRouteDeps {
  config: FormConfig;
  /** Pages that may submit (`ALLOWED_ORIGINS`). */
  allowedOrigins: readonly string[];
  /** `PUBLIC_URL`: the proxy's own pages (the form without JavaScript) submit from it. */
  publicUrl?: string | undefined;
  /** Signs the confirmation page's pass, for the form without JavaScript. */
  sentPasses: SentPasses;
  /** Told the `Origin` of each refused request (`http/origin-refusals.ts`). */
  onOriginRefused?: OriginOptions['onOriginRefused'];
  /** Intake, and the repeat of an idempotency key. */
  store: IntakeStore;
  /** Files sent ahead (`/api/uploads`), which an enquiry names; without it, none are taken. */
  uploads?: UploadStore | undefined;
  /** Where file parts are written as they arrive; the system's temporary directory by default. */
  spool?: FileSpool | undefined;
  /**
   * Looks at each file to convert on arrival (bombs, unreadable headers); with it, the
   * platform's own kinds are checked too (pixel budget, decoding, a PDF's active content).
   * Without it (tests of other things), files are taken by their first bytes alone.
   */
  converter?: Pick<Converter, 'inspect' | 'warnings'> | undefined;
  deliverer: Pick<Deliverer, 'deliverNow' | 'leaseForNew'>;
  /** How long a visitor waits for delivery before being told "queued". */
  deliveryDeadlineMs: number;
  bots: BotCheckOptions;
  /** Receipts, and whether confirmation emails can be sent; without it, neither. */
  aftercare?: AftercareDeps | undefined;
  limits: SubmissionLimits;
  /** Where a full disk is noted for the health check. */
  health: HealthSignals;
  metrics?: Metrics | undefined;
  log: Logger;
  /** The visitor's IP address (from the socket, or a trusted proxy's X-Forwarded-For). */
  clientIp: (c: Context) => string;
  now: () => number;
}

/**
 * The submission route, with its guards in the order a request meets them; `funnel` counts
 * what it accepts.
 */
export function enquiryRoute(deps: EnquiryRouteDeps, funnel: FunnelAdmission): Hono<RouteEnv> {
  const app = new Hono<RouteEnv>();
  const { config, limits } = deps;
  const spool = deps.spool ?? tempSpool();
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));
  const tooLarge = SubmissionError.tooLarge(
    'The enquiry and its files are larger than this form accepts.',
  );

  app.use('/api/enquiries', submissionCors(deps));
  app.post(
    '/api/enquiries',
    pagesForBrowsers,
    requireAllowedOrigin(deps),
    rateLimit({ limiters: [limits.perClient], clientKey }),
    uploadGuard({
      maxBytes: maxSubmissionBytes(config.files),
      tooLarge,
      // The form without JavaScript is read to the limit: its fields draw it again (413 page).
      refuseByLength: (c) => !isNavigation(c),
      budget: limits.uploadBytes,
      perClient: limits.uploadsPerClient,
      idleMs: limits.bodyIdleMs,
      clientKey,
    }),
    async (c) => {
      const log = deps.log.child({ requestId: c.get('requestId') });
      try {
        const answer = await submit(c, log);
        for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
        const reference = 'reference' in answer.body ? answer.body.reference : undefined;
        if (reference) c.header('X-Enquiry-Reference', reference);
        // The form without JavaScript: a browser is shown a page, not JSON. A second press
        // while the first is still being sent (409) cannot wait and retry as a script does:
        // its enquiry is stored, so it is shown as received.
        const receipt = 'receipt' in answer.body ? answer.body.receipt : undefined;
        if (c.get('plainFields') && reference && (answer.status < 300 || answer.status === 409))
          return plainTaken(c, deps, {
            reference,
            status: answer.status === 201 ? 'delivered' : 'queued',
            ...(receipt ? { receipt } : {}),
          });
        return c.json(answer.body, answer.status);
      } catch (error) {
        if (!(error instanceof SubmissionError)) throw error;
        if (c.req.raw.signal.aborted) {
          log.info('the client went away before the enquiry had arrived');
        } else {
          log.info(
            { status: error.status, error: error.body.error, issues: issueFields(error) },
            'submission refused',
          );
        }
        for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
        // The form without JavaScript is drawn again for every refusal: never a dead end.
        const plain = c.get('plainFields');
        if (plain) return plainRefused(c, deps, plain, error);
        return c.json(error.body, error.status);
      }
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
    // Caught bots get one too: their answer must look like a person's.
    if (received.receipt) answer = withReceipt(answer, received.receipt);
    if (key) await rememberAnswer(key, answer, deps, log);
    return answer;
  }

  /**
   * Reads, checks and stores a submission. The files arrive in the spool; storing moves them into
   * the outbox, and whatever is still in the spool when this ends (a refusal, a repeat, a caught
   * bot's files) is removed.
   */
  async function receive(c: Context<RouteEnv>, key: string | undefined) {
    const plainSoFar = new Map<string, string[]>();
    const received = await readMultipartSubmission(
      c.req.raw,
      config.files,
      spool,
      plainSoFar,
    ).catch((error: unknown) => {
      // A plain post refused as it arrived (a file over the limit) keeps the fields before it.
      if (plainSoFar.size > 0) c.set('plainFields', plainSoFar);
      throw isStorageFull(error) ? storageFull(error) : error;
    });
    try {
      return await checkAndStore(c, key, received);
    } finally {
      // Stored files were moved into the outbox; whatever is left was not stored.
      await spool.discard(received.files.map((file) => file.content));
    }
  }

  /**
   * Checks and stores what `receive` read. A key seen before is answered before the bot checks,
   * so a retry never spends a Turnstile token twice.
   */
  async function checkAndStore(
    c: Context<RouteEnv>,
    key: string | undefined,
    received: ReceivedSubmission,
  ) {
    if (received.plain) c.set('plainFields', received.plain);
    const receivedAt = deps.now();
    const checked = checkSubmission(received, config, receivedAt);
    const files = deps.converter
      ? await inspectFiles(checked.files, deps.converter, deps.log)
      : checked.files;
    const idempotency = key ? { key, fingerprint: checked.fingerprint } : undefined;
    const repeat = idempotency && (await deps.store.findRepeat(idempotency));
    if (repeat) return { kind: 'repeat', key: idempotency.key, repeat } as const;
    // Files sent ahead are this enquiry's from here, and given back unless it is stored.
    const uploads = await takeUploads(checked.part, files, {
      store: deps.uploads,
      config,
      now: receivedAt,
    });
    const stored = await judgeAndStore(c, checked, uploads.files, idempotency, {
      plain: received.plain !== undefined,
      receivedAt,
    }).catch(async (error: unknown) => {
      await uploads.release();
      throw error;
    });
    await (stored.kind === 'stored' ? uploads.drop() : uploads.release());
    return stored;
  }

  /** The bot checks, then the enquiry stored with `files` (a caught bot's without them). */
  async function judgeAndStore(
    c: Context<RouteEnv>,
    checked: CheckedSubmission,
    files: readonly IntakeFile[],
    idempotency: { key: string; fingerprint: string } | undefined,
    received: { plain: boolean; receivedAt: number },
  ) {
    const { receivedAt } = received;
    const verdict = await checkForBots(checked.part, deps.clientIp(c), deps.bots);
    // People count against the global allowance; caught bots only against their own address's.
    await take(verdict.human ? limits.global : limits.bots, verdict.human ? '' : clientKey(c));
    // A caught bot's files are not kept: their names and sizes are enough to review it.
    const note = verdict.human ? undefined : `${verdict.reason}${describeFiles(checked.files)}`;
    // A person's enquiry is stored held for this process's delivery, which starts at once.
    const lease = verdict.human ? deps.deliverer.leaseForNew() : undefined;
    const reference = newReference();
    const kept = verdict.human ? files : [];
    const aftercare =
      deps.aftercare &&
      aftercareFor(config, deps.aftercare, {
        reference,
        receivedAt,
        upstream: checked.upstream,
        files: kept,
        part: checked.part,
        human: verdict.human,
        ...(verdict.human ? {} : { caughtAs: verdict.reason }),
        client: clientKey(c),
      });
    const outcome = await store({
      reference,
      upstream: checked.upstream,
      files: kept,
      receivedAt,
      state: verdict.human ? 'queued' : 'spam',
      ...(note ? { note } : {}),
      ...(idempotency ? { idempotency } : {}),
      ...(verdict.human ? { formToken: verdict.formToken } : {}),
      ...(lease ? { lease } : {}),
      ...(aftercare ? { aftercare } : {}),
    });
    c.get('upload').release();
    if (outcome.kind === 'token_spent')
      throw SubmissionError.field('form_token', 'already_used', 'form_token.already_used');
    if (outcome.kind !== 'stored')
      return { kind: 'repeat', key: idempotency?.key ?? '', repeat: outcome } as const;
    if (outcome.confirmation === 'over_limit')
      deps.log.info({ reference }, 'no confirmation email: the address or client had its share');
    if (verdict.human)
      await countAccepted(funnel, config, {
        part: checked.part,
        submissionId: outcome.submission.id,
        at: receivedAt,
        plain: received.plain,
        gpc: c.req.header('sec-gpc') === '1',
        client: clientKey(c),
      }).catch((error: unknown) => {
        // The funnel is a count, the enquiry a lead: a failed count never refuses a lead.
        deps.log.warn({ err: error }, 'the funnel could not count an accepted enquiry');
      });
    return {
      receipt: aftercare?.receipt.code,
      kind: 'stored',
      submission: outcome.submission,
      lease: outcome.lease,
      human: verdict.human,
      reason: note,
    } as const;
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

  /** Takes a token from `limiter`, or refuses the submission with `429`. */
  async function take(limiter: Limiter, key: string): Promise<void> {
    const verdict = await limiter.take(key);
    if (verdict.allowed) return;
    const seconds = Math.max(1, Math.ceil(verdict.waitMs / 1000));
    throw new SubmissionError(
      429,
      {
        error: 'rate_limited',
        message: `Too many enquiries have been sent. Try again in ${seconds} seconds.`,
      },
      { 'Retry-After': String(seconds), RateLimit: `"${limiter.name}";r=0;t=${seconds}` },
    );
  }

  /** Stores, or answers `503` when the outbox has no room: never a 500, never a false 201. */
  async function store(submission: NewSubmission) {
    try {
      const outcome = await deps.store.accept(submission);
      deps.health.storageFullAt = undefined;
      if (outcome.kind === 'stored') deps.metrics?.accepted.inc({ state: submission.state });
      return outcome;
    } catch (error) {
      throw isStorageFull(error) ? storageFull(error) : error;
    }
  }

  /** The disk is full: `503` for the visitor, and the health check fails until a write succeeds. */
  function storageFull(error: unknown): SubmissionError {
    deps.health.storageFullAt = deps.now();
    deps.log.error({ err: error }, 'the outbox is full: new enquiries are refused with 503');
    return new SubmissionError(
      503,
      {
        error: 'storage_full',
        message:
          'We cannot take enquiries for a moment. Try again in a minute: nothing you typed is lost.',
      },
      { 'Retry-After': '60' },
    );
  }

  return app;
}

/** A write refused for want of space: the disk or quota is full. */
const isStorageFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'].includes((error as { code?: string }).code ?? '');

const describeFiles = (files: readonly { name: string; size: number }[]) =>
  files.length === 0
    ? ''
    : `; ${files.length} file(s) not kept: ${files.map((f) => `${f.name} (${f.size} bytes)`).join(', ')}`;

const issueFields = (error: SubmissionError) =>
  'issues' in error.body
    ? error.body.issues?.map((issue) => `${issue.field}:${issue.code}`)
    : undefined;
