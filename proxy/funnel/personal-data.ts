/**
 * Whether a campaign or variant looks like something a visitor typed about themselves. The
 * funnel stores campaigns and variants as they come (from a tag, or from `?utm_campaign=` in an
 * address anyone can write), and keeps no personal data: a value that looks like a person's
 * details is refused by `POST /api/events` and counted without a campaign by the server's own
 * tallies. Marketers' values look like `spring-2027`, `google-ads` or `hero banner B`; a false
 * alarm only moves a view to the row without a campaign, while a miss stores a person.
 */

/** What each pattern catches, for the refusal's message; the first that matches is named. */
const PERSONAL: readonly (readonly [string, RegExp])[] = [
  ['an email address', /@|\S\s*[([]at[)\]]\s*\S/i],
  ['a telephone or other long number', /\d(?:[\s().-]*\d){6}/],
  // A UK postcode: SW1A 1AA, M1 1AE, CR2 6XH.
  ['a postcode', /\b[a-z]{1,2}\d[a-z\d]?\s*\d[abd-hjlnp-uw-z]{2}\b/i],
  [
    'a street address',
    /\b\d+[a-z]?,?\s+(?:[a-z'-]+\s+){0,3}(?:street|st|road|rd|avenue|ave|lane|ln|close|drive|way|court|crescent|gardens|grove|place|square|terrace|hill|row|mews|walk|rise|parade|boulevard)\b/i,
  ],
  ['a title and a name', /\b(?:mr|mrs|ms|miss|mx|dr|sir|dame)\.?\s+\p{L}/iu],
  // "Jane Smith, …": a capitalised first and last name, then more after a comma.
  ['a name', /^\s*\p{Lu}\p{Ll}+(?:[\s-]+\p{Lu}\p{Ll}+)+\s*,/u],
  ['a date', /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/],
  // A national insurance number: QQ 12 34 56 C.
  ['a national insurance number', /\b[a-z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[a-d]\b/i],
  // Eight words and more is a sentence, not a campaign's name.
  ['a sentence', /(?:\S+\s+){7}\S/],
];

/**
 * What `value` looks like, when it looks like a person's details; undefined when it may be a
 * marketer's.
 *
 * @example personalDataIn('Jane Smith, 14 Acacia Avenue') // 'a street address'
 * @example personalDataIn('spring-2027') // undefined
 */
export function personalDataIn(value: string): string | undefined {
  return PERSONAL.find(([, pattern]) => pattern.test(value))?.[0];
}

/** `value` when it could be a marketer's, empty when it looks like a person's details. */
export const withoutPersonalData = (value: string): string =>
  personalDataIn(value) === undefined ? value : '';
