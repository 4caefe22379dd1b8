/**
 * A strings file: every word of the widget and the proxy in a language the product does not ship
 * (`"strings": {"pl": "polish.json"}` in the configuration, the path from the configuration's
 * folder). A JSON object of every key of `ENGLISH` (those of `LATER_KEYS` may be left out, and
 * are said in English), each a string keeping the English's `{placeholders}`; read at start and
 * refused naming the file and the key. Proxy only.
 */
import { BOOKING_STRINGS } from '../booking-strings.ts';
import { PAGE_MESSAGES } from '../messages.ts';
import { DRAFT_STRINGS } from '../draft-strings.ts';
import { DRAFT_WORDS } from '../strings/draft-words.ts';
import { UNFINISHED_STRINGS } from '../unfinished-strings.ts';
import { UNFINISHED_WORDS } from '../strings/unfinished-words.ts';
import { VISITOR_CALL_WORDS } from '../strings/visitor-call-words.ts';
import { AFTER_CALL_WORDS } from '../strings/after-call-words.ts';
import { ENGLISH, type StringKey, type Strings } from '../strings/english.ts';
import { shippedStrings } from '../strings/catalogue.ts';
import type { ConfigIssue } from './common.ts';

/**
 * Keys that came after strings files were in use (saved enquiries, issue 57; a booked call's
 * email lines and page, the time picker, and the page's words of times offered once sent, issue
 * 75; where the call happens and its reminders, issue 88; unfinished enquiries' box and reminder,
 * issue 87): a file without them still starts the proxy, and says them in English until it gives them.
 */
const LATER_KEYS: ReadonlySet<string> = new Set(
  Object.keys({
    ...DRAFT_STRINGS,
    ...DRAFT_WORDS,
    ...VISITOR_CALL_WORDS,
    ...AFTER_CALL_WORDS,
    ...BOOKING_STRINGS,
    ...PAGE_MESSAGES,
    ...UNFINISHED_STRINGS,
    ...UNFINISHED_WORDS,
  }),
);

/** The longest string a file may give: the longest English is a few hundred characters. */
const MAX_STRING = 2000;

/**
 * The names of a string's placeholders, a plural block's count among them: what a translation
 * must keep (`{name}` in English is `{name}` in Welsh). A plural block's forms are words, not
 * placeholders: `{n, plural, one {ffeil} other {# o ffeiliau}}` names `n` alone.
 *
 * @example placeholders('{n, plural, one {# ffeil} other {# ffeil}} of {max}') // ['max', 'n']
 */
export function placeholders(template: string): string[] {
  const names = new Set<string>();
  const plain = template.replace(/\{(\w+),\s*plural,/g, (_, name: string) => {
    names.add(name);
    return '';
  });
  // A form is a category word then braces: what follows it is its words, not a placeholder.
  for (const [, name] of plain.matchAll(/(?<!\b(?:zero|one|two|few|many|other)\s*)\{(\w+)\}/g))
    names.add(name ?? '');
  return [...names].sort();
}

/** A strings file read, or why not: one line per problem, naming the file and the key. */
export interface StringsFileCheck {
  strings?: Strings;
  problems: string[];
}

/**
 * Checks a strings file's JSON (`file` names it in each problem).
 *
 * @example checkStringsFile({ submit: 'Wyślij' }, 'polish.json').problems[0] // 'polish.json: no "loading"'
 */
export function checkStringsFile(json: unknown, file: string): StringsFileCheck {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { problems: [`${file}: must be a JSON object of strings by key`] };
  const given = json as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(ENGLISH) as StringKey[]) {
    const text = given[key];
    if (!Object.hasOwn(given, key)) {
      if (!LATER_KEYS.has(key)) problems.push(`${file}: no "${key}"`);
    } else if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_STRING)
      problems.push(`${file}: "${key}" must be text of 1 to ${MAX_STRING} characters`);
    else if (placeholders(text).join() !== placeholders(ENGLISH[key]).join())
      problems.push(
        `${file}: "${key}" must name ${
          placeholders(ENGLISH[key])
            .map((name) => `{${name}}`)
            .join(' ') || 'no placeholder'
        }, as the English does`,
      );
  }
  for (const key of Object.keys(given))
    if (!Object.hasOwn(ENGLISH, key))
      problems.push(`${file}: "${key}" is not a key of the strings`);
  return problems.length > 0
    ? { problems }
    : { strings: { ...ENGLISH, ...(given as Partial<Strings>) }, problems };
}

/** What the configuration's `"strings"` and `"languages"` come to: each language's words. */
export interface LanguageWords {
  strings: ReadonlyMap<string, Strings>;
  issues: ConfigIssue[];
}

/**
 * The words of each listed language: a strings file's where the configuration names one (read
 * by `read`, which throws when it cannot), else the product's own; a language with neither is
 * a problem, as is a file for a language the form does not list.
 */
export function languageWords(
  languages: readonly string[],
  files: Readonly<Record<string, string>>,
  read: (path: string) => unknown,
): LanguageWords {
  const strings = new Map<string, Strings>();
  const issues: ConfigIssue[] = [];
  const problem = (path: ConfigIssue['path'], message: string) => issues.push({ path, message });
  for (const lang of Object.keys(files))
    if (!languages.includes(lang))
      problem(['strings', lang], `"${lang}" is not one of "languages"`);
  languages.forEach((lang, i) => {
    const file = files[lang];
    if (file === undefined) {
      if (!shippedStrings(lang))
        problem(
          ['languages', i],
          `"${lang}" has no strings: the product ships en and cy; give a strings file as "strings": {"${lang}": "path/to/${lang}.json"}`,
        );
      return;
    }
    let json: unknown;
    try {
      json = read(file);
    } catch (error) {
      problem(
        ['strings', lang],
        `cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    const checked = checkStringsFile(json, file);
    for (const line of checked.problems) problem(['strings', lang], line);
    if (checked.strings) strings.set(lang, checked.strings);
  });
  return { strings, issues };
}
