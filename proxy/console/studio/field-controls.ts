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
  type ChecksField,
  type ChoiceField,
  type Field,
  type FieldContext,
  type FlagField,
  type IdField,
  type NumberField,
  type SourceField,
  type TextField,
} from './fields.ts';
import { at, languageName, missingIn, shownAt, textIn, type Path } from './raw-config.ts';

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
function notes(id: string, hint: string | undefined, problems: readonly string[] = []) {
  const ids = [hint ? `${id}-hint` : '', problems.length > 0 ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const drawn = html`${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
  ${problems.length > 0 ? html`<p class="error" id="${id}-error">${problems.map((p) => html`<span class="visually-hidden">Error:</span> ${p} `)}</p>` : ''}`;
  return { ids, drawn, invalid: problems.length > 0 };
}

/** `aria-describedby` and `aria-invalid` for a control, as its notes say. */
const described = (ids: string, invalid: boolean) =>
  html`${ids ? html` aria-describedby="${ids}"` : ''}${invalid ? html` aria-invalid="true"` : ''}`;

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

/** A tick box that always posts: `off` from the hidden field before it, `on` when ticked. */
const tickBox = (id: string, name: string, ticked: boolean, aria: Html = html``) =>
  html`<input type="hidden" name="${name}" value="off" /><input
      type="checkbox"
      id="${id}"
      name="${name}"
      value="on"
      ${ticked ? 'checked' : ''}
      ${aria}
    />`;

function flagControl(field: FlagField, root: unknown, path: Path, drawing: Drawing) {
  const id = idOf(path);
  const n = notes(id, field.hint, drawing.problems.get(problemKey(path)));
  return html`<div class="field tick${n.invalid ? ' invalid' : ''}">
    ${tickBox(id, nameOf(path), at(root, path) === true, described(n.ids, n.invalid))}
    <label for="${id}">${field.label}</label>${n.drawn}
  </div>`;
}

/** A fieldset of radios or tick boxes with its legend, hint and problems. */
function choiceGroup(
  label: string,
  path: Path,
  hint: string | undefined,
  drawing: Drawing,
  inner: Html,
) {
  const id = idOf(path);
  const n = notes(id, hint, drawing.problems.get(problemKey(path)));
  return html`<fieldset
    class="field choices${n.invalid ? ' invalid' : ''}"
    id="${id}"
    ${described(n.ids, n.invalid)}
  >
    <legend>${label}</legend>
    ${n.drawn} ${inner}
  </fieldset>`;
}

function choiceControl(field: ChoiceField, root: unknown, path: Path, drawing: Drawing) {
  const choices = [
    ...(field.none !== undefined ? [{ value: '', label: field.none }] : []),
    ...field.choices,
  ];
  const current = shownAt(root, path);
  return choiceGroup(
    field.label,
    path,
    field.hint,
    drawing,
    html`${choices.map((choice, i) => {
      const id = `${idOf(path)}-${String(i)}`;
      return html`<div class="choice">
        <input
          type="radio"
          id="${id}"
          name="${nameOf(path)}"
          value="${choice.value}"
          ${choice.value === current ? 'checked' : ''}
        />
        <label for="${id}"
          >${choice.label}${choice.hint ? html` <span class="muted">${choice.hint}</span>` : ''}</label
        >
      </div>`;
    })}`,
  );
}

function checksControl(field: ChecksField, root: unknown, path: Path, drawing: Drawing) {
  const value = at(root, path);
  const ticked = new Set(Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);
  return choiceGroup(
    field.label,
    path,
    field.hint,
    drawing,
    html`${field.choices.map((choice, i) => {
      const id = `${idOf(path)}-${String(i)}`;
      return html`<div class="choice">
        ${tickBox(id, `${nameOf(path)}.${String(i)}`, ticked.has(choice.value))}
        <label for="${id}">${choice.label}</label>
      </div>`;
    })}`,
  );
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

function sourceControl(field: SourceField, root: unknown, path: Path, drawing: Drawing) {
  const value = at(root, path);
  const kind =
    value && typeof value === 'object'
      ? 'param' in value
        ? 'param'
        : 'attribute' in value
          ? 'attribute'
          : ''
      : '';
  const name = kind ? shownAt(value, [kind]) : '';
  const nameId = `${idOf(path)}-name`;
  const kinds = [
    { value: '', label: 'Nowhere' },
    { value: 'param', label: 'A parameter of the page’s address', hint: '(?partner=acme)' },
    { value: 'attribute', label: 'An attribute of the form’s tag', hint: '(data-partner="acme")' },
  ];
  return choiceGroup(
    field.label,
    path,
    field.hint,
    drawing,
    html`${kinds.map((choice, i) => {
        const id = `${idOf(path)}-${String(i)}`;
        return html`<div class="choice">
          <input
            type="radio"
            id="${id}"
            name="${nameOf(path)}.kind"
            value="${choice.value}"
            ${choice.value === kind ? 'checked' : ''}
          />
          <label for="${id}">${choice.label} <span class="muted">${choice.hint ?? ''}</span></label>
        </div>`;
      })}
      <label for="${nameId}">Its name</label>
      <input
        id="${nameId}"
        name="${nameOf(path)}.name"
        value="${name}"
        spellcheck="false"
        autocapitalize="off"
      />`,
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

export { tickBox, choiceGroup };
