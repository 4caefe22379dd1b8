/**
 * The secrets of an unfinished enquiry. Its id (128 random bits) is the page's, made when its box
 * is first ticked; the page proves the record is its own by a secret (128 random bits) that only
 * it holds, of which the outbox keeps the SHA-256; the reminder's link carries a second secret
 * (`link_secret_hash`), so the page that opens it goes on with the same record.
 */
import { createHash, randomBytes } from 'node:crypto';

/** What the outbox keeps of a secret. */
export const secretHashOf = (secret: string): string =>
  createHash('sha256').update(`unfinished:${secret}`).digest('hex');

/** A new secret (128 random bits, base64url), as the page makes its own. */
export const newUnfinishedSecret = (): string => randomBytes(16).toString('base64url');
