/** What the routes of unfinished enquiries read, and the limits they keep. */
import type { Context } from 'hono';
import type { BotCheckOptions } from '../../http/bots/bot-check.ts';
import type { OriginOptions } from '../../http/origin.ts';
import type { Limiter } from '../../limiter/token-buckets.ts';
import type { Logger } from '../../logger.ts';
import type { UnfinishedKeeping } from '../../outbox/store.ts';
import type { CurrentForm } from '../../studio/live-form.ts';

/** How long a row stays without the visitor's data once its box is unticked. */
export const UNTICKED_ROW_MS = 24 * 3_600_000;

/**
 * Keeps one client (the address of the connection) may send a minute: a page sends one a couple
 * of seconds after the visitor stops typing, so a person types in two forms at once within it.
 */
export const KEEPS_PER_CLIENT_PER_MINUTE = 60;

/**
 * The limiters of the routes, made by the outbox (shared by every instance on PostgreSQL): every
 * request counts against its client's, whether or not it changes a record, so that nothing a
 * client may do tells it whose records exist; and all of them together against everybody's.
 */
export interface UnfinishedLimits {
  perClient: Limiter;
  forAll: Limiter;
}

/** What `unfinishedRoutes` is built from. */
export interface UnfinishedRouteDeps extends OriginOptions {
  /** The form as it is served now: its `unfinished` block, its words, its questions. */
  form: CurrentForm;
  unfinished: UnfinishedKeeping;
  bots: Pick<BotCheckOptions, 'tokens'>;
  limits: UnfinishedLimits;
  /** Whether the mailer can send the one reminder (`SMTP_URL`, `CONFIRMATION_FROM`). */
  remindersOn: boolean;
  log: Logger;
  clientIp: (c: Context) => string;
  now: () => number;
  /**
   * False while the outbox's disk has less room than enquiries need: no record is kept then
   * (enquiries go on). Without it (PostgreSQL watches its own disk; tests), there is room.
   */
  funnelRoom?: (() => Promise<boolean>) | undefined;
}

/** What the app is given for unfinished enquiries (`AppDeps.unfinished`). */
export type UnfinishedPart = Pick<UnfinishedRouteDeps, 'limits' | 'remindersOn'> & {
  store: UnfinishedKeeping;
};
