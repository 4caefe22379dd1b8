/**
 * A list of the form's case types or of a case type's questions, each a link to its page with
 * a line about it, and (for an editor) its own small form of two buttons, Move up and Move down.
 * The form names the draft's revision and the list's ids as drawn, so a move made on a list
 * someone has changed since is not applied to the wrong item. After a move the page opens with
 * the moved item's same button focused (the other one when it reached an end) and the live
 * region saying where it went.
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { draftFields } from './studio-frame.ts';

/** One item of the list. */
export interface ListedItem {
  name: string;
  href: string;
  details: Html;
}

/** What the list needs to draw its buttons. */
export interface ReorderData {
  /** The list's name in the button values and the address (`questions`, `caseTypes`). */
  list: string;
  items: readonly ListedItem[];
  action: string;
  csrf: string;
  revision: number;
  /** The list's ids as drawn (`idsOf`). */
  base: string;
  canEdit: boolean;
  /** The button to focus (`up:questions:2`), from the address after a move. */
  focus?: string | undefined;
}

/** A move's button value, parsed: which way, which list, which item. */
const MOVE = /^(up|down):([A-Za-z]{1,40}):(\d{1,4})$/;

/** The list drawn. */
export function reorderList(data: ReorderData): Html {
  const { items } = data;
  const button = (verb: 'up' | 'down', i: number, name: string) => {
    const value = `${verb}:${data.list}:${String(i)}`;
    return html`<button
      type="submit"
      name="move"
      value="${value}"
      class="small"
      ${data.focus === value ? 'autofocus' : ''}
      aria-label="Move ${verb}: ${name}"
    >
      Move ${verb}
    </button>`;
  };
  return html`<ol class="reorder">
    ${items.map(
      (item, i) =>
        html`<li>
          <div class="reorder__item">
            <p class="reorder__name"><a href="${item.href}">${item.name}</a></p>
            ${item.details}
          </div>
          ${
            data.canEdit && items.length > 1
              ? html`<form method="post" action="${data.action}" class="reorder__buttons">
                  ${draftFields(data.csrf, data.revision, data.base)}
                  ${i > 0 ? button('up', i, item.name) : ''}
                  ${i < items.length - 1 ? button('down', i, item.name) : ''}
                </form>`
              : ''
          }
        </li>`,
    )}
  </ol>`;
}

/**
 * The list after a move: `items` with item `i` moved up or down, the button to focus, and the
 * words that say where it went; undefined for a move that goes nowhere.
 */
export function moved<T>(
  items: readonly T[],
  move: string | undefined,
  list: string,
  name: (item: T) => string,
) {
  const match = MOVE.exec(move ?? '');
  if (!match || match[2] !== list) return undefined;
  const verb = match[1] as 'up' | 'down';
  const from = Number(match[3]);
  const to = verb === 'up' ? from - 1 : from + 1;
  const item = items[from];
  if (item === undefined || to < 0 || to >= items.length) return undefined;
  const next = [...items];
  next.splice(from, 1);
  next.splice(to, 0, item);
  const keep = verb === 'up' ? to > 0 : to < items.length - 1;
  return {
    items: next,
    focus: `${keep ? verb : verb === 'up' ? 'down' : 'up'}:${list}:${String(to)}`,
    name: name(item),
  };
}

/** Where the item the focus names now is, in words, for the live region. */
export function movedWords(
  names: readonly string[],
  focus: string | undefined,
  list: string,
): string | undefined {
  const match = MOVE.exec(focus ?? '');
  if (!match || match[2] !== list) return undefined;
  const i = Number(match[3]);
  const name = names[i];
  return name === undefined
    ? undefined
    : `${name} moved to position ${String(i + 1)} of ${String(names.length)}.`;
}
