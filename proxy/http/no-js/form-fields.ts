/**
 * The fields of the form without JavaScript, as HTML: each with its label, hint, error message
 * (tied by `aria-describedby`), the value last sent, and the native checks a browser makes
 * without script (`required`, `type`; no `maxlength`, which counts UTF-16 units and would cut an
 * emoji: the proxy counts characters). The names are those `plain-fields.ts` reads.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { consentLabel } from '../../contract/consent.ts';
import type { ConsentStatement, Question } from '../../contract/schemas/form-config.ts';
import { DEFAULT_STRINGS } from '../../contract/strings.ts';
import { CONSENT_TICKED } from '../../submission/plain-fields.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** What a field shows: the values it was sent with and the problem found, if any. */
export interface FieldState {
  values: readonly string[];
  error?: string | undefined;
}

/** A field's error message, read as "Error: …" (the word hidden from sight, as its colour says it). */
export const errorLine = (id: string, error: string | undefined) =>
  error
    ? html`<p class="error" id="${id}-error">
        <span class="visually-hidden">${DEFAULT_STRINGS.errorPrefix}</span> ${error}
      </p>`
    : '';

/** The id of a field's element, the target of the error summary's link. */
export const fieldId = (name: string) => `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The label, hint and error lines above a control; `describedBy` names those present. */
function caption(name: string, label: string, required: boolean, state: FieldState, hint?: string) {
  const id = fieldId(name);
  const describedBy = [hint ? `${id}-hint` : '', state.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    describedBy: describedBy || undefined,
    head: html`<label for="${id}"
        >${label}${required ? '' : html` <span class="optional">${DEFAULT_STRINGS.optional}</span>`}</label
      >
      ${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''} ${errorLine(id, state.error)}`,
  };
}

const INPUT_TYPES: Record<string, string> = {
  email: 'email',
  telephone_mobile: 'tel',
  tel: 'tel',
  number: 'text',
  date: 'date',
};

const AUTOCOMPLETE: Record<string, string> = {
  forename: 'given-name',
  surname: 'family-name',
  email: 'email',
  telephone_mobile: 'tel',
};

/** A contact field. */
export function contactField(
  name: 'forename' | 'surname' | 'email' | 'telephone_mobile',
  required: boolean,
  state: FieldState,
): Html {
  const { id, describedBy, head } = caption(name, DEFAULT_STRINGS[name], required, state);
  return html`<div class="field${state.error ? ' invalid' : ''}">
    ${head}
    <input
      id="${id}"
      name="${name}"
      type="${INPUT_TYPES[name] ?? 'text'}"
      autocomplete="${AUTOCOMPLETE[name] ?? 'off'}"
      dir="auto"
      value="${state.values[0] ?? ''}"
      ${required ? raw(' required') : ''}${state.error ? raw(' aria-invalid="true"') : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}
    />
  </div>`;
}

/** A question of the case type, by its type; hidden questions are a hidden input. */
export function questionField(question: Question, state: FieldState, condition?: string): Html {
  const name = `answers.${question.id}`;
  if (question.type === 'hidden')
    return html`<input type="hidden" name="${name}" value="${state.values[0] ?? ''}" />`;
  const required = question.required;
  const hintText = [question.hint, condition].filter(Boolean).join(' ') || undefined;
  const { id, describedBy, head } = caption(name, question.label, required, state, hintText);
  const invalid = state.error ? raw(' aria-invalid="true"') : '';
  const described = describedBy ? html` aria-describedby="${describedBy}"` : '';
  const requiredAttr = required ? raw(' required') : '';
  const chosen = new Set(state.values);
  const wrap = (control: Html, group = false) =>
    group
      ? html`<fieldset class="field${state.error ? ' invalid' : ''}" ${described}>
          <legend>
            ${question.label}${required ? '' : html` <span class="optional">${DEFAULT_STRINGS.optional}</span>`}
          </legend>
          ${hintText ? html`<p class="hint" id="${id}-hint">${hintText}</p>` : ''}
          ${errorLine(id, state.error)}
          <div id="${id}">${control}</div>
        </fieldset>`
      : html`<div class="field${state.error ? ' invalid' : ''}">${head}${control}</div>`;
  const { options, type } = question;
  if (type === 'select')
    return wrap(
      html`<select id="${id}" name="${name}" ${requiredAttr}${invalid}${described}>
        <option value="">${DEFAULT_STRINGS.chooseOption}</option>
        ${(options ?? []).map((option) => html`<option${chosen.has(option) ? raw(' selected') : ''}>${option}</option>`)}
      </select>`,
    );
  if (type === 'radio' || (type === 'checkbox' && options))
    return wrap(
      html`${(options ?? []).map(
        (option, i) =>
          html`<label class="choice"
            ><input
              type="${type}"
              name="${name}"
              value="${option}"
              ${chosen.has(option) ? raw(' checked') : ''}${type === 'radio' && required && i === 0 ? raw(' required') : ''}
            />
            ${option}</label
          >`,
      )}`,
      true,
    );
  if (type === 'checkbox')
    return singleCheckbox({ id, name, value: 'Yes', required, state, label: question.label });
  if (type === 'textarea')
    return wrap(
      html`<textarea
        id="${id}"
        name="${name}"
        rows="5"
        dir="auto"
        ${requiredAttr}${invalid}${described}
      >
${state.values[0] ?? ''}</textarea>`,
    );
  const inputMode = type === 'number' ? raw(' inputmode="decimal"') : '';
  return wrap(
    html`<input
      id="${id}"
      name="${name}"
      type="${INPUT_TYPES[type] ?? 'text'}"
      dir="auto"
      value="${state.values[0] ?? ''}"
      ${inputMode}${requiredAttr}${invalid}${described}
    />`,
  );
}

/** One consent statement: a checkbox whose label may hold its one link. */
export function consentField(statement: ConsentStatement, state: FieldState): Html {
  const name = `consent.${statement.id}`;
  const { before, link, after } = consentLabel(statement.label);
  const label = html`${before}${link ? html`<a href="${link.url}">${link.text}</a>` : ''}${after}`;
  return singleCheckbox({
    id: fieldId(name),
    name,
    value: CONSENT_TICKED,
    required: statement.required,
    state,
    // A statement is ticked or not: never marked "(optional)", whatever it leads to.
    label,
  });
}

/** "Send me a copy": the visitor's confirmation email, when the configuration asks them. */
export function sendCopyField(state: FieldState): Html {
  return singleCheckbox({
    id: fieldId('send_copy'),
    name: 'send_copy',
    value: CONSENT_TICKED,
    required: false,
    state,
    label: html`${DEFAULT_STRINGS.sendCopy}`,
  });
}

/** One checkbox with its label beside it and its error above (a yes/no question, a consent). */
function singleCheckbox(box: {
  id: string;
  name: string;
  value: string;
  required: boolean;
  state: FieldState;
  label: unknown;
}): Html {
  const { id, state } = box;
  const ticked = state.values.includes(box.value);
  return html`<div class="field${state.error ? ' invalid' : ''}">
    ${errorLine(id, state.error)}
    <label class="choice"
      ><input
        id="${id}"
        type="checkbox"
        name="${box.name}"
        value="${box.value}"
        ${ticked ? raw(' checked') : ''}${box.required ? raw(' required') : ''}${state.error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}
      />
      ${box.label}</label
    >
  </div>`;
}
