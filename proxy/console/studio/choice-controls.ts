/**
 * The studio's controls that offer choices: a fieldset of radios or tick boxes with its legend,
 * hint and problems (`choiceGroup`), a choice of one, a choice of several, and where a value comes
 * from (a parameter of the page's address or an attribute of the tag).
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { idOf, nameOf, type ChecksField, type ChoiceField, type SourceField } from './fields.ts';
import { at, shownAt, type Path } from './raw-config.ts';
import { described, notes, problemKey, tickBox, type Drawing } from './control-notes.ts';

/** A fieldset of radios or tick boxes with its legend, hint and problems. */
export function choiceGroup(
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

/** One radio for each choice, named `name`, the one whose value is `current` checked. */
const radios = (
  path: Path,
  name: string,
  choices: readonly { value: string; label: string; hint?: string | undefined }[],
  current: unknown,
) =>
  html`${choices.map((choice, i) => {
    const id = `${idOf(path)}-${String(i)}`;
    return html`<div class="choice">
      <input
        type="radio"
        id="${id}"
        name="${name}"
        value="${choice.value}"
        ${choice.value === current ? 'checked' : ''}
      />
      <label for="${id}"
        >${choice.label}${choice.hint ? html` <span class="muted">${choice.hint}</span>` : ''}</label
      >
    </div>`;
  })}`;

/** One choice of several, as radios; `none` first when the field may be left unset. */
export function choiceControl(field: ChoiceField, root: unknown, path: Path, drawing: Drawing) {
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
    radios(path, nameOf(path), choices, current),
  );
}

/** A choice of several at once, as tick boxes that each always post. */
export function checksControl(field: ChecksField, root: unknown, path: Path, drawing: Drawing) {
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

/** Where a value comes from: nowhere, a parameter of the page's address or an attribute of the tag, and its name. */
export function sourceControl(field: SourceField, root: unknown, path: Path, drawing: Drawing) {
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
    html`${radios(path, `${nameOf(path)}.kind`, kinds, kind)}
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
