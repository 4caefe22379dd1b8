/**
 * The draft as the studio edits it: a configuration as the file holds it (`FORM_CONFIG`'s JSON,
 * texts as strings or `{"en": …, "cy": …}`), which may not pass the schema yet. Reading it never
 * throws on a shape it did not expect (a draft is work in progress); writing copies, so a draft
 * read from the store is never changed in place.
 */

/** Where a value sits in a configuration: `['caseTypes', 0, 'questions', 2, 'label']`. */
export type Path = readonly (string | number)[];

/** A plain object of JSON (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** True for a plain object of JSON. */
export const isRecord = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path`, or undefined where the draft has nothing there. */
export function at(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) {
    if (typeof key === 'number' ? !Array.isArray(node) : !isRecord(node)) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** The list at `path` (an empty one where the draft has none). */
export const listAt = (value: unknown, path: Path): unknown[] => {
  const found = at(value, path);
  return Array.isArray(found) ? found : [];
};

/**
 * `value` with `path` set to `next` (or the key removed, for undefined), the objects and lists
 * on the way made where missing; `value` itself is not changed.
 *
 * @example setAt({ a: { b: 1 } }, ['a', 'c'], 2) // { a: { b: 1, c: 2 } }
 */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return next;
  if (typeof key === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[key] = setAt(list[key], rest, next);
    return list;
  }
  const { [key]: old, ...others } = isRecord(value) ? value : {};
  const inner = setAt(old, rest, next);
  return inner === undefined ? others : { ...others, [key]: inner };
}

/**
 * The value at `path` as words: a string as it is, a number or a flag written out, '' for
 * anything else (nothing there, an object, a list).
 */
export function shownAt(value: unknown, path: Path): string {
  const found = at(value, path);
  return typeof found === 'string'
    ? found
    : typeof found === 'number' || typeof found === 'boolean'
      ? String(found)
      : '';
}

/** True when `path` starts with `prefix`. */
export const startsWith = (path: Path, prefix: Path): boolean =>
  prefix.length <= path.length && prefix.every((key, i) => path[i] === key);

/** JSON written the one way the studio compares it (keys in their order, no spaces). */
export const jsonOf = (value: unknown): string => JSON.stringify(value ?? null);

/** `value`'s own keys named in `keys` (all of it when `keys` is undefined). */
export function pick(value: unknown, keys: readonly string[] | undefined): unknown {
  if (!keys) return value;
  const object = isRecord(value) ? value : {};
  return Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));
}

/** The form's languages, the firm's first; `[]` for a form in one language that lists none. */
export function languagesOf(config: unknown): string[] {
  const listed = at(config, ['languages']);
  return Array.isArray(listed)
    ? listed.filter((lang): lang is string => typeof lang === 'string')
    : [];
}

/** A language as the console names it, in English: `Welsh`. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * A text in `lang`: a plain string is the same in every language; a text written per language
 * gives that language's words, or '' where it has none.
 *
 * @example textIn({ en: 'Buying', cy: 'Prynu' }, 'cy') // 'Prynu'
 */
export function textIn(value: unknown, lang: string | undefined): string {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return '';
  const words = lang === undefined ? Object.values(value)[0] : value[lang];
  return typeof words === 'string' ? words : '';
}

/** True when a text of a form in several languages has no words in `lang`. */
export const missingIn = (value: unknown, lang: string): boolean =>
  isRecord(value) && textIn(value, lang).trim() === '';

/**
 * A text written from each language's words, as the file would hold it: a string in a form in
 * one language (`languages` empty, the words under ''), else one entry per language that has
 * words (a missing one is then refused by name). Undefined when nothing was written and the
 * text may be left out; '' for a text that may not, so the schema names it.
 */
export function writeText(
  words: Readonly<Record<string, string | undefined>>,
  languages: readonly string[],
  required: boolean,
): unknown {
  if (languages.length === 0) {
    const one = words[''] ?? '';
    return one.trim() === '' && !required ? undefined : one;
  }
  const written = Object.fromEntries(
    languages.flatMap((lang) => {
      const text = words[lang] ?? '';
      return text.trim() === '' ? [] : [[lang, text]];
    }),
  );
  if (Object.keys(written).length === 0) return required ? {} : undefined;
  return written;
}
