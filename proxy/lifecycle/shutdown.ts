/**
 * A shutdown that fits a container's grace period (`docker stop` waits 10 s, then kills):
 * stop taking requests at once, let requests in flight finish while there is time and then cut
 * their connections, stop deliveries (an attempt still running is given back, and resumes at
 * the next start) and notifications (one not sent stays queued for the next start), close the
 * outbox, and be done within `drainMs` however slow the platform or the mail server.
 */
import type { ServerType } from '@hono/node-server';
import type { Deliverer } from '../delivery/deliverer.ts';
import type { Logger } from '../logger.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Webhooks } from '../webhooks/webhooks.ts';

/** What is shut down, and how long it may take. */
export interface ShutdownParts {
  server: ServerType;
  deliverer: Pick<Deliverer, 'stop'>;
  /** Given the same time as deliveries; what it has not sent stays queued for the next start. */
  notifier?: Pick<Notifier, 'stop'> | undefined;
  /** The same; a webhook try cut short is sent again after its lease, under the same id. */
  webhooks?: Pick<Webhooks, 'stop'> | undefined;
  /** Hosts' calendars read and written: a write cut short is tried again after its lease. */
  calendars?: { stop(): Promise<void> } | undefined;
  /** Closes the outbox and gives back the data directory. */
  release: () => Promise<void>;
  log: Logger;
  drainMs: number;
}

/** Time kept at the end for the outbox to close and the lock to go. */
const CLOSING_MS = 500;
/** Time an aborted delivery gets to record that it stopped. */
const ABORT_MS = 1000;

const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))]);

/**
 * Shuts the proxy down; resolves within about `drainMs`.
 *
 * @example process.once('SIGTERM', () => void shutdown(parts).then(() => process.exit(0)));
 */
export async function shutdown(parts: ShutdownParts) {
  const { server, deliverer, notifier, webhooks, calendars, release, log, drainMs } = parts;
  const started = Date.now();
  const left = () => drainMs - (Date.now() - started);
  log.info({ drainMs }, 'shutting down: no new requests; finishing what is in flight');
  const requestsDone = new Promise<void>((done) =>
    server.close(() => {
      done();
    }),
  );
  // Keep-alive connections with no request in flight would otherwise hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const requests = within(requestsDone, left() - CLOSING_MS).then(() => {
    // Whatever is still uploading now is cut off: the visitor's retry will find the proxy
    // again (or its replacement) and nothing half-received was stored.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
  const deliveries = deliverer.stop(Math.max(0, left() - CLOSING_MS - ABORT_MS));
  const notifications = notifier?.stop(Math.max(0, left() - CLOSING_MS));
  const webhookTries = webhooks?.stop(Math.max(0, left() - CLOSING_MS));
  const calendarWrites = calendars && within(calendars.stop(), left() - CLOSING_MS);
  await Promise.all([requests, deliveries, notifications, webhookTries, calendarWrites]);
  await release();
  log.info({ ms: Date.now() - started }, 'stopped');
}
