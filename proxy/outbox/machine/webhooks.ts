/**
 * Webhook deliveries, written once for both databases: queued once per endpoint, event and
 * submission; claimed with a lease and a fencing token (on PostgreSQL skipping rows another
 * instance is taking), so two instances never send the same try; finished only by the claim
 * that holds them.
 */
import type { Submission } from '../submission.ts';
import {
  isUnfinishedEvent,
  type ClaimedWebhook,
  type NewWebhookDelivery,
  type SubmissionEvent,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookFilter,
  type WebhookLease,
  type WebhookOutcome,
  type WebhookRetryOutcome,
} from '../webhook.ts';
import { all, one, rowCount, run, type Dialect, type Plan } from './plan.ts';
import { reads } from './reads.ts';

/** A row of `webhook_deliveries`. */
export interface WebhookRow {
  id: number;
  message_id: string;
  endpoint: string;
  event: WebhookEvent;
  reference: string;
  /** '' once delivered. */
  body: string;
  body_sha256: string;
  created_at: number;
  state: WebhookDelivery['state'];
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  delivered_at: number | null;
  dead_at: number | null;
  lease_token: number;
}

/** A row as the delivery it describes. */
export const toDelivery = (row: WebhookRow): WebhookDelivery => ({
  id: row.id,
  messageId: row.message_id,
  endpoint: row.endpoint,
  event: row.event,
  reference: row.reference,
  body: row.state === 'delivered' ? null : row.body,
  bodySha256: row.body_sha256,
  at: row.created_at,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastStatus: row.last_status,
  lastError: row.last_error,
  deliveredAt: row.delivered_at,
  deadAt: row.dead_at,
});

/**
 * Deletes the webhook messages about `reference` (a submission's, or an unfinished record's id):
 * every one, or with `unsentAt` only those the endpoint never received that no try holds at
 * that time (pending, or given up: a body kept for an operator's retry copies what was erased).
 */
export const forgetWebhooksAbout = (reference: string, unsentAt?: number) =>
  run(
    `DELETE FROM webhook_deliveries WHERE reference = @reference ${
      unsentAt === undefined
        ? ''
        : "AND state <> 'delivered' AND (lease_until IS NULL OR lease_until <= @now)"
    }`,
    { reference, ...(unsentAt === undefined ? {} : { now: unsentAt }) },
  );

/** A row's columns (SQLite's `RETURNING` takes no `table.*`; the claim's CTE names only `due_id`). */
const COLUMNS = `id, message_id, endpoint, event, reference, body, body_sha256, created_at, state,
  attempts, next_attempt_at, last_status, last_error, delivered_at, dead_at, lease_token`;

/** Which submissions each event is about, and since when (`@since`). */
const EVENT_OF: Record<SubmissionEvent, string> = {
  'enquiry.received': `state <> 'spam' AND received_at >= @since`,
  'enquiry.delivered': `state IN ('delivered', 'partial') AND delivered_at >= @since`,
  'enquiry.failed': `state = 'dead' AND dead_at >= @since`,
  // Driven by the few calls marked since: the bookings' rows, not every submission's.
  'call.attended': `reference IN (SELECT reference FROM bookings
    WHERE outcome = 'attended' AND marked_at >= @since)`,
  'call.no_show': `reference IN (SELECT reference FROM bookings
    WHERE outcome = 'no_show' AND marked_at >= @since)`,
};

/** Free to claim: pending, and nobody holds it (or its holder's lease ran out). */
const CLAIMABLE = `state = 'pending' AND (lease_until IS NULL OR lease_until <= @now)`;

