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
import { createHash } from 'node:crypto';

/**
 * The token of the booking `uid` opened by `secret`.
 *
 * @example bookingToken('5f1c…@forms.firm.example', secret) // 'NWYxYy4uLkBmb3Jtcy5maXJtLmV4YW1wbGU.Yk3…'
 */
export const bookingToken = (uid: string, secret: string): string =>
  `${Buffer.from(uid).toString('base64url')}.${secret}`;

/** The hash the outbox keeps of a secret (hex SHA-256). */
export const secretHash = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
