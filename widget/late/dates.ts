/**
 * A day as the visitor reads it: in the form's language (`t.locale`), written as that language's
 * region writes it where the page or the browser names one (the tag's own `lang` or an
 * ancestor's first, then `navigator.languages`), so an `en-GB` page or browser reads "4 December
 * 2026", as the saved enquiry's email does, where `en` alone is the United States' "December 4,
 * 2026". A region of another language is never taken (a Welsh page does not make an English form
 * write Welsh months). In the late bundle's entry, which hands it to the steps' and the saved
 * enquiries' chunks (Check your answers' view, the drafts' `attach`): an import of it by a chunk
 * would be one more export of the late bundle, renaming every chunk's imports.
 */
import type { Translator } from '../i18n.ts';

/**
 * `at` as a long date in `t`'s language, as the region of `host`'s page or the browser writes it;
 * in `timeZone` when given (a date typed into a field is a day in UTC), else the browser's.
 *
 * @example longDate(t, host, Date.UTC(2026, 11, 4), 'UTC') // '4 December 2026' on an en-GB page
 */
export function longDate(t: Translator, host: Element, at: number, timeZone?: string): string {
  // The form's language and a two-letter region (`en-GB`): a tag `Intl` always takes, where a
  // page's `lang` may be anything. `t.locale` is canonical: its language is letters only.
  const regional = RegExp(`^${t.locale.split('-')[0] ?? ''}-[a-z]{2}$`, 'i');
  const tags = [host.closest('[lang]')?.getAttribute('lang'), ...navigator.languages];
  return new Intl.DateTimeFormat(
    [...tags.filter((tag): tag is string => regional.test(String(tag))), t.locale],
    { dateStyle: 'long', timeZone },
  ).format(at);
}
