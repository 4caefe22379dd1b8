/** What the draft routes read, and the limits they keep. */
import type { Context } from 'hono';
import type { BotCheckOptions } from '../../http/bots/bot-check.ts';
import type { OriginOptions } from '../../http/origin.ts';
import type { Limiter } from '../../limiter/token-buckets.ts';
import type { Logger } from '../../logger.ts';
import { DRAFT_TRIES } from '../../contract/drafts.ts';
import type { DraftAllowance, DraftStore } from '../../outbox/draft-store.ts';
import type { UploadStore } from '../../outbox/upload-store.ts';
import type { CurrentForm } from '../../studio/live-form.ts';
import type { DraftSecrets } from './draft-secrets.ts';

/** The draft allowances' window: codes and tries are counted over half an hour. */
const DRAFT_WINDOW_MS = 30 * 60_000;

/** Codes one draft id may be sent, whoever asks: five in half an hour, then one every six minutes. */
export const DRAFT_CODE_ALLOWANCE: DraftAllowance = {
  kind: 'codes',
  count: 5,
  windowMs: DRAFT_WINDOW_MS,
};

/** Codes tried on one draft id: `DRAFT_TRIES` in half an hour (five wrong, then a wait). */
export const DRAFT_TRY_ALLOWANCE: DraftAllowance = {
  kind: 'tries',
  count: DRAFT_TRIES,
  windowMs: DRAFT_WINDOW_MS,
};

/**
 * The limiter of the draft routes that is not a draft's own: made by the outbox, so shared by
 * every instance on PostgreSQL. A draft's codes and tries are counted by the outbox itself
 * (`DraftStore.takeDraftAllowance`), so that a restart gives nobody more.
 */
export interface DraftLimits {
  /** Every draft request from one client (`drafts`, a minute's allowance). */
  perClient: Limiter;
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
