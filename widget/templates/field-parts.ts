/**
 * The pieces every field is made of, in the GOV.UK Design System's order: label (or legend),
 * hint, error message, control. Ids inside the shadow root are the contract's field names, so
 * `forename-hint` and `answers.notes-error` can be found from an issue's `field` alone.
 */
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { describedBy as describedByIds, fieldIds } from '#contract';
import type { Translator } from '../i18n.ts';

/** What every field shows around its control. */
export interface FieldFrame {
  /** The control's id (for a group of radios or checkboxes: the first one's). */
  id: string;
  label: string;
  hint?: string | undefined;
  /** The label says "(optional)". */
  optional: boolean;
  /** The control carries `required` (a consent statement is required without the mark). */
  required: boolean;
  /** Messages to show beside the field; empty when it is fine. */
  errors: readonly string[];
}

/** `aria-describedby` for the control (or fieldset): hint first, then the error. */
export const describedBy = ({ id, hint, errors }: FieldFrame) =>
  describedByIds(id, { hint: Boolean(hint), error: errors.length > 0 }) ?? nothing;

/** `aria-invalid` for a field in error. */
export const invalid = ({ errors }: FieldFrame) => (errors.length > 0 ? 'true' : nothing);

/** The wrapper's classes: GOV.UK marks a field in error with a red bar down its starting side (the right, right to left). */
export const fieldClass = ({ errors }: Pick<FieldFrame, 'errors'>) =>
  errors.length > 0 ? 'field field--error' : 'field';

/** The label, marked "(optional)" when it is. */
export const labelText = (frame: FieldFrame, t: Translator) =>
  frame.optional ? `${frame.label} ${t.text('optional')}` : frame.label;

/** The hint, then the error message, each with the id `aria-describedby` names. */
export function hintAndError(frame: FieldFrame, t: Translator) {
  return html`${
    frame.hint
      ? html`<div class="hint" id=${fieldIds(frame.id).hint} part="hint">${frame.hint}</div>`
      : nothing
  }${
    frame.errors.length > 0
      ? // Each error a paragraph of its own: several (refused files) never run together.
        html`<div class="error-message" id=${fieldIds(frame.id).error} part="error-message">
          ${frame.errors.map(
            (text) =>
              html`<p><span class="visually-hidden">${t.text('errorPrefix')}</span> ${text}</p>`,
          )}
        </div>`
      : nothing
  }`;
}

/**
 * A field with a `<label>`: text inputs, text areas, selects, the file picker; `below` is what
 * the late bundle adds under the control.
 */
export function labelledField(
  frame: FieldFrame,
  t: Translator,
  control: TemplateResult,
  below?: unknown,
) {
  return html`<div class=${fieldClass(frame)} part="field">
    <label class="label" id=${fieldIds(frame.id).label} for=${frame.id} part="label"
      >${labelText(frame, t)}</label
    >
    ${hintAndError(frame, t)} ${control}${below}
  </div>`;
}

/** A group of radios or checkboxes, or the time picker: a fieldset whose legend asks the question. */
export function fieldsetField(frame: FieldFrame, t: Translator, choices: unknown) {
  return html`<div class=${fieldClass(frame)} part="field">
    <fieldset class="fieldset" aria-describedby=${describedBy(frame)}>
      <legend class="legend" part="label">${labelText(frame, t)}</legend>
      ${hintAndError(frame, t)} ${choices}
    </fieldset>
  </div>`;
}
