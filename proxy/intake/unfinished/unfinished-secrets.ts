/**
 * The secrets of an unfinished enquiry. Its id (128 random bits) is the page's, made when its box
 * is first ticked; the page proves the record is its own by a secret (128 random bits) that only
 * it holds, of which the outbox keeps the SHA-256 (`link_secret_hash` is kept for the reminder's
 * link, which is not sent yet).
 */
import { createHash } from 'node:crypto';

/** What the outbox keeps of a secret. */
export const secretHashOf = (secret: string): string =>
  createHash('sha256').update(`unfinished:${secret}`).digest('hex');
