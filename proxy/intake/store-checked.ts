/**
 * What becomes of an enquiry once it is read and checked: the bot checks weighed, the limits
 * taken, and the enquiry stored (write-ahead) with its aftercare: a person's with its files and
 * a lease for this process's delivery, a caught bot's as spam without them. Apart from reading
 * and checking (`take-in.ts`), as the verdict and the write change for other reasons than the
 * body's form. The outbox out of room is answered here too: a `503`, never a 500.
 */
import type { Context } from 'hono';
import { checkForBots, type BotCheckOptions } from '../http/bots/bot-check.ts';
import type { HealthSignals } from '../http/health-routes.ts';
import type { Metrics } from '../http/metrics.ts';
import type { Deliverer } from '../delivery/deliverer.ts';
import type { Logger } from '../logger.ts';
import type { IntakeStore } from '../outbox/store.ts';
import { isPublicAddress, rateLimitKey } from '../http/client-ip.ts';
import { Refusal } from '../http/refusal.ts';
import type { FunnelAdmission } from '../funnel/admission.ts';
import { acceptedCell, countPlainSend } from '../funnel/server-tallies.ts';
import type { Limiter, LimiterMaker } from '../limiter/token-buckets.ts';
import type { NewSubmission } from '../outbox/submission.ts';
import { aftercareFor, type AftercareDeps } from './aftercare.ts';
import { askedCall, notHeld, type AskedCall, type CallBookingDeps } from './call-booking.ts';
import { holdCall } from './call-limits.ts';
import type { IntakeVariables } from './answer-refusal.ts';
import type { CheckedSubmission, IntakeFile } from './check-submission.ts';
import { newReference } from './reference.ts';
import { bookedCall, visitorCall } from './visitor-call.ts';
import type { GuardedUpload } from './upload-guard.ts';
import { sessionOf } from './uploads/form-session.ts';

/** The context of a request to the intake, as its guards leave it. */
export type IntakeContext = Context<{
  Variables: IntakeVariables & { upload: GuardedUpload; requestId: string };
}>;

/** What judging and storing a checked enquiry reads. */
export interface StoreCheckedDeps extends CallBookingDeps {
  /** Intake, and the repeat of an idempotency key. */
  store: IntakeStore;
  /** Leases a person's enquiry, as it is stored, to this process's delivery. */
  deliverer: Pick<Deliverer, 'leaseForNew'>;
  bots: BotCheckOptions;
  /** Receipts, and whether confirmation emails can be sent; without it, neither. */
  aftercare?: AftercareDeps | undefined;
  /**
   * People per minute everybody together, caught bots per minute per address, and the calls
   * held per client, network, mailbox domain and hour (`call-limits.ts`: the outbox's limiters,
   * shared by every instance on PostgreSQL).
   */
  limits: { global: Limiter; bots: Limiter; calls: LimiterMaker };
  /** Where a full disk is noted for the health check. */
  health: HealthSignals;
  metrics?: Metrics | undefined;
  log: Logger;
  /** The visitor's IP address (from the socket, or a trusted proxy's X-Forwarded-For). */
  clientIp: (c: Context) => string;
  now: () => number;
}

/**
 * `judgeAndStore(c, checked, files, idempotency, received)` stores a checked enquiry, and
 * `refusalIfFull(error)` is the error as the visitor is answered it (a write refused for want of
 * space is a `503`); `funnel` counts what is accepted.
 */
