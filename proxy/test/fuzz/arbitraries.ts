/**
 * Generators shared by the fuzz files: boundaries, hostile text, wrong JSON types, broken
 * UTF-8 and header values. File contents are in `file-arbitraries.ts`; valid enquiries drawn
 * from a form configuration are in `model.ts`.
 */
import fc from 'fast-check';

/** Boundaries as browsers make them: long enough never to occur inside a part by chance. */
export const boundaryArb = fc.stringMatching(/^[A-Za-z0-9_-]{16,70}$/);

/**
 * True when text shows nothing once trimmed: written out here apart from the field rules, which
 * do not take zero-width, bidi or byte-order marks alone for an answer.
 */
export const showsNothing = (text: string): boolean =>
  text.replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '').trim() === '';

/** Characters that have broken text handling somewhere, each with what the rules make of it. */
export const EDGE_CHARACTERS = Object.freeze({
  /** Accepted everywhere free text is. */
  harmless: [
    'a',
    'Z',
    ' ',
    '\u00a0', // no-break space
    'é',
    'e\u0301', // e + combining acute
    'a\u0300\u0301\u0302\u0303\u0304', // stacked combining marks
    '\u05e9\u05dc\u05d5\u05dd', // Hebrew
    '\u0645\u0631\u062d\u0628\u0627', // Arabic
    '\u6f22\u5b57',
    '😀',
    '👩‍👩‍👧', // zero-width joiner sequence
    '🏳️‍🌈',
    '\u202e', // right-to-left override
    '\u202a',
    '\u2066', // left-to-right isolate
    '\u200b', // zero-width space
    '\u200d',
    '\u2060', // word joiner
    '\ufeff', // byte order mark
    '\u2028', // line separator (not a control character)
    '\ufffd',
    "'",
    '"',
    '\\',
    '<script>',
    '%00',
    '{{7*7}}',
  ],
  /** Accepted in a textarea answer only. */
  lineBreaks: ['\n', '\r', '\r\n', '\t'],
  /** Refused everywhere. */
  controls: ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f'],
  /** Half a surrogate pair: no UTF-8 encoding exists, so the platform's JSON parser would refuse it. */
  loneSurrogates: ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d'],
});

export type EdgeKind = keyof typeof EDGE_CHARACTERS;

/** Half a surrogate pair: a high one not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text made of edge characters (and a little plain text), `maxLength` pieces at most. */
export const edgeTextArb = (kinds: readonly EdgeKind[], maxLength = 12) =>
  fc
    .array(
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom(...kinds.flatMap((kind) => EDGE_CHARACTERS[kind])),
        },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
      ),
      { minLength: 1, maxLength },
    )
    .map((pieces) => pieces.join(''));

/** Any JSON value that is not a string. */
export const notAStringArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(1e308),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc
    .array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 })
    .filter((a) => !a.every((v) => typeof v === 'string')),
);

/** Keys that have polluted prototypes in other parsers. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Keys that look like data but are not fields anywhere. */
export const unknownKeyArb = fc.oneof(
  fc.constantFrom(
    ...POLLUTING_KEYS,
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    'Forename',
    'forename ',
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
);

/** Byte sequences that are not UTF-8 (RFC 3629), each breaking a different decoder rule. */
export const INVALID_UTF8: readonly (readonly number[])[] = [
  [0xff],
  [0xfe, 0xff],
  [0x80], // a continuation byte on its own
  [0xc3], // a lead byte with nothing after it
  [0xe2, 0x82], // a three-byte sequence cut short
  [0xc0, 0x80], // overlong NUL
  [0xe0, 0x80, 0xaf], // overlong '/'
  [0xed, 0xa0, 0x80], // an encoded surrogate
  [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
  [0xf8, 0x88, 0x80, 0x80, 0x80], // a five-byte form
];

/** A header value the Fetch API lets through: Latin-1, no NUL, CR or LF. */
export const headerValueArb = (maxLength = 40) =>
  fc
    .string({ unit: 'binary-ascii', maxLength })
    // eslint-disable-next-line no-control-regex -- these are what Headers refuses
    .map((value) => value.replace(/[\u0000\r\n]/g, ''));

/** A header name (an RFC 9110 token). */
export const headerNameArb = fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,30}$/);

/** A header value the way `Headers` stores it: leading and trailing spaces and tabs dropped. */
export const asStored = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');
