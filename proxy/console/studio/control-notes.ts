/**
 * What every studio control is drawn with: the hint and the problems under its label, tied to the
 * control by `aria-describedby`, the key its problems are found by, and the tick box that always
 * posts. The controls themselves are `field-controls.ts`' and `choice-controls.ts`'.
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { nameOf, type Field, type FieldContext } from './fields.ts';
import type { Path } from './raw-config.ts';

/** What drawing a page's fields needs besides their values. */
export interface Drawing extends FieldContext {
  /** Problems to show beside a control, by its key (`problemKey`). */
  problems: ReadonlyMap<string, readonly string[]>;
  /** The name and value of the button to focus when the page opens (an item just moved). */
  focus?: { name: string; value: string } | undefined;
}

/** The key of a control's problems: its name, and its language for a text's box. */
export const problemKey = (path: Path, lang?: string): string =>
  lang ? `${nameOf(path)}@${lang}` : nameOf(path);

/** Draws one field of the value `root` (a page's part), at `base` within it (a list's item). */
export type DrawField = (field: Field, root: unknown, base: Path, drawing: Drawing) => Html;

/** The hint, and the problems, under a label; with the ids a control names in `aria-describedby`. */
export function notes(id: string, hint: string | undefined, problems: readonly string[] = []) {
  const ids = [hint ? `${id}-hint` : '', problems.length > 0 ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const drawn = html`${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
  ${problems.length > 0 ? html`<p class="error" id="${id}-error">${problems.map((p) => html`<span class="visually-hidden">Error:</span> ${p} `)}</p>` : ''}`;
  return { ids, drawn, invalid: problems.length > 0 };
}

/** `aria-describedby` and `aria-invalid` for a control, as its notes say. */
export const described = (ids: string, invalid: boolean) =>
  html`${ids ? html` aria-describedby="${ids}"` : ''}${invalid ? html` aria-invalid="true"` : ''}`;

/** A tick box that always posts: `off` from the hidden field before it, `on` when ticked. */
export const tickBox = (id: string, name: string, ticked: boolean, aria: Html = html``) =>
  html`<input type="hidden" name="${name}" value="off" /><input
      type="checkbox"
      id="${id}"
      name="${name}"
      value="on"
      ${ticked ? 'checked' : ''}
      ${aria}
    />`;
