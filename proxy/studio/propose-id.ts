/**
 * An id proposed from a label, as the studio gives a new question or case type one: the label's
 * words in plain lower-case letters and digits joined by `_` (accents dropped: "Ŵyr" is `wyr`),
 * cut at a word to stay readable, and numbered when it is taken (`lender_2`). It always passes
 * the schema's rule for ids (`contract/schemas/common.ts`: a letter first, then letters, digits,
 * `_` and `-`, up to 64 characters).
 */

/** The longest a proposed id's words run before a number is added. */
const WORDS_MAX = 40;

/** The words of `label` as an id's: `Which lender?` is `which_lender`; empty when none are Latin. */
function slug(label: string): string {
  const plain = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (plain.length <= WORDS_MAX) return plain;
  const cut = plain.slice(0, WORDS_MAX + 1);
  const atWord = cut.lastIndexOf('_');
  return (atWord > 0 ? cut.slice(0, atWord) : plain.slice(0, WORDS_MAX)).replace(/_+$/, '');
}

/**
 * An id for `label` that is none of `taken`, whatever their case; `fallback` names what it is when the label has no
 * letters an id may hold (a label in Arabic script: `question`, `question_2`…).
 *
 * @example proposeId('Which lender?', new Set(['which_lender'])) // 'which_lender_2'
 */
export function proposeId(
  label: string,
  taken: ReadonlySet<string>,
  fallback = 'question',
): string {
  const words = slug(label);
  // A proposed id is lower-case: one taken in any case is taken (`Lender` is `lender`).
  const lower = new Set([...taken].map((id) => id.toLowerCase()));
  const base = /^[a-z]/.test(words) ? words : words ? `${fallback}_${words}` : fallback;
  const stem = base.slice(0, WORDS_MAX + fallback.length + 1).replace(/_+$/, '');
  if (!lower.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const numbered = `${stem}_${String(n)}`;
    if (!lower.has(numbered)) return numbered;
  }
}
