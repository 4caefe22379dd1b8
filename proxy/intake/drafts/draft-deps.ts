/** What the draft routes read, and the limits they keep. */
import type { Context } from 'hono';
import type { BotCheckOptions } from '../../http/bots/bot-check.ts';
import type { OriginOptions } from '../../http/origin.ts';
import type { Limiter } from '../../limiter/token-buckets.ts';
import type { Logger } from '../../logger.ts';
import type { DraftStore } from '../../outbox/draft-store.ts';
import type { UploadStore } from '../../outbox/upload-store.ts';
import type { CurrentForm } from '../../studio/live-form.ts';
import type { DraftSecrets } from './draft-secrets.ts';

/** The draft allowances' windows: tries and codes are counted over half an hour. */
export const DRAFT_WINDOW_MS = 30 * 60_000;

/** Codes one draft may be sent in `DRAFT_WINDOW_MS`, whoever asks. */
export const DRAFT_CODES_PER_WINDOW = 5;

/** The limiters of the draft routes: made by the outbox, so shared by every instance on PostgreSQL. */
export interface DraftLimits {
  /** Every draft request from one client (`drafts`, a minute's allowance). */
  perClient: Limiter;
  /** Codes asked for one draft id (`DRAFT_CODES_PER_WINDOW` in half an hour). */
  codes: Limiter;
  /** Codes tried on one draft id (`DRAFT_TRIES` in half an hour: five wrong, then a wait). */
  tries: Limiter;
}

/** What `draftRoutes` is built from. */
export interface DraftRouteDeps extends OriginOptions {
  /** The form as it is served now: its words, its `drafts` limits, its files. */
  form: CurrentForm;
  drafts: DraftStore & Pick<UploadStore, 'removeUpload'>;
  secrets: DraftSecrets;
  /** How long a draft lives after its last save (`DRAFT_EXPIRY_DAYS`). */
  expiryMs: number;
  /** How long an upload a draft names no more is kept (`UPLOAD_EXPIRY_HOURS`). */
  uploadExpiryMs: number;
  bots: Pick<BotCheckOptions, 'tokens'>;
  limits: DraftLimits;
  log: Logger;
  clientIp: (c: Context) => string;
  now: () => number;
  /** The floor of every answer to a code or a try (`even-answers.ts`); tests lower it. */
  evenMs?: number;
}

/** What the app is given to save drafts (`AppDeps.drafts`), when the form offers it. */
export type DraftsPart = Pick<DraftRouteDeps, 'secrets' | 'expiryMs' | 'limits' | 'evenMs'> & {
  store: DraftRouteDeps['drafts'];
};
