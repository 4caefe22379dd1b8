/**
 * The rules of text itself, whatever field holds it: how long it is as people count it, whether
 * it shows anything, whether it is an address or a phone number, and the characters no field
 * takes. Pure, like `rules.ts`, which applies them to an enquiry's fields.
 */

// WHATWG's `type=email` rule, plus a dot in the domain: a lead needs an address mail can reach.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
// Digits with the usual separators, an optional leading +, and 7 to 20 digits in all.
const PHONE = /^\+?[0-9 ()./-]+$/;
// C0 and C1 controls (tab, newline and carriage return are allowed where text spans lines),
// and half a surrogate pair (\p{Cs} under the u flag): no UTF-8 can carry it, so the platform's
// JSON parser would refuse the whole enquiry after the proxy had accepted it.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cs}]/u;
const LINE_BREAKS_OR_TAB = /[\t\n\r]/;

/**
 * True when text holds a character no field takes: a control (or half a surrogate pair), or a
 * line break or tab where the field is one line.
 */
export const hasForbiddenCharacters = (value: string, multiline = false) =>
  CONTROL_CHARS.test(value) || (!multiline && LINE_BREAKS_OR_TAB.test(value));

/** Characters that show nothing: zero-width spaces and joiners, bidi marks and controls, the BOM. */
export const INVISIBLE_CHARACTERS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * One character as people count it: a code point (or a flag's two regional indicators, or a
 * CR LF) with its combining marks, emoji modifiers and joiners, and the pictograph a zero-width
 * joiner attaches to it. Close to Unicode's extended grapheme clusters, in linear time and
 * constant memory: Node 20's `Intl.Segmenter` copies the whole input for every segment, so
 * 250 KB of text took 4 GB.
 */
const CHARACTER =
  /(?:\r\n|\p{RI}\p{RI}|[\s\S])(?:\u200d\p{Extended_Pictographic}|[\p{M}\p{Emoji_Modifier}\u200d])*/gu;

/**
 * How long text is as people count it: an emoji with its skin tone, a family joined by ZWJ, a
 * flag or a letter with its accents is one; the same rule in the browser and the proxy.
 *
 * @example textLength('👩‍👩‍👧') // 1
 */
export function textLength(text: string): number {
  let characters = 0;
  CHARACTER.lastIndex = 0;
  while (CHARACTER.exec(text)) characters += 1;
  return characters;
}

/** True when text shows nothing: only spaces and invisible characters ("required" is not met). */
export const isBlank = (text: string): boolean =>
  text.replace(INVISIBLE_CHARACTERS, '').trim() === '';

/** True for an address in the WHATWG `type=email` shape with a dot in its domain. */
export const isValidEmail = (value: string) => EMAIL.test(value);

/** True for digits with the usual separators, 7 to 20 digits in all. */
export function isValidPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= 7 && digits <= 20;
}
