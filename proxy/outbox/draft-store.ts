/**
 * What saved enquiries (`intake/drafts/`) ask of the outbox: the ciphertext of each, the hashes
 * that let its owner open it and save it again, and the uploads it keeps. The rules are
 * `machine/drafts.ts`; the bytes of a draft's uploads go with `UploadStore.removeUpload`.
 */
import type { Verdict } from '../limiter/token-buckets.ts';
import type { DraftAllowance } from './machine/draft-allowances.ts';
import type { ConfirmationRequest } from './receipt.ts';
import type { DraftSave, DraftSummary, OpenedDraft } from './machine/drafts.ts';

export type { DraftSave, DraftSummary, OpenedDraft } from './machine/drafts.ts';
export type { DraftAllowance } from './machine/draft-allowances.ts';
export { DraftNotSaved } from './machine/drafts.ts';

/** Where saved enquiries are kept. */
export interface DraftStore {
  /** Saves a draft and queues its email, all or nothing (else throws `DraftNotSaved`). */
  saveDraft(save: DraftSave): Promise<void>;
  /**
   * Gives a live draft saved for `subject` the code whose keyed hash is `codeHash`, until
   * `until`, and queues `email`; 'none' when there is no such draft, 'over_limit' (the live
   * code kept) when a quota refuses the email.
   */
  askDraftCode(
    id: string,
    subject: string,
    codeHash: string,
    until: number,
    email: ConfirmationRequest,
  ): Promise<'queued' | 'over_limit' | 'none'>;
  /** The draft's ciphertext when `codeHash` is its live code's; the code is spent. */
  openDraft(id: string, codeHash: string, now: number): Promise<OpenedDraft | undefined>;
  /** True while the draft lives and `writeHash` is its owner's. */
  ownsDraft(id: string, writeHash: string, now: number): Promise<boolean>;
  /** The ids of the uploads a draft keeps. */
  draftUploads(id: string): Promise<string[]>;
  /** Deletes a draft and its queued emails (keys starting `notificationKey`); true if it was there. */
  forgetDraft(id: string, notificationKey: string): Promise<boolean>;
  /** Drafts past their expiry, oldest first, `limit` at most. */
  expiredDrafts(now: number, limit: number): Promise<string[]>;
  /** The drafts saved for `subject`, oldest first. */
  draftsOf(subject: string): Promise<DraftSummary[]>;
  /** Deletes the drafts' emails once sent or given up (they carry a link's key); how many. */
  forgetSentDraftEmails(): Promise<number>;
  /**
   * Takes one of `allowance` for the draft id `id` (whether or not a draft has it), counted in
   * the outbox: a restart gives nobody more.
   */
  takeDraftAllowance(id: string, allowance: DraftAllowance, now: number): Promise<Verdict>;
}
