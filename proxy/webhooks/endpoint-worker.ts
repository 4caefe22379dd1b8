/**
 * The sending of one endpoint's webhooks, on its own: its own loop, its own few tries at once
 * (`WEBHOOK_CONCURRENCY`), each within `WEBHOOK_TIMEOUT_MS`. A slow or failing endpoint holds
 * up only itself; never the platform's delivery, nor another endpoint.
 *
 * Each try is claimed from the outbox under a lease a little longer than the try can last, so
 * an instance that dies mid-try gives it to another (or to its own restart) once the lease runs
 * out: the receiver may then see the message twice, under the same `webhook-id`.
 */
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type { WebhookQueue } from '../outbox/store.ts';
import type { ClaimedWebhook, WebhookOutcome } from '../outbox/webhook.ts';
import { nextTryAt, retryAfterMs } from './schedule.ts';
import { sendWebhook } from './send.ts';
import type { WebhookEndpoint } from './webhook-env.ts';

/** How much longer than a try's timeout its lease lasts. */
const LEASE_GRACE_MS = 5000;

/** What one endpoint's worker needs. */
export interface EndpointWorkerOptions {
  endpoint: WebhookEndpoint;
  store: Pick<WebhookQueue, 'claimWebhooks' | 'finishWebhook' | 'nextWebhookAt'>;
  /** Names this process's leases. */
  owner: string;
  log: Logger;
  timeoutMs: number;
  concurrency: number;
  /** Longest sleep between looks at the queue (new messages also wake it). */
  pollMs: number;
  now: () => number;
}

/** The worker of one endpoint. */
export class EndpointWorker {
  private readonly running = new Set<Promise<void>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private looking: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: EndpointWorkerOptions) {}

  /** Looks at the queue now and then on its own, until stopped. */
  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks at the queue soon (new messages were queued, or a try ended). */
  wake(delayMs = 0): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.looking ??= this.look().finally(() => (this.looking = undefined));
    }, delayMs);
    this.timer.unref();
  }

  /** Stops looking; waits up to `withinMs` for the tries out (the rest go again after their lease). */
  async stop(withinMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.race([
      Promise.all([this.looking, ...this.running]),
      new Promise((resolve) => setTimeout(resolve, withinMs).unref()),
    ]);
  }

  /** Claims what is due (as many as there is room for) and starts sending it; returns how many. */
  async sendDue(): Promise<number> {
    const { store, endpoint, owner, timeoutMs, concurrency, now } = this.options;
    const room = concurrency - this.running.size;
    if (room <= 0) return 0;
    const claimed = await store.claimWebhooks(
      endpoint.url,
      owner,
      timeoutMs + LEASE_GRACE_MS,
      now(),
      room,
    );
    for (const claim of claimed) {
      const sending = this.send(claim).finally(() => {
        this.running.delete(sending);
        this.wake();
      });
      this.running.add(sending);
    }
    return claimed.length;
  }

  /** Resolves once every try started so far has ended and been recorded. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private async look(): Promise<void> {
    const { store, endpoint, pollMs, now, log } = this.options;
    try {
      await this.sendDue();
      const next = await store.nextWebhookAt(endpoint.url);
      this.wake(Math.min(pollMs, Math.max(50, (next ?? Infinity) - now())));
    } catch (error) {
      logFailure(log, error, { endpoint: endpoint.url }, 'webhooks: cannot read the queue');
      this.wake(pollMs);
    }
  }

  private async send({ delivery, lease }: ClaimedWebhook): Promise<void> {
    const { endpoint, store, log, timeoutMs, now } = this.options;
    const result = await sendWebhook({
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: delivery.messageId,
      body: delivery.body,
      at: now(),
      timeoutMs,
    });
    const at = now();
    const about = {
      endpoint: endpoint.url,
      event: delivery.event,
      reference: delivery.reference,
      webhookId: delivery.messageId,
    };
    let outcome: WebhookOutcome;
    if (result.ok) outcome = { kind: 'delivered', at, status: result.status };
    else {
      const failed = delivery.attempts + 1;
      const nextAt = nextTryAt(failed, at, retryAfterMs(result.retryAfter, at));
      const { status, error } = result;
      outcome =
        nextAt === null
          ? { kind: 'dead', at, status, error }
          : { kind: 'retry', at, nextAt, status, error };
    }
    try {
      if (!(await store.finishWebhook(lease, outcome)))
        log.warn(about, 'webhooks: another try took this message over; its outcome stands');
    } catch (error) {
      logFailure(log, error, about, 'webhooks: could not record a try');
      return;
    }
    if (outcome.kind === 'delivered') log.info(about, 'webhook delivered');
    else if (outcome.kind === 'dead')
      log.error({ ...about, error: outcome.error }, 'webhook given up after its last try');
    else
      log.warn(
        { ...about, error: outcome.error, retryAt: new Date(outcome.nextAt).toISOString() },
        'webhook failed; will retry',
      );
  }
}
