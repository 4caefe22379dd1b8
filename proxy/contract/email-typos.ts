/**
 * "Did you mean ada@gmail.com?": a likely typo in the domain of an email address, offered as a
 * correction and never as a refusal (an unusual address may well be right). One small table,
 * read by the widget's late bundle when the visitor leaves the email field and by the page
 * without JavaScript on its error round trip. Written as strings, not arrays of strings: the
 * widget carries it, and every byte is one a visitor downloads.
 */

/**
 * Mail providers most visitors use, wherever they are. A name of four letters or fewer is never
 * offered (`reach`), so aol.com, msn.com or live.com would change nothing here; mail.com is
 * listed because it is one letter from gmail.com, and email.com is a provider of its own.
 */
const COMMON_DOMAINS =
  'gmail.com googlemail.com hotmail.com outlook.com yahoo.com icloud.com protonmail.com proton.me mail.com email.com';

/** Providers that are common in one country only, by ISO 3166 region of the visitor's locale. */
const REGIONAL_DOMAINS: Readonly<Record<string, string>> = {
  GB: 'hotmail.co.uk yahoo.co.uk btinternet.com virginmedia.com talktalk.net ntlworld.com blueyonder.co.uk',
  IE: 'eircom.net hotmail.co.uk yahoo.ie',
  DE: 't-online.de hotmail.de yahoo.de freenet.de',
  FR: 'orange.fr laposte.net hotmail.fr yahoo.fr wanadoo.fr',
};

/** Top-level domains mistyped so often, and so surely, that any domain ending in one is offered the fix. */
const TLD_TYPOS: readonly (readonly [RegExp, string])[] = [
  [/\.(con|cmo|cpm|vom|xom|ocm|comm|coom)$/, '.com'],
  [/\.(nte|nett)$/, '.net'],
  [/\.(ogr|orgg)$/, '.org'],
  [/\.(couk|co\.uj|co\.ul|co\.ik|cp\.uk|co\.uk\.uk)$/, '.co.uk'],
];

/** Edits between two strings: insert, delete, replace, or swap two neighbours. */
function distance(a: string, b: string): number {
  const width = b.length + 1;
  const cells: number[] = [];
  // Row and column 0 are not stored: there, the distance is the other string's length.
  const at = (i: number, j: number) => (i && j ? (cells[i * width + j] ?? 0) : i + j);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cells[i * width + j] = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
        // Past either start the characters are undefined, so no swap is found there.
        a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? at(i - 2, j - 2) + 1 : Infinity,
      );
    }
  }
  return at(a.length, b.length);
}

/**
 * How far a typed domain may be from a provider's and still be its typo: none for names of four
 * letters or fewer (`aon.com` and `life.com` are companies, not slips on `aol.com` or
 * `live.com`), two for long domains.
 */
const reach = (provider: string) =>
  provider.indexOf('.') <= 4 ? 0 : provider.length >= 12 ? 2 : 1;

/**
 * The ISO 3166 region of the first locale that names one (`en-GB` → `GB`).
 *
 * @example regionOf(['de', 'en-GB']) // 'GB'
 */
export const regionOf = (locales: readonly string[]): string | undefined =>
  locales.map((locale) => /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase()).find(Boolean);

/**
 * The address with its domain corrected, when the domain looks like a typo of a common
 * provider's (for the visitor's region too) or of a common top-level domain; undefined when it
 * looks right. The part before `@` is kept as typed. A domain written in another script is never
 * "corrected" into a provider's ASCII one; only its top-level domain may be. Of two providers
 * as close, neither is offered.
 *
 * @example suggestEmail('ada@gmial.com') // 'ada@gmail.com'
 * @example suggestEmail('ada@hotmail.couk', 'GB') // 'ada@hotmail.co.uk'
 */
export function suggestEmail(address: string, region = ''): string | undefined {
  const at = address.lastIndexOf('@');
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  if (at < 1 || !domain.includes('.')) return undefined;
  const providers = `${COMMON_DOMAINS} ${REGIONAL_DOMAINS[region] ?? ''}`.trim().split(' ');
  if (providers.includes(domain)) return undefined;
  const [nearest, next] = /^[\w.-]+$/.test(domain)
    ? providers
        .map((provider) => [distance(domain, provider), provider] as const)
        .filter(([edits, provider]) => edits <= reach(provider))
        .sort(([one], [other]) => one - other)
    : [];
  const tldFixed = TLD_TYPOS.reduce((fixed, [typo, tld]) => fixed.replace(typo, tld), domain);
  const fixed = nearest && nearest[0] !== next?.[0] ? nearest[1] : tldFixed;
  return fixed === domain ? undefined : `${address.slice(0, at)}@${fixed}`;
}
