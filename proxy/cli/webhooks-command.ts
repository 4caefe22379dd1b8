/**
 * `npm run outbox -- webhooks`: the signed webhooks' deliveries (docs/webhooks.md), newest
 * first, and `webhooks retry <id>` to send one again now, under the same `webhook-id`.
 */
import type { WebhookDeliveries } from '../outbox/store.ts';
import {
  WEBHOOK_DELIVERY_STATES,
  type WebhookDelivery,
  type WebhookDeliveryState,
} from '../outbox/webhook.ts';
import { isoTime } from '../operator/lead-report.ts';
import type { CommandIo } from './command-io.ts';

/** How many deliveries a listing shows. */
const LIST_LIMIT = 100;

/** One delivery on one line. */
function line(delivery: WebhookDelivery): string {
  const when =
    delivery.state === 'delivered'
      ? `delivered ${isoTime(delivery.deliveredAt ?? 0)}`
      : delivery.state === 'dead'
        ? `given up ${isoTime(delivery.deadAt ?? 0)}`
        : `next try ${isoTime(delivery.nextAttemptAt)}`;
  const last =
    delivery.lastError ?? (delivery.lastStatus ? `HTTP ${String(delivery.lastStatus)}` : '');
  return [
    String(delivery.id).padStart(5),
    delivery.state.padEnd(9),
    delivery.event.padEnd(17),
    delivery.reference,
    delivery.endpoint,
    `tries ${String(delivery.attempts)}`,
    when,
    last,
  ]
    .filter(Boolean)
    .join('  ');
}

/** Runs `webhooks …`; returns the exit code. */
export async function runWebhooksCommand(
  args: readonly string[],
  store: WebhookDeliveries,
  io: CommandIo,
): Promise<number> {
  if (args[0] === 'retry') {
    const id = Number(args[1]);
    if (!Number.isInteger(id) || id <= 0) {
      io.err('Usage: npm run outbox -- webhooks retry <id> (the id webhooks lists first)');
      return 2;
    }
    const outcome = await store.retryWebhook(id, io.now());
    if (outcome.kind === 'not_found') {
      io.err(`No webhook delivery ${String(id)}.`);
      return 1;
    }
    if (outcome.kind === 'in_flight') {
      io.err(`Webhook delivery ${String(id)} is being sent right now; look again in a minute.`);
      return 1;
    }
    if (outcome.kind === 'delivered') {
      io.err(
        `Webhook delivery ${String(id)} was delivered: the endpoint has it, and the proxy keeps only its id and SHA-256, not its body.`,
      );
      return 1;
    }
    const { delivery } = outcome;
    io.out(
      `Webhook delivery ${String(id)} (${delivery.event} about ${delivery.reference}) is sent again now to ${delivery.endpoint}, with the same webhook-id and a fresh schedule.`,
    );
    return 0;
  }
  const state = args.find(
    (arg) => !arg.startsWith('--') && args[args.indexOf(arg) - 1] !== '--reference',
  );
  if (state !== undefined && !WEBHOOK_DELIVERY_STATES.includes(state as WebhookDeliveryState)) {
    io.err(
      `Unknown state "${state}": use one of ${WEBHOOK_DELIVERY_STATES.join(', ')}, or retry <id>.`,
    );
    return 2;
  }
  const at = args.indexOf('--reference');
  const reference = at >= 0 ? args[at + 1] : undefined;
  const deliveries = await store.listWebhooks({
    limit: LIST_LIMIT,
    ...(state ? { state: state as WebhookDeliveryState } : {}),
    ...(reference ? { reference } : {}),
  });
  if (args.includes('--json'))
    io.out(
      JSON.stringify(
        deliveries.map(({ body: _body, ...delivery }) => delivery),
        null,
        2,
      ),
    );
  else if (deliveries.length === 0) io.out('No webhook deliveries.');
  else for (const delivery of deliveries) io.out(line(delivery));
  return 0;
}
