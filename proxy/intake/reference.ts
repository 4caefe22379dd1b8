/**
 * References a visitor can read out on the phone: `EQ-` and eight characters of Crockford's
 * base32 (no I, L, O or U to mistake), about 10^12 possibilities.
 */
import { randomBytes } from 'node:crypto';

/** Crockford's base32: what references and receipt codes are written in. */
export const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** @example newReference() // 'EQ-7K3M-9QXD' */
export function newReference(): string {
  const bytes = randomBytes(8);
  const chars = Array.from(bytes, (byte) => ALPHABET[byte % 32]).join('');
  return `EQ-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
