/**
 * What each endpoint is owed: one message per event it asked for and submission (or unfinished
 * record, `unfinished-messages.ts`) the event is about, queued in the outbox. A sweep finds whatever is owed and not yet queued (so a crash
 * between an event and its queueing loses nothing), and `enquiry.received` is also queued the
 * moment a delivery takes a submission, while the proxy still holds its files' bytes.
 *
 * An endpoint is owed only what happens after it was first configured (kept in the outbox's
 * settings): adding one does not replay a month of enquiries to it.
 */
import type { Routing } from '../contract/schemas/routing.ts';
import type { Logger } from '../logger.ts';
import type { BookingStore, FileSource, Settings, WebhookQueue } from '../outbox/store.ts';
import type { Submission } from '../outbox/submission.ts';
import {
  isUnfinishedEvent,
  WEBHOOK_EVENTS,
  type SubmissionEvent,
  type UnfinishedEvent,
} from '../outbox/webhook.ts';
import { webhookDelivery } from './messages.ts';
import { finishedDelivery, unfinishedDelivery } from './unfinished-messages.ts';
import type { WebhookEndpoint } from './webhook-env.ts';

/** Submissions looked at per endpoint and event in one sweep. */
const SWEEP_BATCH = 20;

/** What the producer needs. */
export interface ProducerOptions {
  endpoints: readonly WebhookEndpoint[];
  /**
   * The teams that name an endpoint as their own (a team's `webhook`, `docs/routing.md`), by
   * its `url`: it is owed their leads only. An endpoint no team names is owed every lead.
   */
  teamsOf?: ((url: string) => readonly string[] | undefined) | undefined;
  store: Pick<
    WebhookQueue,
    'queueWebhooks' | 'awaitingWebhook' | 'keptAwaitingWebhook' | 'finishedAwaitingWebhook'
  > &
    FileSource &
    Settings &
    Pick<BookingStore, 'bookingsOf'>;
  filesMaxBytes: number;
  log: Logger;
  now: () => number;
}

/**
 * The teams that name each endpoint as their own, by its `url`, from the form's `routing`.
 *
 * @example teamsNaming(config.routing)('https://hooks.example/property') // ['property']
 */
export function teamsNaming(
  routing: Routing | undefined,
): (url: string) => readonly string[] | undefined {
  const teams = new Map<string, string[]>();
  for (const [team, { webhook }] of Object.entries(routing?.teams ?? {}))
    if (webhook !== undefined) teams.set(webhook, [...(teams.get(webhook) ?? []), team]);
  return (url) => teams.get(url);
}

/** Queues the messages each endpoint is owed. */
export class WebhookProducer {
  private readonly since = new Map<string, number>();

  constructor(private readonly options: ProducerOptions) {}

  /**
   * Queues every message owed and not yet queued; returns the endpoints that got new ones.
   */
  async sweep(): Promise<Set<string>> {
    const woken = new Set<string>();
    for (const endpoint of this.options.endpoints) {
      const since = await this.sinceFor(endpoint);
      // In the order events happen, so a receiver sees received before delivered.
      for (const event of WEBHOOK_EVENTS) {
        if (!endpoint.events.includes(event)) continue;
        if (isUnfinishedEvent(event)) {
          if (await this.sweepUnfinished(endpoint, event, since)) woken.add(endpoint.url);
          continue;
        }
        for (;;) {
          const owed = await this.options.store.awaitingWebhook(
            endpoint.url,
            event,
            since,
            SWEEP_BATCH,
            this.options.teamsOf?.(endpoint.url),
          );
          if ((await this.queue(endpoint, event, owed)) > 0) woken.add(endpoint.url);
          if (owed.length < SWEEP_BATCH) break;
        }
      }
    }
    return woken;
  }

  /**
   * Queues `enquiry.received` for a submission about to be delivered, with its files' bytes for
   * the endpoints that want them (delivery deletes them); returns the endpoints that got it.
   */
  async received(submission: Submission): Promise<Set<string>> {
    const woken = new Set<string>();
    for (const endpoint of this.options.endpoints) {
      if (!endpoint.events.includes('enquiry.received')) continue;
      const teams = this.options.teamsOf?.(endpoint.url);
      if (teams && !teams.includes(submission.routing?.team ?? '')) continue;
      if (submission.receivedAt < (await this.sinceFor(endpoint))) continue;
      if ((await this.queue(endpoint, 'enquiry.received', [submission])) > 0)
        woken.add(endpoint.url);
    }
    return woken;
  }

  /**
   * Queues `event` about each unfinished record owed it; true when any was queued. An endpoint
   * a team names as its own gets none: a record is routed to a team only when its enquiry is
   * sent, and until then it is the firm's, not a team's.
   */
  private async sweepUnfinished(endpoint: WebhookEndpoint, event: UnfinishedEvent, since: number) {
    if (this.options.teamsOf?.(endpoint.url)) return false;
    const { store, now, log } = this.options;
    let queued = 0;
    for (;;) {
      const rows =
        event === 'enquiry.unfinished'
          ? (await store.keptAwaitingWebhook(endpoint.url, since, SWEEP_BATCH)).map((record) =>
              unfinishedDelivery(endpoint, record, now()),
            )
          : (await store.finishedAwaitingWebhook(endpoint.url, SWEEP_BATCH)).map((finished) =>
              finishedDelivery(endpoint, finished, now()),
            );
      if (rows.length > 0) queued += await store.queueWebhooks(rows);
      if (rows.length < SWEEP_BATCH) break;
    }
    if (queued > 0) log.info({ endpoint: endpoint.url, event, queued }, 'webhooks queued');
    return queued > 0;
  }

  private async queue(endpoint: WebhookEndpoint, event: SubmissionEvent, about: Submission[]) {
    if (about.length === 0) return 0;
    const { store, filesMaxBytes, now, log } = this.options;
    const rows = [];
    for (const submission of about) {
      // A call's event says the call as marked (a lead books one call at most).
      const marked = event.startsWith('call.')
        ? (await store.bookingsOf(submission.reference)).findLast((call) => call.outcome)
        : undefined;
      rows.push(
        await webhookDelivery(endpoint, event, submission, {
          store,
          filesMaxBytes,
          now: now(),
          call: marked,
        }),
      );
    }
    const queued = await store.queueWebhooks(rows);
    if (queued > 0) log.info({ endpoint: endpoint.url, event, queued }, 'webhooks queued');
    return queued;
  }

  /** When `endpoint` was first configured (now, the first time it is seen). */
  private async sinceFor(endpoint: WebhookEndpoint): Promise<number> {
    const known = this.since.get(endpoint.url);
    if (known !== undefined) return known;
    const name = `webhooks.since:${endpoint.url}`;
    const saved = await this.options.store.getSetting(name);
    const since = saved === null ? this.options.now() : Number(saved);
    if (saved === null) await this.options.store.setSetting(name, String(since));
    this.since.set(endpoint.url, since);
    return since;
  }
}
