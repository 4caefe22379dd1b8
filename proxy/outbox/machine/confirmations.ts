/**
 * Receipts and confirmation emails, written once for both databases. Both are stored in the
 * transaction that stores their submission, so an accepted enquiry always has its receipt, and
 * its confirmation is queued exactly once (the notification's key is the reference) or not at
 * all; the notifier sends it like any other email notification.
 */
import type {
  Aftercare,
  ConfirmationQuota,
  ConfirmationRequest,
  ConfirmationVerdict,
  Receipt,
} from '../receipt.ts';
import { notifications } from './notifications.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';
import { routing } from './routing.ts';

interface ReceiptRow {
  code: string;
  reference: string;
  received_at: number;
  digest: string;
  caught_as: string | null;
  released_at: number | null;
}

/** The row naming `quota`'s window at `at` (its subject and the window's number). */
const windowOf = (quota: Pick<ConfirmationQuota, 'subject' | 'windowMs'>, at: number) =>
  `${quota.subject}:${String(Math.floor(at / quota.windowMs))}`;

/**
 * What `quota` allows this email: its limit, less the share it keeps for first comers when the
 * quota it names (taken before it, this email counted) had counted one before.
 */
function* limitOf(
  quota: ConfirmationQuota,
  quotas: readonly ConfirmationQuota[],
  at: number,
): Plan<number> {
  const first = quota.keep && quotas.find((each) => each.subject === quota.keep?.firstOf);
  if (!quota.keep || !first) return quota.limit;
  return (yield* usedIn(first, at)) > 1 ? quota.limit - quota.keep.count : quota.limit;
}

/** How many emails `quota` has counted in its window at `at`. */
function* usedIn(quota: Pick<ConfirmationQuota, 'subject' | 'windowMs'>, at: number): Plan<number> {
  const row = yield* one<{ used: number }>(
    'SELECT used FROM confirmation_quota WHERE subject = @subject',
    { subject: windowOf(quota, at) },
  );
  return row?.used ?? 0;
}

/**
 * `request` with the call's host as its invitation's organizer: whom the call went to is known
 * only here, in the enquiry's transaction (`bookings.ts`), after the email was written.
 */
function withOrganizer(request: ConfirmationRequest, host: string): ConfirmationRequest {
  const payload = request.notification.payload as { invitation?: object };
  if (!payload.invitation) return request;
  const invitation = { ...payload.invitation, organizer: host };
  return {
    ...request,
    notification: { ...request.notification, payload: { ...payload, invitation } },
  };
}

/** The receipt and confirmation statements, in `d`'s spelling. */
export function confirmations(d: Dialect) {
  const queue = notifications(d);
  const routes = routing(d);

  /**
   * Queues a visitor's email when every quota allows it: the confirmation, and a saved
   * enquiry's link and codes (`drafts.ts`). Quotas are taken in order; one that refuses gives
   * back those taken before it, so a refused email never takes a place under another.
   */
  function* queueWithinQuotas(request: ConfirmationRequest): Plan<'queued' | 'over_limit'> {
    const at = request.notification.at;
    yield* run('DELETE FROM confirmation_quota WHERE until <= @at', { at });
    // Each window's count is one row taken in turn: a concurrent enquiry to the same address
    // waits on the row (PostgreSQL) or the write lock (SQLite), so none goes past the limit.
    const taken: string[] = [];
    for (const quota of request.quotas) {
      const subject = windowOf(quota, at);
      const window = Math.floor(at / quota.windowMs);
      yield* run(
        `INSERT INTO confirmation_quota (subject, used, until) VALUES (@subject, 0, @until)
         ON CONFLICT (subject) DO NOTHING`,
        { subject, until: (window + 1) * quota.windowMs },
      );
      const took = yield* run(
        'UPDATE confirmation_quota SET used = used + 1 WHERE subject = @subject AND used < @limit',
        { subject, limit: yield* limitOf(quota, request.quotas, at) },
      );
      if (took === 0) {
        for (const given of taken)
          yield* run('UPDATE confirmation_quota SET used = used - 1 WHERE subject = @subject', {
            subject: given,
          });
        return 'over_limit';
      }
      taken.push(subject);
    }
    yield* queue.queueNotifications([request.notification]);
    return 'queued';
  }
  return {
    queueWithinQuotas,
    /**
     * Keeps the receipt, queues the confirmation when every quota allows it, and keeps the
     * lead's team with the notice to it (given to the host of its call, `bookedWith`, where it
     * booked one with a round-robin team).
     */
    *recordAftercare(aftercare: Aftercare, bookedWith?: string): Plan<ConfirmationVerdict> {
      const { receipt, confirmation } = aftercare;
      yield* run(
        `INSERT INTO receipts (code, reference, received_at, digest, caught_as)
         VALUES (@code, @reference, @receivedAt, @digest, @caughtAs)`,
        { ...receipt, caughtAs: receipt.caughtAs ?? null },
      );
      const verdict = confirmation
        ? yield* queueWithinQuotas(
            bookedWith ? withOrganizer(confirmation, bookedWith) : confirmation,
          )
        : 'none';
      if (aftercare.routing)
        yield* routes.recordRouting(receipt.reference, aftercare.routing, bookedWith);
      return verdict;
    },
    /** How many confirmations `quota` has counted in its window at `at`. */
    quotaUsed: usedIn,
    /** The receipt with this code, if one was issued. */
    *findReceipt(code: string): Plan<Receipt | null> {
      const [row] = yield* all<ReceiptRow>('SELECT * FROM receipts WHERE code = @code', { code });
      return row
        ? {
            code: row.code,
            reference: row.reference,
            receivedAt: row.received_at,
            digest: row.digest,
            ...(row.caught_as === null ? {} : { caughtAs: row.caught_as }),
            ...(row.released_at === null ? {} : { releasedAt: row.released_at }),
          }
        : null;
    },
  };
}
