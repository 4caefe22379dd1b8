/**
 * "Did you mean ada@gmail.com?": a likely typo in the domain of an email address, offered as a
 * correction and never as a refusal (an unusual address may well be right). One small table,
 * read by the widget's late bundle when the visitor leaves the email field and by the page
 * without JavaScript on its error round trip.
 */

/** Mail providers most visitors use, wherever they are. */
const COMMON_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'msn.com',
  'mail.com',
  // One letter from gmail.com, and a provider of its own.
  'email.com',
];

/** Providers that are common in one country only, by ISO 3166 region of the visitor's locale. */
const REGIONAL_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  GB: [
    'hotmail.co.uk',
    'yahoo.co.uk',
    'live.co.uk',
    'btinternet.com',
    'sky.com',
    'virginmedia.com',
    'talktalk.net',
    'ntlworld.com',
    'blueyonder.co.uk',
  ],
  IE: ['eircom.net', 'hotmail.co.uk', 'yahoo.ie'],
  DE: ['gmx.de', 'web.de', 't-online.de', 'hotmail.de', 'yahoo.de', 'freenet.de'],
  FR: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'hotmail.fr', 'yahoo.fr', 'wanadoo.fr'],
};

/** Top-level domains mistyped so often, and so surely, that any domain ending in one is offered the fix. */
const TLD_TYPOS: Readonly<Record<string, string>> = {
  con: 'com',
  cmo: 'com',
  cpm: 'com',
  vom: 'com',
  xom: 'com',
  ocm: 'com',
  comm: 'com',
  coom: 'com',
  nte: 'net',
  nett: 'net',
  ogr: 'org',
  orgg: 'org',
  couk: 'co.uk',
  'co.uj': 'co.uk',
  'co.ul': 'co.uk',
  'co.ik': 'co.uk',
  'cp.uk': 'co.uk',
  'co.uk.uk': 'co.uk',
};

/** Edits between two strings (insert, delete, replace, or swap two neighbours). */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] ?? 0, ((rows[i - 2] as number[])[j - 2] ?? 0) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] ?? 0;
}

/**
 * How far a typed domain may be from a provider's and still be its typo: none for names of four
 * letters or fewer (`aon.com` and `life.com` are companies, not slips on `aol.com` or
 * `live.com`), two for long domains.
 */
const reach = (domain: string) =>
  (domain.split('.')[0] ?? '').length <= 4 ? 0 : domain.length >= 12 ? 2 : 1;

/** The one provider the domain is a typo of, or undefined when none is, or two are, as close. */
function nearestProvider(domain: string, providers: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const provider of providers) {
    const d = distance(domain, provider);
    if (d > reach(provider)) continue;
    if (d < bestDistance) [best, bestDistance, tie] = [provider, d, false];
    else if (d === bestDistance) tie = true;
  }
  return tie ? undefined : best;
}

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
 * "corrected" into a provider's ASCII one; only its top-level domain may be.
 *
 * @example suggestEmail('ada@gmial.com') // 'ada@gmail.com'
 * @example suggestEmail('ada@hotmail.couk', 'GB') // 'ada@hotmail.co.uk'
 */
export function suggestEmail(address: string, region?: string): string | undefined {
  const at = address.lastIndexOf('@');
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  if (at < 1 || !domain.includes('.')) return undefined;
  const providers = [...COMMON_DOMAINS, ...(REGIONAL_DOMAINS[region ?? ''] ?? [])];
  if (providers.includes(domain)) return undefined;
  // eslint-disable-next-line no-control-regex -- ASCII is the whole point of the test
  const ascii = /^[\x00-\x7f]*$/.test(domain);
  const tld = Object.keys(TLD_TYPOS).find((typo) => domain.endsWith(`.${typo}`));
  const fixed =
    (ascii ? nearestProvider(domain, providers) : undefined) ??
    (tld ? `${domain.slice(0, -tld.length)}${TLD_TYPOS[tld] ?? tld}` : undefined);
  return fixed ? `${address.slice(0, at)}@${fixed}` : undefined;
}
