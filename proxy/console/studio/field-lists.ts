/**
 * A list of items (a question's options, consent statements, steps, teams, rules), each in its
 * own fieldset with buttons to move it up or down and to remove it, and empty rows to add to it;
 * and the one entry that draws any field (the conditions are `field-conditions.ts`'s, the simple
 * controls `field-controls.ts`'s). The buttons submit the page's form, so what was typed is saved
 * with the move, never lost; the moved item's button has focus when the page comes back
 * (`autofocus`, or the studio's script without a reload).
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { answerControl, showIfControl } from './field-conditions.ts';
import { problemKey, type Drawing } from './control-notes.ts';
import { simpleControl } from './field-controls.ts';
import { idOf, itemWords, nameOf, type Field, type ListField } from './fields.ts';
import { listAt, setAt, type Path } from './raw-config.ts';

/**
 * Empty rows after a list's items: two while it has fewer than two, else one; or the list's own
 * `newRows` always (a question's options, typed a few at once, never one per save).
 */
export const blankRows = (field: ListField, count: number): number =>
  field.newRows ?? (count < 2 ? 2 - count : 1);

/** The value of a list button: what it does to which item (`move:options:2:up`). */
const listAction = (path: Path, verb: 'up' | 'down' | 'remove', index: number): string =>
  `${verb}:${nameOf(path)}:${String(index)}`;

/** One of an item's buttons, focused when the page opens after it was pressed. */
function itemButton(
  path: Path,
  verb: 'up' | 'down' | 'remove',
  index: number,
  words: string,
  item: string,
  drawing: Drawing,
) {
  const value = listAction(path, verb, index);
  const focused = drawing.focus?.name === 'action' && drawing.focus.value === value;
  return html`<button
    type="submit"
    name="action"
    value="${value}"
    class="${verb === 'remove' ? 'danger small' : 'small'}"
    ${focused ? 'autofocus' : ''}
    aria-label="${words}: ${item}"
  >
    ${words}
  </button>`;
}

function listControl(field: ListField, root: unknown, path: Path, drawing: Drawing): Html {
  const items = listAt(root, path);
  const rows = items.map((item) => (field.row ? field.row(item) : item));
  const blanks = blankRows(field, rows.length);
  const problems = drawing.problems.get(problemKey(path)) ?? [];
  const id = idOf(path);
  return html`<fieldset class="field list" id="${id}" data-list="${nameOf(path)}">
    <legend>${field.label}</legend>
    ${field.hint ? html`<p class="hint">${field.hint}</p>` : ''}
    ${problems.length > 0 ? html`<p class="error" id="${id}-error">${problems.map((p) => html`<span class="visually-hidden">Error:</span> ${p} `)}</p>` : ''}
    <input type="hidden" name="${nameOf(path)}.count" value="${rows.length}" />
    <ol class="items">
      ${rows.map((row, i) => {
        const name = itemWords(field, row, i);
        const base = [...path, i];
        return html`<li class="item">
          <fieldset>
            <legend>${name}</legend>
            ${field.fields(row, i).map((inner) => drawField(inner, setAt(root, [...path, i], row), base, drawing))}
            <div class="item-actions">
              ${i > 0 ? itemButton(path, 'up', i, 'Move up', name, drawing) : ''}
              ${i < rows.length - 1 ? itemButton(path, 'down', i, 'Move down', name, drawing) : ''}
              ${field.removable?.(row) === false ? '' : itemButton(path, 'remove', i, 'Remove', name, drawing)}
            </div>
          </fieldset>
        </li>`;
      })}
    </ol>
    ${Array.from({ length: blanks }, (_, k) => {
      const i = rows.length + k;
      return html`<fieldset class="item new">
        <legend>
          New ${field.noun}${blanks > 1 ? ` ${String(k + 1)}` : ''}
          <span class="muted">(left empty, none is added)</span>
        </legend>
        ${field.fields(undefined, i).map((inner) => drawField(inner, undefined, [...path, i], drawing))}
      </fieldset>`;
    })}
  </fieldset>`;
}

/** Draws any field of `root` at `base` (the part's root, or a list's item). */
function drawField(field: Field, root: unknown, base: Path, drawing: Drawing): Html {
  const path = [...base, ...field.path];
  if (field.kind === 'list') return listControl(field, root, path, drawing);
  if (field.kind === 'showIf') return showIfControl(field, root, path, drawing);
  if (field.kind === 'answer') return answerControl(field, root, path, drawing);
  return simpleControl(field, root, path, drawing) ?? html``;
}

/** Draws a page's fields. */
export const drawFields = (fields: readonly Field[], root: unknown, drawing: Drawing): Html =>
  html`${fields.map((field) => drawField(field, root, [], drawing))}`;