/** The webhook statements, in `d`'s spelling. */
export function webhooks(d: Dialect) {
  const { submissionsWhere } = reads(d);
  return {
    /**
     * Queues deliveries (one already queued for its endpoint, event and submission is skipped).
     * Only while the submission is still held: a message is written from a submission read a
     * moment before (its files' bytes too), and one erased meanwhile must not come back as a
     * message carrying the enquiry. The submission's row is locked against deletion: a queue that
     * meets an erasure under way waits for it and finds the submission gone, and an erasure that
     * meets a queue under way waits to delete the submission, then deletes the message with it.
     *
     * A message about an unfinished record is queued only while the record is as the event says
     * (`enquiry.unfinished`: still kept). Its end is an update of its row, not a delete, so the row
     * is locked against any change: an untick under way makes the queue wait and find it ended;
     * an untick meeting a queue under way waits, then forgets the message as it ends the record.
     */
    *queueWebhooks(rows: readonly NewWebhookDelivery[]): Plan<number> {
      let queued = 0;
      for (const row of rows)
        queued += yield* run(
          `INSERT INTO webhook_deliveries
             (message_id, endpoint, event, reference, body, body_sha256, created_at, next_attempt_at)
           SELECT @messageId, @endpoint, @event, @reference, @body, ${d.sha256Hex('@body')}, @at, @at
           WHERE EXISTS (${
             isUnfinishedEvent(row.event)
               ? `SELECT 1 FROM unfinished WHERE id = @reference AND state = '${
                   row.event === 'enquiry.unfinished' ? 'kept' : 'finished'
                 }' ${d.forUpdate}`
               : `SELECT 1 FROM submissions WHERE reference = @reference ${d.forKeyShare}`
           })
           ON CONFLICT (endpoint, event, reference) DO NOTHING`,
          { ...row },
        );
      return queued;
    },
    /**
     * Submissions `event` is about (since `since`) with no delivery to `endpoint` queued yet,
     * oldest first: what a crash or a restart left unqueued is found again. With `teams`, only
     * those routed to one of them.
     */
    awaitingWebhook: (
      endpoint: string,
      event: SubmissionEvent,
      since: number,
      limit: number,
      teams?: readonly string[],
    ): Plan<Submission[]> =>
      submissionsWhere(
        [
          EVENT_OF[event],
          ...(teams ? [d.inList('routed_to', '@teams')] : []),
          `NOT EXISTS (SELECT 1 FROM webhook_deliveries w WHERE w.endpoint = @endpoint
             AND w.event = @event AND w.reference = submissions.reference)`,
        ],
        { endpoint, event, since, limit, ...(teams ? { teams } : {}) },
        'ORDER BY id LIMIT @limit',
      ),
    /** Takes up to `limit` of `endpoint`'s due deliveries for one try each, oldest first. */
    *claimWebhooks(
      endpoint: string,
      owner: string,
      leaseMs: number,
      now: number,
      limit: number,
    ): Plan<ClaimedWebhook[]> {
      const rows = yield* all<WebhookRow>(
        `WITH due AS (
           SELECT id AS due_id FROM webhook_deliveries
           WHERE endpoint = @endpoint AND ${CLAIMABLE} AND next_attempt_at <= @now
           ORDER BY next_attempt_at, id LIMIT ${rowCount(limit)} ${d.skipLocked})
         UPDATE webhook_deliveries
         SET lease_owner = @owner, lease_until = @until, lease_token = lease_token + 1
         FROM due WHERE webhook_deliveries.id = due.due_id
         RETURNING ${COLUMNS}`,
        { endpoint, owner, until: now + leaseMs, now },
      );
      return rows
        .sort((a, b) => a.next_attempt_at - b.next_attempt_at || a.id - b.id)
        .map((row) => ({
          delivery: { ...toDelivery(row), body: row.body },
          lease: { id: row.id, token: row.lease_token },
        }));
    },
    /**
     * Records how a try ended; false when a newer claim holds the delivery (nothing written).
     * Delivered, its body is dropped: the endpoint has it, and it copies the enquiry (with
     * `includeFiles`, the files that delivery deleted); its id, hash and outcome stay.
     */
    *finishWebhook(lease: WebhookLease, outcome: WebhookOutcome): Plan<boolean> {
      const unleased = 'lease_owner = NULL, lease_until = NULL, attempts = attempts + 1';
      const set = {
        delivered: `state = 'delivered', delivered_at = @at, last_status = @status, last_error = NULL,
          body = ''`,
        retry: `next_attempt_at = @nextAt, last_status = @status, last_error = @error`,
        dead: `state = 'dead', dead_at = @at, last_status = @status, last_error = @error`,
      }[outcome.kind];
      const { kind: _kind, ...values } = outcome;
      const changed = yield* run(
        `UPDATE webhook_deliveries SET ${set}, ${unleased} WHERE id = @id AND lease_token = @token`,
        { nextAt: null, error: null, ...values, id: lease.id, token: lease.token },
      );
      return changed === 1;
    },
    /** When `endpoint`'s next pending delivery is due, or null. */
    *nextWebhookAt(endpoint: string): Plan<number | null> {
      const row = yield* one<{ at: number | null }>(
        `SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries
         WHERE endpoint = @endpoint AND state = 'pending'`,
        { endpoint },
      );
      return row?.at ?? null;
    },
    /** Deliveries, newest first. */
    *listWebhooks(filter: WebhookFilter): Plan<WebhookDelivery[]> {
      const rows = yield* all<WebhookRow>(
        `SELECT * FROM webhook_deliveries
         WHERE (CAST(@endpoint AS TEXT) IS NULL OR endpoint = @endpoint)
           AND (CAST(@state AS TEXT) IS NULL OR state = @state)
           AND (CAST(@reference AS TEXT) IS NULL OR reference = @reference)
           AND (CAST(@before AS BIGINT) IS NULL OR id < @before)
         ORDER BY id DESC LIMIT @limit`,
        {
          endpoint: filter.endpoint ?? null,
          state: filter.state ?? null,
          reference: filter.reference ?? null,
          before: filter.before ?? null,
          limit: filter.limit,
        },
      );
      return rows.map(toDelivery);
    },
    /** How many deliveries were given up, and the latest of them. */
    *deadWebhooks(): Plan<{ count: number; latest: WebhookDelivery | null }> {
      const count = yield* one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'dead'`,
      );
      const latest = yield* one<WebhookRow>(
        `SELECT * FROM webhook_deliveries WHERE state = 'dead' ORDER BY dead_at DESC, id DESC LIMIT 1`,
      );
      return { count: count?.n ?? 0, latest: latest ? toDelivery(latest) : null };
    },
    /**
     * Sends a delivery again now with a fresh schedule (same id and body); never one being sent
     * at this moment, nor a delivered one (its body is gone, and the endpoint has it).
     */
    *retryWebhook(id: number, now: number): Plan<WebhookRetryOutcome> {
      const changed = yield* run(
        `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = @now,
           dead_at = NULL, lease_owner = NULL, lease_until = NULL
         WHERE id = @id AND state <> 'delivered' AND (lease_until IS NULL OR lease_until <= @now)`,
        { id, now },
      );
      const row = yield* one<WebhookRow>('SELECT * FROM webhook_deliveries WHERE id = @id', { id });
      if (!row) return { kind: 'not_found' };
      if (row.state === 'delivered') return { kind: 'delivered' };
      return changed === 1
        ? { kind: 'requeued', delivery: toDelivery(row) }
        : { kind: 'in_flight' };
    },
  };
}
