/**
 * Every text a visitor reads in a draft, found through the pages' fields (each `translated`
 * text, in lists too): to list the ones missing a language, to write each text per language when
 * the form gains one, and to take a language out of each when it loses one.
 */
import { itemWords, type Field, type TextField } from './fields.ts';
import type { StudioPart } from './parts.ts';
import { allParts } from './settings-blocks.ts';
import type { Published } from './published.ts';
import { at, isRecord, listAt, setAt, type Path } from './raw-config.ts';

/** A text as the walk meets it: where it is in the part's view, its value, its field and name. */
export interface TextSpot {
  path: Path;
  value: unknown;
  name: string;
  field: TextField;
}

/**
 * Visits each translated text of `fields` in `value` (a list's item, `within` it, at `prefix` in
 * the part's view); `visit` may give a new value for it.
 */
function walk(
  fields: readonly Field[],
  value: unknown,
  visit: (spot: TextSpot) => unknown,
  within: string,
  prefix: Path,
): unknown {
  let out = value;
  for (const field of fields) {
    const path = field.path;
    if (field.kind === 'list') {
      const items = listAt(out, path);
      const next = items.map((item, i) => {
        const row = field.row ? field.row(item) : item;
        const mapped = walk(
          field.fields(row, i),
          row,
          visit,
          `${within}${itemWords(field, row, i)}: `,
          [...prefix, ...path, i],
        );
        return mapped === row ? item : field.item ? field.item(mapped) : mapped;
      });
      if (next.some((item, i) => item !== items[i])) out = setAt(out, path, next);
    } else if (field.kind === 'text' && field.translated) {
      const old = at(out, path);
      const next = visit({
        path: [...prefix, ...path],
        value: old,
        name: `${within}${field.label}`,
        field,
      });
      if (next !== old) out = setAt(out, path, next);
    }
  }
  return out;
}

/** Visits every text of one part of `config`; the part with the visits' values written back. */
export function visitPart(
  part: StudioPart,
  config: unknown,
  visit: (spot: TextSpot) => unknown,
): unknown {
  const stored = at(config, part.root);
  const view = part.view ? part.view(stored) : stored;
  const mapped = walk(part.fields, view, visit, '', []);
  if (mapped === view) return config;
  return setAt(config, part.root, part.stored ? part.stored(mapped) : mapped);
}

/** `config` with every text given to `write` (its parts built from `config` itself). */
export function mapTexts(
  config: unknown,
  published: Published,
  write: (text: unknown) => unknown,
): unknown {
  let out = config;
  for (const part of allParts(config, published))
    out = visitPart(part, out, ({ value }) => write(value));
  return out;
}

/** A text written per language from a text the same in every one: `first`'s words. */
export const perLanguage = (first: string) => (text: unknown) =>
  typeof text === 'string' ? { [first]: text } : text;

/** A text without `lang`'s words. */
export const without = (lang: string) => (text: unknown) => {
  if (!isRecord(text) || !(lang in text)) return text;
  const { [lang]: _dropped, ...rest } = text;
  return rest;
};
