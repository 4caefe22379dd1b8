/**
 * A posted studio form read back into the draft, field by field as `fields.ts` describes them:
 * each value written where its path says, as the file would hold it, and what was typed kept
 * as typed (a number that is not one stays text, so the schema names it beside its box and the
 * box still shows it). A field the page did not draw is left as it was. A list's button (move
 * up or down, remove) is applied after its items are read, so nothing typed is lost by it. A
 * list left with no items is left out, never written as `[]`: the file says "none" by its absence.
 */
import { readAnswer } from './field-conditions.ts';
import { blankRows } from './field-lists.ts';
import { itemWords, nameOf, type Field, type FieldContext, type ListField } from './fields.ts';
import { at, isRecord, setAt, textIn, writeText, type Path } from './raw-config.ts';

/** A posted form's fields, by name. */
export type Posted = Readonly<Record<string, string | undefined>>;

/** What a list's button did: the button to focus afterwards and the words that say so. */
export interface Moved {
  focus: { name: string; value: string };
  message: string;
}

/** One reading of a post: its fields, and what a list's button did, once read. */
export interface Reading extends FieldContext {
  form: Posted;
  moved?: Moved;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function readText(
  field: Extract<Field, { kind: 'text' }>,
  name: string,
  old: unknown,
  reading: Reading,
) {
  const { form, languages } = reading;
  const several = field.translated === true && languages.length > 0;
  const names = several
    ? languages.map((lang) => [lang, `${name}.${lang}`] as const)
    : [['', name] as const];
  if (names.every(([, key]) => form[key] === undefined)) return old;
  const words = Object.fromEntries(
    names.map(([lang, key]) => [lang, form[key] ?? textIn(old, lang || undefined)]),
  );
  // A text the same in every language stays one string while nobody changes a language of it.
  if (typeof old === 'string' && Object.values(words).every((text) => text === old)) return old;
  return writeText(words, several ? languages : [], field.required === true);
}

function readSimple(field: Field, name: string, old: unknown, reading: Reading): unknown {
  const { form } = reading;
  const posted = form[name];
  switch (field.kind) {
    case 'text':
      return readText(field, name, old, reading);
    case 'number': {
      if (posted === undefined) return old;
      const typed = posted.trim();
      if (typed === '') return undefined;
      return NUMBER.test(typed)
        ? Math.round(Number(typed) * (field.scale ?? 1) * 1e6) / 1e6
        : typed;
    }
    case 'flag':
      return posted === undefined ? old : posted === 'on' ? true : undefined;
    case 'choice':
      return posted === undefined ? old : posted === '' ? undefined : posted;
    case 'checks': {
      const keys = field.choices.map((_, i) => `${name}.${String(i)}`);
      if (keys.every((key) => form[key] === undefined)) return old;
      const ticked = field.choices
        .filter((_, i) => form[keys[i] ?? ''] === 'on')
        .map((c) => c.value);
      return ticked.length > 0 ? ticked : undefined;
    }
    case 'id':
      return field.fixed || posted === undefined ? old : posted.trim();
    case 'source': {
      const kind = form[`${name}.kind`];
      if (kind === undefined) return old;
      if (kind !== 'param' && kind !== 'attribute') return undefined;
      return { [kind]: (form[`${name}.name`] ?? '').trim() };
    }
    case 'showIf': {
      const question = form[`${name}.question`];
      if (question === undefined) return old;
      const q = field.earlier.findIndex((earlier) => earlier.id === question);
      const earlier = field.earlier[q];
      if (!earlier) return undefined;
      if (earlier.options.length === 0)
        return { question, equals: (form[`${name}.text.${String(q)}`] ?? '').trim() };
      const equals = earlier.options
        .filter((_, o) => form[`${name}.equals.${String(q)}.${String(o)}`] === 'on')
        .map((option) => option.value);
      return { question, equals: equals.length === 1 ? equals[0] : equals };
    }
    case 'answer':
      return readAnswer(field, name, old, form);
    default:
      return old;
  }
}

/** True when a new item's row was left empty: nothing typed, nothing ticked, nothing chosen. */
const leftEmpty = (form: Posted, prefix: string): boolean =>
  Object.entries(form).every(
    ([key, value]) =>
      !key.startsWith(prefix) || value === undefined || ['', 'off'].includes(value.trim()),
  );

function readList(field: ListField, path: Path, old: unknown, reading: Reading): unknown {
  const name = nameOf(path);
  const posted = reading.form[`${name}.count`];
  if (posted === undefined) return old;
  const count = Math.max(0, Math.min(500, Number(posted) || 0));
  const oldItems: unknown[] = Array.isArray(old) ? old : [];
  const rows: unknown[] = [];
  for (let i = 0; i < count + blankRows(field, count); i += 1) {
    const isNew = i >= count;
    if (isNew && leftEmpty(reading.form, `${name}.${String(i)}.`)) continue;
    const oldItem = isNew ? undefined : oldItems[i];
    const oldRow = oldItem === undefined ? {} : field.row ? field.row(oldItem) : oldItem;
    const row = readInto(
      field.fields(isNew ? undefined : oldRow, i),
      oldRow,
      [...path, i],
      reading,
      path.length + 1,
    );
    rows.push(row);
  }
  const acted = applyAction(field, name, rows, reading);
  // No items is no list: a tick box without options is one box, not a list of none.
  if (acted.length === 0) return undefined;
  return acted.map((row) => (field.item ? field.item(row) : row));
}

/** A list's button applied to its rows: `up:options:2`, `down:…`, `remove:…`. */
function applyAction(field: ListField, name: string, rows: unknown[], reading: Reading): unknown[] {
  const [verb, list, index] = (reading.form.action ?? '').split(':');
  const i = Number(index);
  if (list !== name || !Number.isInteger(i) || i < 0 || i >= rows.length) return rows;
  const item = rows[i];
  const named = itemWords(field, item);
  if (verb === 'remove') {
    reading.moved = { focus: { name: 'list', value: name }, message: `${named} removed.` };
    return rows.filter((_, n) => n !== i);
  }
  const to = verb === 'up' ? i - 1 : verb === 'down' ? i + 1 : -1;
  if (to < 0 || to >= rows.length) return rows;
  const moved = [...rows];
  moved.splice(i, 1);
  moved.splice(to, 0, item);
  // The same button keeps focus, or the other one where the item has reached an end.
  const keep = (verb === 'up' && to > 0) || (verb === 'down' && to < rows.length - 1);
  const button = keep ? verb : verb === 'up' ? 'down' : 'up';
  reading.moved = {
    focus: { name: 'action', value: `${button}:${name}:${String(to)}` },
    message: `${named} moved to position ${String(to + 1)} of ${String(rows.length)}.`,
  };
  return moved;
}

/**
 * Reads `fields` from the post into `old`, the value at `base` of the part (the part itself, or
 * a list's item); `strip` of the path's first keys are the part's, not the value's.
 */
function readInto(
  fields: readonly Field[],
  old: unknown,
  base: Path,
  reading: Reading,
  strip: number,
): unknown {
  let value = old;
  for (const field of fields) {
    const path = [...base, ...field.path];
    const inner = path.slice(strip);
    const before = at(value, inner);
    const next =
      field.kind === 'list'
        ? readList(field, path, before, reading)
        : readSimple(field, nameOf(path), before, reading);
    value = setAt(value, inner, next);
  }
  return value;
}

/** The part `old` with the post's fields read into it. */
export const readFields = (fields: readonly Field[], old: unknown, reading: Reading): unknown =>
  readInto(fields, isRecord(old) ? old : {}, [], reading, 0);
