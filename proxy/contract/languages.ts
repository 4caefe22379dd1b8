/**
 * Which of a form's languages a visitor reads, from the languages they ask for (a `lang`
 * attribute, the page's, the browser's, or `?lang=` of the proxy's pages). Runs in browsers.
 */

/**
 * The first of `wanted` the form offers, matched as BCP 47 tags are (`cy-GB` reads `cy`, `en`
 * reads `en-GB`), case aside; the form's first language when none is offered.
 *
 * @example matchLanguage(['cy-GB', 'en'], ['en', 'cy']) // 'cy'
 */
export function matchLanguage(wanted: readonly string[], offered: readonly string[]): string {
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  for (const tag of wanted) {
    const exact = offered.find((lang) => lang.toLowerCase() === tag.toLowerCase());
    const near = offered.find((lang) => primary(lang) === primary(tag));
    const found = exact ?? near;
    if (found !== undefined) return found;
  }
  return offered[0] ?? '';
}
