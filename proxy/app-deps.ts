/**
 * What the proxy app is built from: every part it talks to, passed in, so that tests build it in
 * memory and `server.ts` wires it to Node, the outbox and the platform. Routes read these; none
 * of them imports the app.
 */
import type { Context } from 'hono';
import type { FormConfig } from './contract/schemas/form-config.ts';
import type { Deliverer } from './delivery/deliverer.ts';
import type { BotCheckOptions } from './http/bots/bot-check.ts';
import type { WidgetAssets } from './http/widget-assets.ts';
import type { Logger } from './logger.ts';
import type { OutboxStore } from './outbox/store.ts';

/** Everything `createApp` needs. */
export interface AppDeps {
  config: FormConfig;
  allowedOrigins: readonly string[];
  store: OutboxStore;
  deliverer: Pick<Deliverer, 'deliverNow' | 'paused'>;
  log: Logger;
  widget: WidgetAssets;
  /** How long a visitor waits for delivery before being told "queued". */
  deliveryDeadlineMs: number;
  bots: BotCheckOptions;
  turnstile?: { siteKey: string; scriptUrl: string };
  rateLimits: { perClientPerMinute: number; globalPerMinute: number };
  /** Bytes of submissions that may be in the middle of arriving at once (see `inFlightBytes`). */
  maxInFlightBytes: number;
  /** The visitor's IP address (from the socket, or a trusted proxy's X-Forwarded-For). */
  clientIp: (c: Context) => string;
  now: () => number;
}
