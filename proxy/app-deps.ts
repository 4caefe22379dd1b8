/**
 * What the proxy app is built from: every part it talks to, passed in, so that tests build it in
 * memory and `server.ts` wires it to Node, the outbox and the platform. Routes read these; none
 * of them imports the app.
 */
import type { Context } from 'hono';
import type { FormConfig } from './contract/schemas/form-config.ts';
import type { Deliverer } from './delivery/deliverer.ts';
import type { Metrics } from './http/metrics.ts';
import type { BotCheckOptions } from './http/bots/bot-check.ts';
import type { Limiter } from './http/rate-limit.ts';
import type { ByteBudget } from './http/upload-guard.ts';
import type { WidgetAssets } from './http/widget-assets.ts';
import type { Logger } from './logger.ts';
import type { FunnelCounters, IntakeStore, OperatorView } from './outbox/store.ts';
import type { Converter } from './convert/conversion.ts';
import type { FileSpool } from './submission/file-spool.ts';

/** How much the submission route takes, from whom, and how fast. */
export interface SubmissionLimits {
  /** Submissions per minute from one client address. */
  perClient: Limiter;
  /** Submissions by people per minute, everybody together (caught bots never count). */
  global: Limiter;
  /** Submissions the bot checks caught, per minute from one client address. */
  bots: Limiter;
  /** Bytes received and not yet stored, all submissions together. */
  uploadBytes: ByteBudget;
  /** Submissions one client address may be sending at once. */
  uploadsPerClient: number;
  /** A body that sends nothing for this long is ended. */
  bodyIdleMs: number;
}

/** What the proxy noticed that its health check reports. */
export interface HealthSignals {
  /** When the outbox last refused a write for want of space, if it has. */
  storageFullAt?: number;
}

/** Everything `createApp` needs. */
export interface AppDeps {
  config: FormConfig;
  allowedOrigins: readonly string[];
  /**
   * Intake for the enquiry routes; counts and dead letters for the health routes; the funnel's
   * counters for the events route, the form without JavaScript and `GET /admin/funnel`.
   */
  store: IntakeStore & Pick<OperatorView, 'counts' | 'list'> & FunnelCounters;
  /** Where file parts are written as they arrive; the system's temporary directory by default. */
  spool?: FileSpool;
  /**
   * Looks at each file to convert on arrival (bombs, unreadable headers); with it, the
   * platform's own kinds are checked too (pixel budget, decoding, a PDF's active content).
   * Without it (tests of other things), files are taken by their first bytes alone. Its
   * warnings (documents off, and why) are reasons of `/admin/status`.
   */
  converter?: Pick<Converter, 'inspect' | 'warnings'>;
  deliverer: Pick<
    Deliverer,
    'deliverNow' | 'leaseForNew' | 'paused' | 'pauseState' | 'upstreamDown'
  >;
  log: Logger;
  widget: WidgetAssets;
  /** How long a visitor waits for delivery before being told "queued". */
  deliveryDeadlineMs: number;
  bots: BotCheckOptions;
  turnstile?: { siteKey: string; scriptUrl: string };
  limits: SubmissionLimits;
  /** What the proxy has noticed about its own health (the health route reads it). */
  health: HealthSignals;
  /** Why the proxy may not take traffic now (the outbox not writable, its disk full), if so. */
  readiness: () => Promise<string | undefined>;
  /** When a waiting enquiry makes health `degraded` (`ALERT_QUEUED_AFTER_MS`). */
  alertQueuedAfterMs: number;
  /** The bearer token of `/admin/status` and `/metrics`; without it they answer 404. */
  adminToken?: string;
  metrics?: Metrics;
  /** Funnel cells with fewer views are merged into "other" (`FUNNEL_MIN_COUNT`, default 10). */
  funnelMinCount?: number;
  /** The visitor's IP address (from the socket, or a trusted proxy's X-Forwarded-For). */
  clientIp: (c: Context) => string;
  now: () => number;
}
