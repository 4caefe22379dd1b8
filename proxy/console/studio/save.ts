/**
 * Saving an edit to the draft without overwriting anyone: every studio form carries the revision
 * it was drawn from and its part as drawn (`base`). Saved over that revision, it is simply saved.
 * When someone saved since, the edit is still saved on top of their draft if their save did not
 * touch this part (the page says who saved, so nothing happens behind the editor's back); if it
 * did, nothing is saved, and the page shows what they changed beside everything the editor typed,
 * ready to be saved again over their revision.
 */
import type { FormActor, FormDraft, FormStudio } from '../../studio/form-studio.ts';
import { findField } from './locate.ts';
import type { StudioPart } from './parts.ts';
import { at, isRecord, jsonOf, pick, type Path } from './raw-config.ts';

/** An edit as a page's form posts it. */
export interface Edit {
  /** The revision the page was drawn from. */
  revision: number;
  /** The page's part as it was drawn (`baseOf`), as JSON. */
  base: string;
  root: Path;
  owns?: readonly string[] | undefined;
  /** The whole configuration with the edit made, from the draft as it is now. */
  apply: (config: unknown) => unknown;
  /** The part as `base` holds it, from a configuration: `baseOf` its root and keys by default. */
  partIn?: (config: unknown) => string;
}

/** What came of an edit. */
export type EditOutcome =
  | { kind: 'saved'; draft: FormDraft; unchanged?: boolean; alongside?: FormDraft }
  | { kind: 'conflict'; theirs: FormDraft; was: unknown; mine: unknown };

/** The part of `config` a page edits, as the page's form carries it. */
export const baseOf = (config: unknown, root: Path, owns?: readonly string[]): string =>
  jsonOf(pick(at(config, root), owns));

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
};

/** Saves `edit` as the module says; `by` names the editor. */
export async function saveEdit(
  studio: FormStudio,
  by: FormActor,
  edit: Edit,
): Promise<EditOutcome> {
  // Someone may save between our read and our save: read again, a few times at most.
  for (let tries = 0; tries < 3; tries += 1) {
    const latest = await studio.draft();
    const stale = latest.revision !== edit.revision;
    const next = edit.apply(latest.config);
    const part = edit.partIn
      ? edit.partIn(latest.config)
      : baseOf(latest.config, edit.root, edit.owns);
    if (stale && part !== edit.base)
      return { kind: 'conflict', theirs: latest, was: parsed(edit.base), mine: next };
    if (jsonOf(next) === jsonOf(latest.config))
      return { kind: 'saved', draft: latest, unchanged: true };
    const saved = await studio.saveDraft(next, latest.revision, by);
    if (saved.saved)
      return { kind: 'saved', draft: saved.draft, ...(stale ? { alongside: latest } : {}) };
  }
  const theirs = await studio.draft();
  return { kind: 'conflict', theirs, was: parsed(edit.base), mine: edit.apply(theirs.config) };
}

/** Every leaf of a JSON value by its path (an empty list or object is a leaf too). */
function leaves(
  value: unknown,
  path: Path = [],
  into = new Map<string, { path: Path; value: unknown }>(),
) {
  const entries = Array.isArray(value)
    ? value.map((item, i) => [i, item] as const)
    : isRecord(value)
      ? Object.entries(value)
      : [];
  if (entries.length === 0) into.set(jsonOf(path), { path, value });
  for (const [key, inner] of entries) leaves(inner, [...path, key], into);
  return into;
}

const shown = (value: unknown) =>
  value === undefined ? 'nothing' : typeof value === 'string' ? `“${value}”` : jsonOf(value);

/**
 * What changed in a page's part from `was` to `now` (its values as the file holds them), in
 * words, one line per field: `Question (Welsh): “…” → “…”`.
 */
export function changedFields(part: StudioPart, was: unknown, now: unknown): string[] {
  const view = (value: unknown) => (part.view ? part.view(value) : value);
  const [before, after] = [leaves(view(was)), leaves(view(now))];
  const lines = new Map<string, string>();
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key);
    const b = after.get(key);
    if (jsonOf(a?.value) === jsonOf(b?.value)) continue;
    const path = (a ?? b)?.path ?? [];
    const place =
      findField(part.fields, view(now), [], path) ?? findField(part.fields, view(was), [], path);
    const name = place?.name ?? path.join(', ');
    const line = lines.get(name);
    lines.set(name, line ? `${name}: changed` : `${name}: ${shown(a?.value)} → ${shown(b?.value)}`);
  }
  return [...lines.values()];
}

/** The part of the page in the configuration `config`, as `changedFields` compares it. */
export const partValue = (part: StudioPart, config: unknown): unknown =>
  pick(at(config, part.root), part.owns);
