/**
 * The visitor's link to cancel or move their call (`docs/booking.md`, "Cancel or move"):
 * `/booking/<token>`, the token the booking's UID (base64url) and a 256-bit secret made when it
 * was booked, of which the outbox keeps only a SHA-256 (`intake/call-booking.ts`). The secret
 * is compared in constant time with the kept hash of the one booking the UID names, so the link
 * opens that booking and no other, and nothing is learnt from how long a wrong one takes.
 *
 * The page's buttons carry a press check: an HMAC of the booking's SEQUENCE under the secret, so
 * a form posted from elsewhere (no secret) or from a page the call has changed since (another
 * SEQUENCE) changes nothing.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A token's secret: 32 random bytes in base64url. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The longest UID a token may name, encoded: a UUID at a host name, with room. */
const MAX_UID_CHARS = 400;

/**
 * The token of the booking `uid` opened by `secret`.
 *
 * @example bookingToken('5f1c…@forms.firm.example', secret) // 'NWYxYy4uLkBmb3Jtcy5maXJtLmV4YW1wbGU.Yk3…'
 */
export const bookingToken = (uid: string, secret: string): string =>
  `${Buffer.from(uid).toString('base64url')}.${secret}`;

/** The UID and secret a token names; undefined for anything not shaped as one. */
export function readBookingToken(token: string): { uid: string; secret: string } | undefined {
  const [encoded, secret, ...rest] = token.split('.');
  if (rest.length > 0 || !encoded || !secret || !SECRET.test(secret)) return undefined;
  if (encoded.length > MAX_UID_CHARS || !/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  const uid = Buffer.from(encoded, 'base64url').toString('utf8');
  return /^[\x21-\x7e]+$/.test(uid) ? { uid, secret } : undefined;
}

/** The hash the outbox keeps of a secret (hex SHA-256). */
export const secretHash = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one whose hash was kept, compared in constant time. */
export function secretOpens(secret: string, keptHash: string): boolean {
  const given = Buffer.from(secretHash(secret), 'hex');
  const kept = Buffer.from(keptHash, 'hex');
  return kept.length === given.length && timingSafeEqual(given, kept);
}

/** The press check of a page showing the call at `sequence`. */
export const pressCheck = (secret: string, sequence: number): string =>
  createHmac('sha256', secret)
    .update(`booking-page:${String(sequence)}`)
    .digest('base64url');

/** Whether `check` is the press check of the call at `sequence`, in constant time. */
export function pressChecks(secret: string, sequence: number, check: string): boolean {
  const expected = Buffer.from(pressCheck(secret, sequence));
  const given = Buffer.from(check);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
