/**
 * Templates for the fields the configuration asks for: the contact fields, the case type
 * and each question by its type. Values come from the element's state; changes reach it through
 * one delegated `input` listener on the form, which reads each control's `name`.
 */
import { html, nothing } from 'lit/html.js';
import {
  type Answer,
  type ContactFieldName,
  type FormConfig,
  type Question,
  CONTACT_FIELDS,
  answerTo,
  caseTypesAsRadios,
} from '#contract';
import type { Values } from '../draft.ts';
import type { Translator } from '../i18n.ts';
import {
  describedBy,
  fieldClass,
  fieldsetField,
  hintAndError,
  invalid,
  labelText,
  labelledField,
  type FieldFrame,
} from './field-parts.ts';

/** The render state the field templates read. */
export interface FieldsView {
  t: Translator;
  values: Values;
  /** Messages shown beside a control, by control id. */
  errorsAt: (id: string) => readonly string[];
}

type TextType = 'text' | 'email' | 'tel' | 'date' | 'number' | 'textarea';

/** How each contact field is typed in: the input type and what the browser may fill it with. */
const CONTACT_INPUTS: Readonly<Record<ContactFieldName, { type: TextType; autocomplete: string }>> =
  {
    forename: { type: 'text', autocomplete: 'given-name' },
    surname: { type: 'text', autocomplete: 'family-name' },
    email: { type: 'email', autocomplete: 'email' },
    telephone_mobile: { type: 'tel', autocomplete: 'tel' },
  };

/**
 * Type-specific attributes, following GOV.UK: numbers in a text input, no spellcheck on codes.
 * No `maxlength`: browsers count it in UTF-16 units and cut an emoji in half; the shared rules
 * count characters as people do, and say so when a field is too long.
 */
function textControl(frame: FieldFrame, type: TextType, value: string, autocomplete?: string) {
  const error = frame.errors.length > 0 ? 'input--error' : '';
  if (type === 'textarea') {
    return html`<textarea
      class="input textarea ${error}"
      id=${frame.id}
      name=${frame.id}
      rows="5"
      dir="auto"
      aria-describedby=${describedBy(frame)}
      aria-invalid=${invalid(frame)}
      part="input"
      .value=${value}
    ></textarea>`;
  }
  const numeric = type === 'number';
  return html`<input
    class="input input--${type} ${error}"
    id=${frame.id}
    name=${frame.id}
    type=${numeric ? 'text' : type}
    inputmode=${numeric ? 'decimal' : nothing}
    autocomplete=${autocomplete ?? nothing}
    spellcheck=${type === 'text' ? nothing : 'false'}
    dir="auto"
    aria-describedby=${describedBy(frame)}
    aria-invalid=${invalid(frame)}
    part="input"
    .value=${value}
  />`;
}

function selectControl(
  frame: FieldFrame,
  options: readonly (readonly [string, string])[],
  value: string,
  t: Translator,
) {
  return html`<select
    class="input select ${frame.errors.length > 0 ? 'input--error' : ''}"
    id=${frame.id}
    name=${frame.id}
    aria-describedby=${describedBy(frame)}
    aria-invalid=${invalid(frame)}
    part="input"
  >
    <option value="" .selected=${value === ''}>${t.text('chooseOption')}</option>
    ${options.map(([id, label]) => html`<option value=${id} .selected=${value === id}>${label}</option>`)}
  </select>`;
}

/** The contact fields the configuration does not hide. */
export function contactFields(config: FormConfig, view: FieldsView) {
  return CONTACT_FIELDS.map((field) => {
    const { type, autocomplete } = CONTACT_INPUTS[field];
    const requirement = field === 'forename' ? 'required' : config.contact[field];
    if (requirement === 'hidden') return nothing;
    const frame: FieldFrame = {
      id: field,
      label: view.t.text(field),
      optional: requirement === 'optional',
      errors: view.errorsAt(field),
    };
    const control = textControl(frame, type, view.values[field], autocomplete);
    return labelledField(frame, view.t, control);
  });
}

/** The case types to choose from, when the tag does not fix one: radios for a few, else a select. */
export function caseTypeField(config: FormConfig, view: FieldsView) {
  const frame: FieldFrame = {
    id: 'case_type',
    label: view.t.text('case_type'),
    optional: false,
    errors: view.errorsAt('case_type'),
  };
  const options = config.caseTypes.map((c) => [c.id, c.label] as const);
  const chosen = view.values.case_type;
  return caseTypesAsRadios(config)
    ? fieldsetField(frame, view.t, choices(frame, 'radio', options, [chosen]))
    : labelledField(frame, view.t, selectControl(frame, options, chosen, view.t));
}

/** One question, by its type. */
export function questionField(question: Question, view: FieldsView) {
  // Never shown: its value comes from the page (see the element's hidden values).
  if (question.type === 'hidden') return nothing;
  const id = `answers.${question.id}`;
  const answer: Answer = answerTo(view.values.answers, question.id) ?? '';
  const frame: FieldFrame = {
    id,
    label: question.label,
    hint: question.hint,
    optional: !question.required,
    errors: view.errorsAt(id),
  };
  const { type, options } = question;
  if (type === 'radio' || (type === 'checkbox' && options)) {
    const pairs = (options ?? []).map((o) => [o, o] as const);
    return fieldsetField(frame, view.t, choices(frame, type, pairs, [answer].flat()));
  }
  if (type === 'checkbox') return singleCheckbox(frame, answer === 'Yes', view.t);
  const value = typeof answer === 'string' ? answer : '';
  if (type === 'select') {
    return labelledField(
      frame,
      view.t,
      selectControl(
        frame,
        (options ?? []).map((o) => [o, o] as const),
        value,
        view.t,
      ),
    );
  }
  const autocomplete = type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined;
  return labelledField(frame, view.t, textControl(frame, type, value, autocomplete));
}

/** Radios or checkboxes, each `[value, label]`. */
function choices(
  frame: FieldFrame,
  type: 'radio' | 'checkbox',
  options: readonly (readonly [string, string])[],
  chosen: readonly string[],
) {
  return html`<div class="choices">
    ${options.map(([option, label], i) => {
      const id = i === 0 ? frame.id : `${frame.id}-${i}`;
      return html`<div class="choice choice--${type}">
        <input
          class="choice__input"
          id=${id}
          name=${frame.id}
          type=${type}
          value=${option}
          aria-invalid=${invalid(frame)}
          part="input"
          .checked=${chosen.includes(option)}
        />
        <label class="choice__label" for=${id}>${label}</label>
      </div>`;
    })}
  </div>`;
}

/**
 * A lone box ("I agree..."): its label is the question, so no fieldset; ticked means "Yes".
 * Consent statements use it too, with their label's link (`label`).
 */
export function singleCheckbox(
  frame: FieldFrame,
  checked: boolean,
  t: Translator,
  label: unknown = labelText(frame, t),
) {
  return html`<div class=${fieldClass(frame)} part="field">
    ${hintAndError(frame, t)}
    <div class="choice choice--checkbox">
      <input
        class="choice__input"
        id=${frame.id}
        name=${frame.id}
        type="checkbox"
        value="Yes"
        aria-describedby=${describedBy(frame)}
        aria-invalid=${invalid(frame)}
        part="input"
        .checked=${checked}
      />
      <label class="choice__label" for=${frame.id} part="label">${label}</label>
    </div>
  </div>`;
}