export function storeChecked(deps: StoreCheckedDeps, funnel: FunnelAdmission) {
  const { limits } = deps;
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));

  /** The bot checks, then the enquiry stored with `files` (a caught bot's without them). */
  async function judgeAndStore(
    c: IntakeContext,
    checked: CheckedSubmission,
    files: readonly IntakeFile[],
    idempotency: { key: string; fingerprint: string } | undefined,
    received: { plain: boolean; receivedAt: number },
  ) {
    const { receivedAt } = received;
    const reference = newReference();
    // The time asked for is an answer like any other: refused before the bot checks spend anything.
    const call = askedCall(checked, deps, { reference, receivedAt });
    const verdict = await checkForBots(checked.part, deps.clientIp(c), deps.bots);
    // People count against the global allowance; caught bots only against their own address's.
    await take(verdict.human ? limits.global : limits.bots, verdict.human ? '' : clientKey(c));
    // A person's call is held within the booking limits; past one, the enquiry goes without it.
    const hold = call && verdict.human ? await holdWithinLimits(c, checked, call) : undefined;
    const unheld = call && hold?.held === false ? notHeld(call, checked) : undefined;
    const booked = hold?.held ? call : undefined;
    // A caught bot's files are not kept: their names and sizes are enough to review it.
    const note = verdict.human ? undefined : `${verdict.reason}${describeFiles(checked.files)}`;
    // A person's enquiry is stored held for this process's delivery, which starts at once.
    const lease = verdict.human ? deps.deliverer.leaseForNew() : undefined;
    const kept = verdict.human ? files : [];
    // The call as its visitor is told of it: by email, and by the answer's sent panel (a caught
    // bot's too, as a person's would be); a call not held is told as not held instead.
    const told =
      call && !unheld
        ? visitorCall(
            call,
            deps.publicUrl ?? new URL(c.req.url).origin,
            checked.visitor,
            reference,
            checked.firm.lang,
          )
        : undefined;
    const aftercare =
      deps.aftercare &&
      aftercareFor(checked.config, deps.aftercare, {
        reference,
        receivedAt,
        upstream: checked.upstream,
        visitor: checked.visitor,
        files: kept,
        part: checked.part,
        human: verdict.human,
        ...(verdict.human ? {} : { caughtAs: verdict.reason }),
        client: clientKey(c),
        ...(unheld ? { visitorEnquiry: unheld.enquiry, callNotHeld: unheld.message } : {}),
        call: told,
      });
    // Noted with the enquiry, in its transaction; the funnel is a count, the enquiry a lead:
    // a failed count never refuses a lead.
    const funnelCell = verdict.human
      ? await acceptedCell(funnel, checked.config, {
          part: checked.part,
          at: receivedAt,
          client: clientKey(c),
        }).catch(uncounted)
      : undefined;
    const outcome = await store({
      reference,
      upstream: unheld?.upstream ?? checked.upstream,
      files: kept,
      receivedAt,
      state: verdict.human ? 'queued' : 'spam',
      ...(note ? { note } : {}),
      ...(idempotency ? { idempotency } : {}),
      // Its form session's unfinished records are taken over with it (`docs/unfinished.md`).
      ...(verdict.human
        ? { formToken: verdict.formToken, formSession: sessionOf(verdict.formToken.token) }
        : {}),
      ...(lease ? { lease } : {}),
      ...(aftercare ? { aftercare } : {}),
      ...(funnelCell ? { funnelCell } : {}),
      // A caught bot's time is not booked: its answer looks like a person's, and takes nothing.
      ...(booked ? { booking: booked.booking } : {}),
      ...(hold?.held === false ? { callNotHeld: hold.limit } : {}),
    }).catch(async (error: unknown) => {
      if (hold?.held) await hold.release();
      throw error;
    });
    c.get('upload').release();
    // A call held but not booked (taken meanwhile, a repeat, a spent token) gives its place back.
    if (hold?.held && (outcome.kind !== 'stored' || !outcome.booking)) await hold.release();
    if (outcome.kind === 'token_spent')
      throw Refusal.field('form_token', 'already_used', 'form_token.already_used');
    // Booked or found taken, the day's times offered here are worked out again.
    if (call) deps.slots.forget(call.hosts, call.booking.start);
    if (outcome.kind === 'slot_taken') throw call?.taken() ?? new Error('no call was asked for');
    if (outcome.kind !== 'stored')
      return { kind: 'repeat', key: idempotency?.key ?? '', repeat: outcome } as const;
    if (outcome.confirmation === 'over_limit')
      deps.log.info({ reference }, 'no confirmation email: the address or client had its share');
    if (hold?.held === false)
      deps.log.info({ reference, limit: hold.limit }, 'call not held: past the booking limits');
    if (funnelCell && received.plain && c.req.header('sec-gpc') !== '1')
      await countPlainSend(funnel, checked.config, {
        part: checked.part,
        cell: funnelCell,
        client: clientKey(c),
      }).catch(uncounted);
    return {
      receipt: aftercare?.receipt.code,
      // A caught bot is answered a call too, as a person would be; its link opens nothing.
      call: unheld
        ? ({ status: 'not_held', message: unheld.message } as const)
        : call && told
          ? bookedCall(told, call.booking, outcome.confirmation === 'queued')
          : undefined,
      kind: 'stored',
      submission: outcome.submission,
      lease: outcome.lease,
      human: verdict.human,
      reason: note,
    } as const;
  }

  let privateSaid = false;
  /** Holds `call` within the form's booking limits, for the client and email asking. */
  function holdWithinLimits(c: IntakeContext, checked: CheckedSubmission, call: AskedCall) {
    const address = deps.clientIp(c);
    if (!privateSaid && !isPublicAddress(address)) {
      privateSaid = true;
      deps.log.warn(
        { address },
        'a call was asked from an address no visitor on the internet has: the booking limits per client and network do not count it (behind a reverse proxy, name it in TRUSTED_PROXIES)',
      );
    }
    return holdCall(limits.calls, checked.config.booking?.limits, call.hosts, {
      address,
      email: checked.upstream.email,
    });
  }

  /** Says a count was lost, never the lead: the funnel is a count, the enquiry a lead. */
  function uncounted(error: unknown): undefined {
    deps.log.warn({ err: error }, 'the funnel could not count an accepted enquiry');
    return undefined;
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
      throw refusalIfFull(error);
    }
  }

  /**
   * `error` as the visitor is answered it: a `503` when the disk is full, and the health check
   * fails until a write succeeds.
   */
  function refusalIfFull(error: unknown): unknown {
    if (!isStorageFull(error)) return error;
    deps.health.storageFullAt = deps.now();
    deps.log.error({ err: error }, 'the outbox is full: new enquiries are refused with 503');
    return Refusal.storageFull();
  }

  return { judgeAndStore, refusalIfFull };
}

/** A write refused for want of space: the disk or quota is full (an upload's PATCH's too). */
export const isStorageFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'].includes((error as { code?: string }).code ?? '');

const describeFiles = (files: readonly { name: string; size: number }[]) =>
  files.length === 0
    ? ''
    : `; ${files.length} file(s) not kept: ${files.map((f) => `${f.name} (${f.size} bytes)`).join(', ')}`;
