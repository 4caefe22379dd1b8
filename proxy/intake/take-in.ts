/**
 * The intake's taking in of one enquiry: its body read as it arrives, checked, its files looked
 * at, its key and its bot checks weighed, and stored (write-ahead) with its aftercare, or
 * refused (`Refusal`) before anything is stored. What it gives the route to answer: a stored
 * submission, or the repeat of a key seen before.
 */
import type { Context } from 'hono';
import { checkForBots, type BotCheckOptions } from '../http/bots/bot-check.ts';
import type { HealthSignals } from '../http/health-routes.ts';
import type { Metrics } from '../http/metrics.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { Converter } from '../convert/conversion.ts';
import type { Deliverer } from '../delivery/deliverer.ts';
import type { Logger } from '../logger.ts';
import type { IntakeStore } from '../outbox/store.ts';
import type { UploadStore } from '../outbox/upload-store.ts';
import { rateLimitKey } from '../http/client-ip.ts';
import { Refusal } from '../http/refusal.ts';
import type { FunnelAdmission } from '../funnel/admission.ts';
import { countAccepted } from '../funnel/server-tallies.ts';
import type { Limiter } from '../limiter/token-buckets.ts';
import type { NewSubmission } from '../outbox/submission.ts';
import { aftercareFor, type AftercareDeps } from './aftercare.ts';
import type { IntakeVariables } from './answer-refusal.ts';
import { checkSubmission, type CheckedSubmission, type IntakeFile } from './check-submission.ts';
import type { FormLanguageDeps } from '../http/form-language.ts';
import { tempSpool, type FileSpool } from './file-spool.ts';
import { inspectFiles } from './inspect-files.ts';
import type { PlainFields } from './page/plain-fields.ts';
import {
  readMultipartSubmission,
  type ReadSoFar,
  type ReceivedSubmission,
} from './read-multipart.ts';
import { newReference } from './reference.ts';
import type { GuardedUpload } from './upload-guard.ts';
import { takeUploads } from './uploads/take-uploads.ts';

/** The context of a request to the intake, as its guards leave it. */
type IntakeContext = Context<{
  Variables: IntakeVariables & { upload: GuardedUpload; requestId: string };
}>;

/** What taking an enquiry in reads: the law, the checks, the outbox and its room. */
export interface TakeInDeps extends FormLanguageDeps {
  config: FormConfig;
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
  /** Leases a person's enquiry, as it is stored, to this process's delivery. */
  deliverer: Pick<Deliverer, 'leaseForNew'>;
  bots: BotCheckOptions;
  /** Receipts, and whether confirmation emails can be sent; without it, neither. */
  aftercare?: AftercareDeps | undefined;
  /** People per minute everybody together, and caught bots per minute per address. */
  limits: { global: Limiter; bots: Limiter };
  /** Where a full disk is noted for the health check. */
  health: HealthSignals;
  metrics?: Metrics | undefined;
  log: Logger;
  /** The visitor's IP address (from the socket, or a trusted proxy's X-Forwarded-For). */
  clientIp: (c: Context) => string;
  now: () => number;
}

/**
 * `receive(c, key)`: reads, checks and stores the submission `c` brings, with its
 * `Idempotency-Key` if any; `funnel` counts what is accepted.
 */
export function takeIn(deps: TakeInDeps, funnel: FunnelAdmission) {
  const { config, limits } = deps;
  const spool = deps.spool ?? tempSpool();
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));

  /**
   * Reads, checks and stores a submission. The files arrive in the spool; storing moves them into
   * the outbox, and whatever is still in the spool when this ends (a refusal, a repeat, a caught
   * bot's files) is removed.
   */
  async function receive(c: IntakeContext, key: string | undefined) {
    const soFar: ReadSoFar = { fields: new Map() };
    const received = await readMultipartSubmission(c.req.raw, config.files, spool, soFar).catch(
      (error: unknown) => {
        // Refused as it arrived (a file over the limit): a plain post keeps the fields before
        // it, an enquiry part read before it names the answer's language.
        if (soFar.enquiryText !== undefined) noteLanguage(c, soFar.enquiryText);
        else if (soFar.fields.size > 0) notePlainFields(c, soFar.fields);
        throw isStorageFull(error) ? storageFull(error) : error;
      },
    );
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
    c: IntakeContext,
    key: string | undefined,
    received: ReceivedSubmission,
  ) {
    if (received.plain) notePlainFields(c, received.plain, true);
    else noteLanguage(c, received.enquiryText);
    const receivedAt = deps.now();
    const checked = checkSubmission(received, config, receivedAt, deps.translations);
    const files = deps.converter
      ? await inspectFiles(checked.files, deps.converter, deps.log, {
          lang: checked.visitor.lang ?? 'en',
          words: checked.visitor.words,
        })
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
    c: IntakeContext,
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
        visitor: checked.visitor,
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
      throw Refusal.field('form_token', 'already_used', 'form_token.already_used');
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

  /** Takes a token from `limiter`, or refuses the submission with `429`. */
  async function take(limiter: Limiter, key: string): Promise<void> {
    const verdict = await limiter.take(key);
    if (!verdict.allowed) throw Refusal.rateLimited(limiter.name, verdict.waitMs);
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
  function storageFull(error: unknown): Refusal {
    deps.health.storageFullAt = deps.now();
    deps.log.error({ err: error }, 'the outbox is full: new enquiries are refused with 503');
    return Refusal.storageFull();
  }

  return receive;
}

/** A write refused for want of space: the disk or quota is full. */
const isStorageFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'].includes((error as { code?: string }).code ?? '');

const describeFiles = (files: readonly { name: string; size: number }[]) =>
  files.length === 0
    ? ''
    : `; ${files.length} file(s) not kept: ${files.map((f) => `${f.name} (${f.size} bytes)`).join(', ')}`;

/**
 * The language an enquiry part names, for its answer's words: read before the part is checked,
 * so a refusal of the part itself is said in it too. Anything but a short string is ignored.
 */
function noteLanguage(c: IntakeContext, enquiryText: string): void {
  let lang: unknown;
  try {
    lang = (JSON.parse(enquiryText) as { lang?: unknown } | null)?.lang;
  } catch {
    return;
  }
  const enquiry = c.get('enquiry');
  c.set('enquiry', {
    page: enquiry?.page ?? false,
    ...enquiry,
    read: true,
    ...(typeof lang === 'string' && lang.length <= 35 ? { lang } : {}),
  });
}

/** A plain post's named fields, as far as they were read (all of them: `read`), for its answer. */
function notePlainFields(c: IntakeContext, fields: PlainFields, read = false): void {
  const enquiry = c.get('enquiry');
  c.set('enquiry', { page: enquiry?.page ?? false, fields, read });
}
