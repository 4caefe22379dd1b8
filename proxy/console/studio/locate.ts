/**
 * Where a problem is: a `StudioIssue`'s JSON path turned into the page that edits it, the field
 * it is shown beside (and the id of that field's box, for the error summary's link), and the
 * field's name in words. Also every text of the draft that lacks one of its languages, with the
 * same place, so the form's page lists each missing translation and links to its box.
 */
import type { StudioIssue } from '../../studio/form-studio.ts';
import { problemKey } from './control-notes.ts';
import { idOf, itemWords, type Field } from './fields.ts';
import { caseTypeName, caseTypeUrl, FORM_URL, type StudioPart } from './parts.ts';
import { allParts } from './settings-blocks.ts';
import type { Published } from './published.ts';
import { studioWords } from './studio-words.ts';
import { visitPart } from './texts-walk.ts';
import {
  at,
  setAt,
  languageName,
  languagesOf,
  listAt,
  missingIn,
  startsWith,
  type Path,
} from './raw-config.ts';

/** A field found on its page: its problems' key, its box's id, its name in words, its kind. */
export interface Place {
  key: string;
  id: string;
  name: string;
  kind?: Field['kind'] | undefined;
}

/** The part's value as its fields read it. */
export const viewOf = (part: StudioPart, config: unknown): unknown => {
  const stored = at(config, part.root);
  return part.view ? part.view(stored) : stored;
};

/** Finds the field of `fields` (of `value`, at `base`) that `rel` names, deepest first. */
export function findField(
  fields: readonly Field[],
  value: unknown,
  base: Path,
  rel: Path,
  within = '',
): Place | undefined {
  for (const field of fields) {
    const path = [...base, ...field.path];
    const name = `${within}${field.label}`;
    if (field.kind === 'list' && startsWith(rel, path) && rel.length > path.length) {
      const i = rel[path.length];
      if (typeof i !== 'number') continue;
      const item = listAt(value, path)[i];
      const row = item === undefined ? undefined : field.row ? field.row(item) : item;
      const inner = findField(
        field.fields(row, i),
        setAt(value, [...path, i], row),
        [...path, i],
        rel,
        `${itemWords(field, row, i)}: `,
      );
      const first = field.fields(row, i)[0];
      return (
        inner ??
        (first
          ? {
              key: problemKey([...path, i, ...first.path]),
              id: idOf([...path, i, ...first.path]),
              name: itemWords(field, row, i),
              kind: first.kind,
            }
          : undefined)
      );
    }
    if (startsWith(rel, path)) {
      const lang = rel[path.length];
      if (
        field.kind === 'text' &&
        field.translated &&
        typeof lang === 'string' &&
        rel.length === path.length + 1
      )
        return {
          key: problemKey(path, lang),
          id: idOf(path, lang),
          name: `${name} (${languageName(lang)})`,
          kind: field.kind,
        };
      return { key: problemKey(path), id: idOf(path), name, kind: field.kind };
    }
    if (startsWith(path, rel))
      return { key: problemKey(path), id: idOf(path), name, kind: field.kind };
  }
  return undefined;
}

/** The part that edits `path`: the most nested one whose root holds it. */
function partOf(parts: readonly StudioPart[], path: Path): StudioPart | undefined {
  return parts.find(
    (part) =>
      startsWith(path, part.root) &&
      (!part.owns ||
        (typeof path[part.root.length] === 'string' &&
          part.owns.includes(String(path[part.root.length])))),
  );
}

/** A problem placed: its page, its field there when one holds it, and its words there. */
export interface PlacedIssue {
  issue: StudioIssue;
  url: string;
  page: string;
  place?: Place | undefined;
  /** What is wrong and what to do, in the studio's words (`studio-words.ts`). */
  words: string;
}

/** Where each issue is shown: on its page, beside its field. */
export function placeIssues(
  config: unknown,
  published: Published,
  issues: readonly StudioIssue[],
): PlacedIssue[] {
  const parts = allParts(config, published);
  return issues.map((issue) => {
    const part = partOf(parts, issue.path);
    if (!part)
      return { issue, ...pageOf(config, issue.path), words: studioWords(issue, undefined) };
    const rel = issue.path.slice(part.root.length);
    const place = findField(
      part.fields,
      viewOf(part, config),
      [],
      part.viewPath ? part.viewPath(rel, at(config, part.root)) : rel,
    );
    return { issue, url: part.url, page: part.title, place, words: studioWords(issue, place) };
  });
}

/** The page of a path no part's field holds: a case type's, the languages', or the form's. */
function pageOf(config: unknown, path: Path): { url: string; page: string } {
  const [top, c] = path;
  if (top === 'caseTypes' && typeof c === 'number' && c < listAt(config, ['caseTypes']).length)
    return { url: caseTypeUrl(c), page: `Case type “${caseTypeName(config, c)}”` };
  if (top === 'languages' || top === 'strings')
    return { url: `${FORM_URL}/languages`, page: 'Languages' };
  return { url: FORM_URL, page: 'The form' };
}

/** A text without its words in one of the form's languages. */
export interface MissingText {
  lang: string;
  url: string;
  page: string;
  place: Place;
}

/** Every text of the draft missing one of its languages, page by page. */
function missingTexts(config: unknown, published: Published): MissingText[] {
  const languages = languagesOf(config);
  if (languages.length < 2) return [];
  const found: MissingText[] = [];
  for (const part of allParts(config, published))
    visitPart(part, config, ({ path, value, name }) => {
      for (const lang of languages.filter((one) => missingIn(value, one)))
        found.push({
          lang,
          url: part.url,
          page: part.title,
          place: {
            key: problemKey(path, lang),
            id: idOf(path, lang),
            name: `${name} (${languageName(lang)})`,
          },
        });
      return value;
    });
  return found;
}

/**
 * A page's problems and missing texts (every page's, without `url`): a text missing a language
 * is listed as missing, marked beside its box, not also as a problem in red, which a page shows
 * for what the editor must change (a publish names both, `publish-routes.ts`).
 */
export function ofPage(
  draft: { config: unknown; published: Published },
  issues: readonly StudioIssue[],
  url?: string,
): { placed: PlacedIssue[]; missing: MissingText[] } {
  const here = (item: { url: string }) => url === undefined || item.url === url;
  const missing = missingTexts(draft.config, draft.published).filter(here);
  const marked = new Set(missing.map((m) => `${m.url}#${m.place.key}`));
  const placed = placeIssues(draft.config, draft.published, issues)
    .filter(here)
    .filter((p) => p.issue.rule !== 'translation' || !marked.has(`${p.url}#${p.place?.key ?? ''}`));
  return { placed, missing };
}
