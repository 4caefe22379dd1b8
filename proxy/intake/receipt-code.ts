/**
 * Receipt codes: proof, for the visitor and the firm, that one exact enquiry was received and
 * when. The code is an HMAC-SHA256 (keyed with the outbox's `receipt_secret` setting) over the
 * reference, the time received and a hash of what was stored, cut to 80 bits and written as
 * four groups of Crockford base32. The outbox keeps the receipt (no personal data) after
 * retention removed the enquiry; verifying looks the code up and recomputes its HMAC, so a
 * code changed by one character, or a receipt row written by hand, is refused.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { Receipt } from '../outbox/receipt.ts';
import type { Receipts, Settings } from '../outbox/store.ts';
import { storedSecret } from '../outbox/stored-secret.ts';
import { ALPHABET } from './reference.ts';

/** The receipts' key, made on first use and kept in the outbox (shared by every instance). */
const receiptSecret = (store: Settings) => storedSecret(store, 'receipt_secret');

/** SHA-256 (hex) of what was stored: the enquiry as it goes upstream and each file's hash. */
function storedDigest(
  upstream: UpstreamEnquiry,
  files: readonly { name: string; sha256: string }[],
): string {
  const json = JSON.stringify([upstream, files.map((file) => [file.name, file.sha256])]);
  return createHash('sha256').update(json).digest('hex');
}

/** The code of a receipt, e.g. `7K3M-9QXD-2F4B-HT8W`. */
function receiptCode(
  secret: string,
  receipt: Pick<Receipt, 'reference' | 'receivedAt' | 'digest'>,
): string {
  const mac = createHmac('sha256', secret)
    .update(`${receipt.reference}\n${String(receipt.receivedAt)}\n${receipt.digest}`)
    .digest();
  // The first 80 bits, five at a time from the most significant: whole numbers, not a BigInt
  // (its shifts allocated a number each, a third of an accept's receipt in the profile).
  let chars = '';
  let held = 0;
  let heldBits = 0;
  for (let i = 0; i < 10; i += 1) {
    held = ((held << 8) | (mac[i] ?? 0)) & 0x1fff;
    heldBits += 8;
    while (heldBits >= 5) {
      heldBits -= 5;
      chars += ALPHABET[(held >> heldBits) & 31] ?? '';
    }
  }
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12)}`;
}

/** A new receipt for a submission about to be stored. */
export function newReceipt(
  secret: string,
  submission: {
    reference: string;
    receivedAt: number;
    upstream: UpstreamEnquiry;
    files: readonly { name: string; sha256: string }[];
    /** Why the bot checks caught it, when they did. */
    caughtAs?: string | undefined;
  },
): Receipt {
  const { reference, receivedAt, caughtAs } = submission;
  const digest = storedDigest(submission.upstream, submission.files);
  return {
    code: receiptCode(secret, { reference, receivedAt, digest }),
    reference,
    receivedAt,
    digest,
    ...(caughtAs === undefined ? {} : { caughtAs }),
  };
}

/** A code as typed (any case, with or without dashes and spaces), written as it was issued. */
export function normalizeCode(typed: string): string {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '');
  return chars.match(/.{1,4}/g)?.join('-') ?? chars;
}

/** The receipt `typed` names, when it was issued by this outbox and is intact; else null. */
export async function verifyReceipt(
  store: Receipts & Settings,
  typed: string,
): Promise<Receipt | null> {
  const receipt = await store.findReceipt(normalizeCode(typed));
  if (!receipt) return null;
  const expected = Buffer.from(receiptCode(await receiptSecret(store), receipt));
  const found = Buffer.from(receipt.code);
  return expected.length === found.length && timingSafeEqual(expected, found) ? receipt : null;
}
