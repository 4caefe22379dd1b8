/**
 * Templates for the fields the configuration asks for: the contact fields, the case type
 * and each question by its type. Values come from the element's state; changes reach it through
 * one delegated `input` listener on the form, which reads each control's `name`.
 */
import { html, nothing } from 'lit/html.js';
import {
  type Answer,
  type FormConfig,
  type Question,
  type TypedControl,
  answerTo,
  caseTypesAsRadios,
  choiceId,
  choiceRequired,
  CONTACT_CONTROLS,
  contactRequired,
  questionControl,
  shownContactFields,
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
  /**
   * What the late bundle shows under a control, by control id (the email's "Did you mean …?");
   * for a question, what it draws in place of the control, in a fieldset whose legend asks it
   * (the appointment question's time picker, `late/booking/`), undefined for any other.
   */
  belowControl?: ((id: string) => unknown) | undefined;
}

/**
 * A control typed into, as the contract describes it (`CONTACT_CONTROLS`, `questionControl`);
 * `sizedAs` names the width the styles give it (`input--number` is narrow).
 * No `maxlength`: browsers count it in UTF-16 units and cut an emoji in half; the shared rules
 * count characters as people do, and say so when a field is too long.
 */
function textControl(frame: FieldFrame, facts: TypedControl, value: string, sizedAs: string) {
  const error = frame.errors.length > 0 ? 'input--error' : '';
  if (facts.control === 'textarea') {
    return html`<textarea
      class="input textarea ${error}"
      id=${frame.id}
      name=${frame.id}
      rows="5"
      dir="auto"
      ?required=${frame.required}
      aria-describedby=${describedBy(frame)}
      aria-invalid=${invalid(frame)}
      part="input"
      .value=${value}
    ></textarea>`;
  }
  return html`<input
    class="input input--${sizedAs} ${error}"
    id=${frame.id}
    name=${frame.id}
    type=${facts.type ?? 'text'}
    inputmode=${facts.inputmode ?? nothing}
    autocomplete=${facts.autocomplete ?? nothing}
    spellcheck=${facts.spellcheck ? nothing : 'false'}
    dir="auto"
    ?required=${frame.required}
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
    ?required=${frame.required}
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
  return shownContactFields(config).map((field) => {
    const required = contactRequired(config, field);
    const frame: FieldFrame = {
      id: field,
      label: view.t.text(field),
      optional: !required,
      required,
      errors: view.errorsAt(field),
    };
    const facts = CONTACT_CONTROLS[field];
    const control = textControl(frame, facts, view.values[field], facts.type ?? 'text');
    return labelledField(frame, view.t, control, view.belowControl?.(field));
  });
}

/** The case types to choose from, when the tag does not fix one: radios for a few, else a select. */
export function caseTypeField(config: FormConfig, view: FieldsView) {
  const frame: FieldFrame = {
    id: 'case_type',
    label: view.t.text('case_type'),
    optional: false,
    required: true,
    errors: view.errorsAt('case_type'),
  };
  const options = config.caseTypes.map((c) => [c.id, c.label] as const);
  const chosen = view.values.case_type;
  return caseTypesAsRadios(config)
    ? fieldsetField(frame, view.t, choices(frame, 'radio', options, [chosen]))
    : labelledField(frame, view.t, selectControl(frame, options, chosen, view.t));
}

/** One question, as the contract says it is drawn. */
export function questionField(question: Question, view: FieldsView) {
  const facts = questionControl(question);
  // Never shown: its value comes from the page (see the element's hidden values).
  if (facts.control === 'hidden') return nothing;
  const id = `answers.${question.id}`;
  const answer: Answer = answerTo(view.values.answers, question.id) ?? '';
  const frame: FieldFrame = {
    id,
    label: question.label,
    hint: question.hint,
    optional: !question.required,
    required: question.required,
    errors: view.errorsAt(id),
  };
  // The appointment question is the text area the contract draws (the times that would suit)
  // until the booking chunk draws its time picker in its place; so it is if the chunk never comes.
  const late = view.belowControl?.(id);
  const pairs = (question.options ?? []).map((o) => [o, o] as const);
  if (late || facts.control === 'radios' || facts.control === 'checkboxes') {
    const kind = facts.control === 'radios' ? 'radio' : 'checkbox';
    return fieldsetField(frame, view.t, late ?? choices(frame, kind, pairs, [answer].flat()));
  }
  if (facts.control === 'checkbox') return singleCheckbox(frame, answer === 'Yes', view.t);
  const value = typeof answer === 'string' ? answer : '';
  if (facts.control === 'select') {
    return labelledField(frame, view.t, selectControl(frame, pairs, value, view.t));
  }
  return labelledField(frame, view.t, textControl(frame, facts, value, question.type));
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
      const id = choiceId(frame.id, i);
      return html`<div class="choice choice--${type}">
        <input
          class="choice__input"
          id=${id}
          name=${frame.id}
          type=${type}
          value=${option}
          ?required=${choiceRequired(type, frame.required, i)}
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
        ?required=${frame.required}
        aria-describedby=${describedBy(frame)}
        aria-invalid=${invalid(frame)}
        part="input"
        .checked=${checked}
      />
      <label class="choice__label" for=${frame.id} part="label">${label}</label>
    </div>
  </div>`;
}
