/**
 * What the webhooks `enquiry.unfinished` and `enquiry.finished` are about (`docs/webhooks.md`),
 * written once for both databases. A message about an unfinished record is named by the record's
 * id (its `reference`), so each endpoint gets each event once per record: `enquiry.unfinished`
 * once it is kept, `enquiry.finished` once the enquiry sent from it took it over, and only when
 * that endpoint has `enquiry.unfinished` about it (a receiver that never had the record has
 * nothing to drop).
 */
import type { FinishedUnfinished, UnfinishedRecord } from '../unfinished.ts';
import { all, type Plan } from './plan.ts';
import { toUnfinished, type UnfinishedRow } from './unfinished-reads.ts';

/** Nothing queued yet for `@endpoint` and `event` about the record. */
const notQueued = (event: string) => `NOT EXISTS (SELECT 1 FROM webhook_deliveries w
  WHERE w.endpoint = @endpoint AND w.event = '${event}' AND w.reference = unfinished.id)`;

/** The plans, alike in both databases. */
export const unfinishedWebhooks = {
  /**
   * Records kept since `since` (first kept then or later) with no `enquiry.unfinished` queued for
   * `endpoint`, first kept first: what a crash or a restart left unqueued is found again.
   */
  *keptAwaitingWebhook(endpoint: string, since: number, limit: number): Plan<UnfinishedRecord[]> {
    const rows = yield* all<UnfinishedRow>(
      `SELECT * FROM unfinished WHERE state = 'kept' AND created_at >= @since
         AND ${notQueued('enquiry.unfinished')}
       ORDER BY created_at, id LIMIT @limit`,
      { endpoint, since, limit },
    );
    return rows.map(toUnfinished);
  },
  /**
   * Records taken over by their enquiry whose `enquiry.unfinished` `endpoint` received (answered
   * 2xx), with no `enquiry.finished` queued for it yet, oldest first.
   */
  *finishedAwaitingWebhook(endpoint: string, limit: number): Plan<FinishedUnfinished[]> {
    return yield* all<FinishedUnfinished>(
      `SELECT id, reference, updated_at AS at FROM unfinished
       WHERE state = 'finished' AND reference IS NOT NULL
         AND EXISTS (SELECT 1 FROM webhook_deliveries w WHERE w.endpoint = @endpoint
           AND w.event = 'enquiry.unfinished' AND w.reference = unfinished.id
           AND w.state = 'delivered')
         AND ${notQueued('enquiry.finished')}
       ORDER BY updated_at, id LIMIT @limit`,
      { endpoint, limit },
    );
  },
};
