/** What the upload routes read, and how much one client may hold in uploads. */
import type { Context } from 'hono';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { Converter } from '../../convert/conversion.ts';
import type { BotCheckOptions } from '../../http/bots/bot-check.ts';
import type { OriginOptions } from '../../http/origin.ts';
import type { Logger } from '../../logger.ts';
import type { UploadStore } from '../../outbox/upload-store.ts';
import type { SubmissionLimits } from '../upload-guard.ts';
import type { LiveForm } from '../../studio/live-form.ts';
import type { FileSpool } from '../file-spool.ts';
import type { IdlePace } from './idle-pace.ts';

/** `UPLOAD_EXPIRY_HOURS`' default: a day to press Send. */
export const DEFAULT_UPLOAD_EXPIRY_HOURS = 24;

/** What `uploadRoutes` is built from. */
export interface UploadRouteDeps extends OriginOptions {
  /**
   * The form, version by version: an upload is taken within the widest limits of the versions
   * a visitor may still send (the enquiry then counts its files by its own version's).
   */
  form: Pick<LiveForm, 'current' | 'files'>;
  uploads: UploadStore;
  /** Where an upload kept as chunks (PostgreSQL) is written to be checked. */
  spool?: FileSpool | undefined;
  /**
   * Looks at each completed upload as the intake looks at a file (see `EnquiryRouteDeps`), and,
   * where it can `convert`, converts one the platform does not take at once.
   */
  converter?: (Pick<Converter, 'inspect'> & Partial<Pick<Converter, 'convert'>>) | undefined;
  bots: Pick<BotCheckOptions, 'tokens'>;
  limits: SubmissionLimits;
  /** How long an upload no enquiry named is kept (`UPLOAD_EXPIRY_HOURS`). */
  uploadExpiryMs: number;
  /**
   * Bytes free on the outbox's disk above the reserve enquiries need (`lifecycle/disk-room.ts`),
   * negative below it; absent where the outbox is a database server's, which watches its own.
   */
  uploadRoom?: (() => Promise<number>) | undefined;
  /** How PATCHes at the end of a complete upload are paced per address (`IDLE_PACE` if absent). */
  idlePace?: IdlePace | undefined;
  log: Logger;
  clientIp: (c: Context) => string;
  now: () => number;
}

/**
 * The bytes one client may hold in uploads: two whole forms' worth of files, so a visitor who
 * replaces every file once is never refused, and a client making uploads it never sends is
 * stopped at a known size.
 */
export const heldPerClient = (files: FormConfig['files']) =>
  2 * files.maxFiles * files.maxFileBytes;
