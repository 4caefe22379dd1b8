/**
 * The formats of a saved enquiry's id, key and code, and what each answered question is sealed
 * with (`questionSignature`): what only the saved enquiries' chunk uses of the contract in the
 * browser, apart from `drafts.ts`, which the late bundle every form loads holds (its fragment's
 * name, `optionValuesOf`), so that none of this is in every form's bytes.
 */
import { optionValuesOf } from './drafts.ts';
import type { Question } from './schemas/form-config.ts';

/** A draft's id: 128 random bits, in hex. */
export const DRAFT_ID = /^[0-9a-f]{32}$/;

/**
 * A base64url text of `bytes` bytes, unpadded: the key (32), the owner's secret (16), an IV (12).
 *
 * @example base64urlOf(32).test(key) // true for a 256-bit key
 */
export const base64urlOf = (bytes: number) =>
  new RegExp(`^[A-Za-z0-9_-]{${String(Math.ceil((bytes * 4) / 3))}}$`);

/** The six digits of a code sent to the draft's address. */
export const DRAFT_CODE = /^[0-9]{6}$/;

/**
 * What a question is, for its answer to stand: its type and its options' stored values (in any
 * order). A label reworded keeps it; a type changed or an option added or taken away does not.
 *
 * @example questionSignature({ id: 'q', label: 'Buying?', type: 'radio', options: ['Yes', 'No'] }) // '["radio",["No","Yes"]]'
 */
export function questionSignature(question: Question): string {
  return JSON.stringify([question.type, [...(optionValuesOf(question) ?? [])].sort()]);
}
