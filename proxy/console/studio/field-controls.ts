/**
 * The studio's form controls, drawn from the fields' descriptions (`fields.ts`) on the GOV.UK
 * frame: a label, a hint, the problem beside the control (its words, never a path alone), then
 * the control, each tied to the others by `aria-describedby`. A text of a form in several
 * languages is one box per language side by side, the firm's first, and a language without its
 * words is marked where it is missing. Lists and `showIf` are `field-lists.ts`'s.
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import {
  idOf,
  nameOf,
  type Field,
  type FlagField,
  type IdField,
  type NumberField,
  type TextField,
} from './fields.ts';
import { at, languageName, missingIn, shownAt, textIn, type Path } from './raw-config.ts';
import { checksControl, choiceControl, sourceControl } from './choice-controls.ts';
import { described, notes, problemKey, tickBox, type Drawing } from './control-notes.ts';

/** One text box (a line, or a box of `lines`), named `name`, holding `value`. */
export function textBox(field: TextField, id: string, name: string, value: string, aria: Html) {
  const code = field.code ? html` spellcheck="false" autocapitalize="off" autocomplete="off"` : '';
  return field.lines
    ? html`<textarea id="${id}" name="${name}" rows="${field.lines}" ${aria}${code}>
${value}</textarea>`
    : html`<input
        id="${id}"
        name="${name}"
        type="${field.type ?? 'text'}"
        value="${value}"
        ${aria}${code}
      />`;
}

function textControl(field: TextField, root: unknown, path: Path, drawing: Drawing) {
  const value = at(root, path);
  const { languages, problems } = drawing;
  if (!field.translated || languages.length === 0) {
    const id = idOf(path);
    const n = notes(id, field.hint, problems.get(problemKey(path)));
    return html`<div class="field${n.invalid ? ' invalid' : ''}">
      <label for="${id}">${field.label}</label>${n.drawn}
      ${textBox(field, id, nameOf(path), textIn(value, undefined), described(n.ids, n.invalid))}
    </div>`;
  }
  const groupId = idOf(path);
  const hint = field.hint ? html`<p class="hint" id="${groupId}-hint">${field.hint}</p>` : '';
  return html`<fieldset class="field texts" id="${groupId}">
    <legend>${field.label}</legend>
    ${hint}
    <div class="langs">
      ${languages.map((lang, i) => {
        const id = idOf(path, lang);
        const missing = i > 0 || languages.length > 1 ? missingIn(value, lang) : false;
        const n = notes(
          id,
          missing ? `No ${languageName(lang)} yet.` : undefined,
          problems.get(problemKey(path, lang)),
        );
        return html`<div class="lang${missing ? ' missing' : ''}${n.invalid ? ' invalid' : ''}">
          <label for="${id}" lang="en"
            >${languageName(lang)}${i === 0 ? html` <span class="muted">(the firm’s)</span>` : ''}${missing ? html` <strong class="tag">missing</strong>` : ''}</label
          >${n.drawn}
          ${textBox(field, id, `${nameOf(path)}.${lang}`, textIn(value, lang), html`lang="${lang}"${described([field.hint ? `${groupId}-hint` : '', n.ids].filter(Boolean).join(' '), n.invalid)}`)}
        </div>`;
      })}
    </div>
  </fieldset>`;
}

function numberControl(field: NumberField, root: unknown, path: Path, drawing: Drawing) {
  const value = at(root, path);
  const shown =
    typeof value === 'number' ? String(value / (field.scale ?? 1)) : shownAt(root, path);
  const id = idOf(path);
  const n = notes(id, field.hint, drawing.problems.get(problemKey(path)));
  return html`<div class="field${n.invalid ? ' invalid' : ''}">
    <label for="${id}">${field.label}</label>${n.drawn}
    <span class="with-unit"
      ><input
        class="number"
        id="${id}"
        name="${nameOf(path)}"
        inputmode="decimal"
        spellcheck="false"
        value="${shown}"
        ${described(n.ids, n.invalid)}
      />${field.unit ? html` <span>${field.unit}</span>` : ''}</span
    >
  </div>`;
}

function flagControl(field: FlagField, root: unknown, path: Path, drawing: Drawing) {
  const id = idOf(path);
  const n = notes(id, field.hint, drawing.problems.get(problemKey(path)));
  return html`<div class="field tick${n.invalid ? ' invalid' : ''}">
    ${tickBox(id, nameOf(path), at(root, path) === true, described(n.ids, n.invalid))}
    <label for="${id}">${field.label}</label>${n.drawn}
  </div>`;
}

function idControl(field: IdField, root: unknown, path: Path, drawing: Drawing) {
  const value = at(root, path);
  const id = idOf(path);
  if (field.fixed)
    return html`<div class="field fixed-id" id="${id}">
      <p class="label">${field.label}</p>
      <p><code>${typeof value === 'string' ? value : ''}</code></p>
      ${field.hint ? html`<p class="hint">${field.hint}</p>` : ''}
    </div>`;
  return textControl(
    {
      kind: 'text',
      path: field.path,
      label: field.label,
      hint: field.hint,
      code: true,
      required: true,
    },
    root,
    path,
    drawing,
  );
}

/** The controls of the simple fields; `list` and `showIf` are drawn by `draw` (`field-lists.ts`). */
export function simpleControl(
  field: Field,
  root: unknown,
  path: Path,
  drawing: Drawing,
): Html | undefined {
  switch (field.kind) {
    case 'text':
      return textControl(field, root, path, drawing);
    case 'number':
      return numberControl(field, root, path, drawing);
    case 'flag':
      return flagControl(field, root, path, drawing);
    case 'choice':
      return choiceControl(field, root, path, drawing);
    case 'checks':
      return checksControl(field, root, path, drawing);
    case 'id':
      return idControl(field, root, path, drawing);
    case 'source':
      return sourceControl(field, root, path, drawing);
    default:
      return undefined;
  }
}
