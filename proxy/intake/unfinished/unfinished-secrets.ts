/**
 * The secrets of an unfinished enquiry. Its id (128 random bits) is the page's, made when its box
 * is first ticked; the page proves the record is its own by a secret (128 random bits) that only
 * it holds, of which the outbox keeps the SHA-256. A reminder's link carries a second secret, made
 * by the proxy inside the sealed copy it emails (`reminders.ts`): a browser that opens the link
 * with the code goes on with the same record. The page without JavaScript cannot make either: the
 * proxy makes them and writes them into the page it answers with, and keeps only the hash.
 */
import { createHash } from 'node:crypto';

/** What the outbox keeps of a secret. */
export const secretHashOf = (secret: string): string =>
  createHash('sha256').update(`unfinished:${secret}`).digest('hex');
