/**
 * Prometheus metrics (prom-client, on a registry of the proxy's own): what came in, what went
 * out and how long it took, what the platform answered, and the outbox by state, read from the
 * store when scraped. Served at `GET /metrics` behind `ADMIN_TOKEN` (see `health-routes.ts`).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OperatorView } from '../outbox/store.ts';

/** The proxy's metrics. */
export interface Metrics {
  registry: Registry;
  /** A submission stored (state: queued or spam). */
  accepted: Counter<'state'>;
  /** A delivery attempt ended (state: delivered, partial, queued, dead; failure: its kind). */
  attempts: Counter<'state' | 'failure'>;
  /** The platform's answers by endpoint and status (0: no answer). */
  upstream: Counter<'endpoint' | 'status'>;
  /** From arrival to delivery. */
  latency: Histogram;
}

/**
 * @example const metrics = createMetrics(store); metrics.accepted.inc({ state: 'queued' });
 */
export function createMetrics(store: Pick<OperatorView, 'counts'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Registered on creation; read by prom-client at each scrape.
  new Gauge({
    name: 'enquiry_outbox_submissions',
    help: 'Submissions in the outbox, by state.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await store.counts();
      for (const state of ['queued', 'delivered', 'partial', 'dead', 'spam'] as const)
        this.set({ state }, counts[state]);
    },
  });
  return {
    registry,
    accepted: new Counter({
      name: 'enquiry_accepted_total',
      help: 'Submissions stored by the proxy, by state (queued for delivery, or spam).',
      labelNames: ['state'],
      registers: [registry],
    }),
    attempts: new Counter({
      name: 'enquiry_delivery_attempts_total',
      help: 'Delivery attempts, by the state they left the submission in and the kind of failure.',
      labelNames: ['state', 'failure'],
      registers: [registry],
    }),
    upstream: new Counter({
      name: 'enquiry_upstream_responses_total',
      help: 'Answers of the enquiry API, by endpoint and HTTP status (0: no answer).',
      labelNames: ['endpoint', 'status'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'enquiry_delivery_latency_seconds',
      help: 'From arrival to delivery.',
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600, 86_400],
      registers: [registry],
    }),
  };
}
