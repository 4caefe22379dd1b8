/**
 * How hard `ADMIN_TOKEN` is to guess, estimated as a guesser would go about it (after zxcvbn's
 * approach): the cheapest way to write the token out of common words, repeated characters,
 * sequences (`abcd`, `4321`), keyboard rows (`qwerty`), chunks repeated, runs of letters that
 * read like words, and otherwise characters drawn from the kinds it uses. Length alone is not
 * strength: `test-admin-token-0123456789` is 27 characters and about 56 bits.
 *
 * Guesses online are slowed (five wrong tries a minute per address, `http/admin-only.ts`), but a
 * botnet has many addresses: the token must be out of reach however many guesses are made.
 * A random 32-byte token in base64url (43 characters, 256 bits) is estimated at 190 bits and
 * more (the least of 5,000 drawn).
 */

/** The least the estimate must reach. */
export const ADMIN_TOKEN_MIN_BITS = 128;
/** The rule, as the start-up message and the manual say it. */
const ADMIN_TOKEN_RULE = `at least ${String(ADMIN_TOKEN_MIN_BITS)} bits by the proxy's estimate, which counts common words, repeated characters, sequences and keyboard rows as almost nothing (length alone is not strength); make one with \`openssl rand -base64 32\``;
/** Characters looked at: a token longer than this is past guessing already. */
const LONGEST = 256;

/** Words people put in tokens: a guesser's first list, after common passwords. */
const WORDS = new Set(
  `admin administrator token secret password passwd console proxy enquiry enquiries form forms
  test testing tester demo example sample default change changeme letmein welcome login logon
  master root user guest qwerty dragon monkey football baseball iloveyou sunshine princess
  shadow superman batman trustno hello freedom whatever access secure security private public
  local localhost server staging production develop development company office firm legal
  lawyer solicitor contact support service system manager bearer bench funnel metrics status
  health spring summer autumn winter january february march april june july august september
  october november december monday tuesday wednesday thursday friday saturday sunday london
  england google apple microsoft amazon internet website online letter number simple strong
  random string value config setting settings enter open close start begin first second third
  love life time home work world money family friend music hunter killer pass word words`
    .split(/\s+/)
    .filter((word) => word.length >= 4),
);
/** Keyboard rows and the digits, forwards (backwards is checked too). */
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', 'qazwsxedcrfvtgbyhnujmikolp'];
/** `text` from its end (keyboard rows are ASCII: a character is one code unit). */
const backwards = (text: string) =>
  Array.from({ length: text.length }, (_, i) => text.charAt(text.length - 1 - i)).join('');
/** Letters people write as digits or signs. */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** The estimate, and what made it lower than random characters would be. */
export interface TokenStrength {
  bits: number;
  /** The kinds of pattern found ("a common word", "a sequence"), never the token's own text. */
  patterns: string[];
}

/** The size of the alphabet `token` draws from: each kind of character it uses. */
function alphabet(token: string): number {
  const kinds: [RegExp, number][] = [
    [/[a-z]/, 26],
    [/[A-Z]/, 26],
    [/\d/, 10],
    [/[^a-zA-Z\d]/, 33],
  ];
  return kinds.reduce((size, [kind, count]) => size + (kind.test(token) ? count : 0), 0);
}

/** A way to write `length` characters for `bits`, and what it is. */
interface Piece {
  length: number;
  bits: number;
  what?: string;
}

/** Every cheaper-than-random way to write the characters starting at `at`. */
function piecesAt(token: string, at: number, perChar: number): Piece[] {
  const pieces: Piece[] = [{ length: 1, bits: perChar }];
  const rest = token.slice(at);
  const lower = rest.toLowerCase();
  const plain = lower.replace(/[013457@$]/g, (c) => LEET[c] ?? c);
  for (let length = 4; length <= Math.min(rest.length, 20); length += 1) {
    const word = plain.slice(0, length);
    if (WORDS.has(word))
      pieces.push({ length, bits: Math.log2(WORDS.size) + 2, what: 'a common word' });
  }
  const run = (same: (a: string, b: string) => boolean) => {
    let length = 1;
    while (length < rest.length && same(rest[length - 1] ?? '', rest[length] ?? '')) length += 1;
    return length;
  };
  const repeated = run((a, b) => a === b);
  if (repeated >= 3)
    pieces.push({
      length: repeated,
      bits: perChar + Math.log2(repeated),
      what: 'a repeated character',
    });
  for (const step of [1, -1]) {
    const length = run((a, b) => b.charCodeAt(0) - a.charCodeAt(0) === step);
    if (length >= 3)
      pieces.push({
        length,
        bits: perChar + Math.log2(length) + 1,
        what: 'a sequence',
      });
  }
  for (const row of ROWS)
    for (const line of [row, backwards(row)])
      for (let length = Math.min(lower.length, line.length); length >= 4; length -= 1)
        if (line.includes(lower.slice(0, length))) {
          pieces.push({
            length,
            bits: 6 + Math.log2(length),
            what: 'a keyboard row',
          });
          break;
        }
  for (let length = 4; length <= rest.length && length <= at; length += 1)
    if (token.slice(0, at).includes(rest.slice(0, length)))
      pieces.push({ length, bits: Math.log2(at) + Math.log2(length), what: 'a repeated chunk' });
  // A run of letters that reads as a word (a vowel, no case changes after the first): English
  // carries about two and a half bits a letter.
  const letters = /^[A-Za-z][a-z]{4,}/.exec(rest)?.[0];
  if (letters && /[aeiouy]/.test(letters))
    pieces.push({
      length: letters.length,
      bits: 2.5 * letters.length + 3,
      what: 'letters that read as a word',
    });
  return pieces;
}

/**
 * The estimated bits of `token`: the cheapest way to write it out of the pieces above.
 *
 * @example tokenStrength('test-admin-token-0123456789').bits // 56
 */
export function tokenStrength(token: string): TokenStrength {
  const text = token.slice(0, LONGEST);
  const perChar = Math.log2(Math.max(2, alphabet(text)));
  // best[i]: the cheapest way to write text[i..]; filled from the end.
  const best: { bits: number; piece?: Piece }[] = Array.from({ length: text.length + 1 }, () => ({
    bits: 0,
  }));
  for (let at = text.length - 1; at >= 0; at -= 1) {
    let chosen = { bits: Infinity } as { bits: number; piece?: Piece };
    for (const piece of piecesAt(text, at, perChar)) {
      const bits = piece.bits + (best[at + piece.length]?.bits ?? 0);
      if (bits < chosen.bits) chosen = { bits, piece };
    }
    best[at] = chosen;
  }
  const patterns: string[] = [];
  for (let at = 0; at < text.length;) {
    const piece = best[at]?.piece;
    if (!piece) break;
    if (piece.what) patterns.push(piece.what);
    at += piece.length;
  }
  return { bits: Math.round(best[0]?.bits ?? 0), patterns };
}

/**
 * Why `token` is too weak for `ADMIN_TOKEN`, or undefined when it is strong enough.
 *
 * @example weakAdminToken('test-admin-token-0123456789') // 'too easy to guess: about 56 bits …'
 */
export function weakAdminToken(token: string): string | undefined {
  const { bits, patterns } = tokenStrength(token);
  if (bits >= ADMIN_TOKEN_MIN_BITS) return undefined;
  const found = patterns.length > 0 ? ` (it holds ${[...new Set(patterns)].join(', ')})` : '';
  return `too easy to guess: about ${String(bits)} bits${found}; it must be ${ADMIN_TOKEN_RULE}`;
}
