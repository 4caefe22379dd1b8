/**
 * Signed webhooks to the firm's other tools (`WEBHOOK_ENDPOINTS`, docs/webhooks.md): the
 * producer queues what each endpoint is owed, and each endpoint has its own worker. Started by
 * `server.ts` beside the deliverer, which tells it of each submission it takes
 * (`beforeAttempt`) so `enquiry.received` leaves with the files' bytes.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type { BookingStore, FileSource, Settings, WebhookQueue } from '../outbox/store.ts';
import type { Submission } from '../outbox/submission.ts';
import { EndpointWorker } from './endpoint-worker.ts';
import { WebhookProducer, type ProducerOptions } from './producer.ts';
import type { WebhookEndpoint } from './webhook-env.ts';

/** What the webhooks are built from. */
export interface WebhooksOptions {
  endpoints: readonly WebhookEndpoint[];
  /** The teams each endpoint is its own to, by `url` (`ProducerOptions.teamsOf`). */
  teamsOf?: ProducerOptions['teamsOf'];
  store: WebhookQueue & FileSource & Settings & Pick<BookingStore, 'bookingsOf'>;
  log: Logger;
  timeoutMs: number;
  concurrency: number;
  filesMaxBytes: number;
  /** How often the producer sweeps for what is owed, and the workers' longest sleep. */
  pollMs?: number;
  now?: () => number;
}

/** The webhooks of one proxy process. */
export class Webhooks {
  /** Names this process's leases in the outbox. */
  readonly owner = `webhooks-${String(process.pid)}-${randomBytes(4).toString('hex')}`;
  readonly producer: WebhookProducer;
  readonly workers: ReadonlyMap<string, EndpointWorker>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sweeping: Promise<void> | undefined;
  private stopped = true;
  private readonly pollMs: number;

  constructor(private readonly options: WebhooksOptions) {
    const now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 1000;
    this.producer = new WebhookProducer({ ...options, now });
    this.workers = new Map(
      options.endpoints.map((endpoint) => [
        endpoint.url,
        new EndpointWorker({ ...options, endpoint, owner: this.owner, pollMs: this.pollMs, now }),
      ]),
    );
  }

  /** Sweeps every `pollMs`, and starts each endpoint's worker. */
  start(): void {
    this.stopped = false;
    for (const worker of this.workers.values()) worker.start();
    const loop = () => {
      this.sweeping = this.sweep().finally(() => {
        if (!this.stopped) this.timer = setTimeout(loop, this.pollMs).unref();
      });
    };
    loop();
  }

  /** Queues what is owed, and wakes the workers that got something. */
  async sweep(): Promise<void> {
    try {
      this.wakeAll(await this.producer.sweep());
    } catch (error) {
      logFailure(this.options.log, error, {}, 'webhooks: cannot queue what is owed');
    }
  }

  /**
   * Queues `enquiry.received` for a submission a delivery has just taken. Never fails the
   * delivery: what is not queued now, the next sweep queues.
   */
  async beforeAttempt(submission: Submission): Promise<void> {
    try {
      this.wakeAll(await this.producer.received(submission));
    } catch (error) {
      logFailure(
        this.options.log,
        error,
        { reference: submission.reference },
        'webhooks: not queued yet',
      );
    }
  }

  /** Stops sweeping and waits up to `withinMs` for tries out; the rest go after their lease. */
  async stop(withinMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all([
      this.sweeping,
      ...[...this.workers.values()].map((worker) => worker.stop(withinMs)),
    ]);
  }

  private wakeAll(endpoints: Set<string>): void {
    for (const url of endpoints) this.workers.get(url)?.wake();
  }
}
