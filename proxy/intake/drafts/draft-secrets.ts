/**
 * The secrets of a saved enquiry and what the outbox keeps of each. The draft's id is random
 * (128 bits); the key that opens its ciphertext is the browser's and never kept; the address it
 * was saved for is kept only as a keyed hash of its mailbox (as the confirmations' quotas keep
 * addresses), so the outbox holds no address a draft could be traced by without the key, and a
 * code is sent only to whoever types the same mailbox again; a code is kept as a keyed hash tied
 * to its draft, the owner's secret as its SHA-256.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { mailboxOf } from '../../outbox/mailbox.ts';

/** The keyed hashes of one outbox (its `draft_secret`, `outbox/stored-secret.ts`). */
export interface DraftSecrets {
  /** The keyed hash of the mailbox `email` reaches: what a draft is found by, for its owner. */
  subjectOf(email: string): string;
  /** The keyed hash of `code` for draft `id`: a code opens the draft it was sent for only. */
  codeHashOf(id: string, code: string): string;
  /**
   * What the keys of a draft's queued emails start with: they are found by it when the draft
   * goes, and name no draft in the log the notifier writes.
   */
  emailKeyOf(id: string): string;
  /**
   * The keyed hash a quota counts `value` under: a mailbox's saves (`address`) or codes
   * (`codes-address`), a client's saves.
   */
  quotaSubject(kind: 'address' | 'codes-address' | 'client', value: string): string;
}

/** The draft secrets keyed by `secret`. */
export function draftSecrets(secret: string): DraftSecrets {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
  return {
    subjectOf: (email) => mac(`mailbox:${mailboxOf(email)}`).slice(0, 32),
    codeHashOf: (id, code) => mac(`code:${id}:${code}`),
    emailKeyOf: (id) => `draft:${mac(`emails:${id}`).slice(0, 16)}:`,
    quotaSubject: (kind, value) => mac(`draft-${kind}:${value}`).slice(0, 32),
  };
}

/** A new draft's id. */
export const newDraftId = (): string => randomBytes(16).toString('hex');

/** A new six-digit code, every one as likely. */
export const newDraftCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What is kept of the owner's secret. */
export const writeHashOf = (write: string): string =>
  createHash('sha256').update(`draft-write:${write}`).digest('hex');
