/**
 * The fields of the form without JavaScript, as HTML, drawn from the contract's facts
 * (`contract/controls.ts`, which the widget draws from too): each with its label, hint, error
 * message (tied by `aria-describedby`), the value last sent, and the native checks a browser
 * makes without script (`required`, `type`; no `maxlength`, which counts UTF-16 units and would
 * cut an emoji: the proxy counts characters). The names are those `plain-fields.ts` reads.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import {
  choiceId,
  choiceRequired,
  CONTACT_CONTROLS,
  describedBy,
  fieldIds,
  optionPairs,
  questionControl,
  type TypedControl,
} from '../../contract/controls.ts';
import type { ContactFieldName } from '../../contract/fields.ts';
import type { Question } from '../../contract/schemas/form-config.ts';
import type { Strings } from '../../contract/strings/english.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * What a field shows: the values it was sent with and the problem found, if any (several for
 * the file field, one per refused file).
 */
export interface FieldState {
  values: readonly string[];
  error?: string | readonly [string, ...string[]] | undefined;
  /** The page's words, in the visitor's language. */
  words: Strings;
}

/** The language a page is drawn in, and its words. */
export interface PageLanguage {
  /** A BCP 47 tag: the page's `lang`, and how its numbers and lists are written. */
  lang: string;
  words: Strings;
}

/** One error message, read as "Error: …" (the word hidden from sight, as its colour says it). */
const errorWords = (error: string, words: Strings) =>
  html`<span class="visually-hidden">${words.errorPrefix}</span> ${error}`;

/** A field's error message, or each of its messages a paragraph of its own, never run together. */
const errorLine = (id: string, { error, words }: FieldState) => {
  if (!error) return '';
  if (typeof error === 'string')
    return html`<p class="error" id="${fieldIds(id).error}">${errorWords(error, words)}</p>`;
  return html`<div class="error" id="${fieldIds(id).error}">
    ${error.map((message) => html`<p>${errorWords(message, words)}</p>`)}
  </div>`;
};

/** The id of a field's element, the target of the error summary's link. */
export const fieldId = (name: string) => `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** What every field of the page is drawn from: the contract's facts and what was sent. */
export interface FieldFrame {
  /** The control's id (`fieldId` of its name), the one the contract's ids start from. */
  id: string;
  name: string;
  label: unknown;
  required: boolean;
  /** The label says "(optional)" when the field is not required. */
  markOptional: boolean;
  hint?: string | undefined;
  state: FieldState;
}

const optionalMark = (frame: FieldFrame) =>
  frame.markOptional && !frame.required
    ? html` <span class="optional">${frame.state.words.optional}</span>`
    : '';

const hintLine = ({ id, hint }: FieldFrame) =>
  hint ? html`<p class="hint" id="${fieldIds(id).hint}">${hint}</p>` : '';

/** ` aria-describedby="…"` naming the hint and the error shown, or nothing. */
function described(frame: FieldFrame) {
  const ids = describedBy(frame.id, {
    hint: Boolean(frame.hint),
    error: Boolean(frame.state.error),
  });
  return ids ? html` aria-describedby="${ids}"` : '';
}

/** The attributes every control carries after its name: required, invalid, described by. */
export const checks = (frame: FieldFrame, required = frame.required) =>
  html`${required ? raw(' required') : ''}${frame.state.error ? raw(' aria-invalid="true"') : ''}${described(frame)}`;

const fieldClass = (frame: FieldFrame) => `field${frame.state.error ? ' invalid' : ''}`;

/** Controls in a fieldset whose legend asks the question, its hint and error above them. */
export const fieldset = (frame: FieldFrame, controls: Html) =>
  html`<fieldset class="${fieldClass(frame)}" ${described(frame)}>
    <legend>${frame.label}${optionalMark(frame)}</legend>
    ${hintLine(frame)} ${errorLine(frame.id, frame.state)} ${controls}
  </fieldset>`;

/** A field with a `<label>`, then its hint and error, then its control. */
export const labelled = (frame: FieldFrame, control: Html) =>
  html`<div class="${fieldClass(frame)}">
    <label for="${frame.id}">${frame.label}${optionalMark(frame)}</label>
    ${hintLine(frame)} ${errorLine(frame.id, frame.state)} ${control}
  </div>`;

/** An input or text area as the contract describes it (`CONTACT_CONTROLS`, `questionControl`). */
export function typedControl(frame: FieldFrame, facts: TypedControl): Html {
  const value = frame.state.values[0] ?? '';
  if (facts.control === 'textarea')
    return html`<textarea
      id="${frame.id}"
      name="${frame.name}"
      rows="5"
      dir="auto"
      ${checks(frame)}
    >
${value}</textarea>`;
  return html`<input
    id="${frame.id}"
    name="${frame.name}"
    type="${facts.type ?? 'text'}"
    ${facts.inputmode ? html` inputmode="${facts.inputmode}"` : ''}${facts.autocomplete ? html` autocomplete="${facts.autocomplete}"` : ''}${facts.spellcheck ? '' : raw(' spellcheck="false"')}
    dir="auto"
    value="${value}"
    ${checks(frame)}
  />`;
}

/** A select, its first option asking for a choice; options are `[value, label]`. */
export function selectField(frame: FieldFrame, options: readonly (readonly [string, string])[]) {
  const chosen = new Set(frame.state.values);
  // `checks` brings its own leading space: the tag stays `<select … required>`.
  // prettier-ignore
  const control = html`<select id="${frame.id}" name="${frame.name}"${checks(frame)}>
    <option value="">${frame.state.words.chooseOption}</option>
    ${options.map(([value, label]) => html`<option value="${value}"${chosen.has(value) ? raw(' selected') : ''}>${label}</option>`)}
  </select>`;
  return labelled(frame, control);
}

/** Radios or checkboxes in a fieldset whose legend asks the question; options are `[value, label]`. */
export function choiceGroup(
  frame: FieldFrame,
  kind: 'radio' | 'checkbox',
  options: readonly (readonly [string, string])[],
) {
  const chosen = new Set(frame.state.values);
  return fieldset(
    frame,
    html`<div>
      ${options.map(
        ([value, label], i) =>
          html`<label class="choice"
            ><input
              id="${choiceId(frame.id, i)}"
              type="${kind}"
              name="${frame.name}"
              value="${value}"
              ${chosen.has(value) ? raw(' checked') : ''}${choiceRequired(kind, frame.required, i) ? raw(' required') : ''}${frame.state.error ? raw(' aria-invalid="true"') : ''}
            />
            ${label}</label
          >`,
      )}
    </div>`,
  );
}

/**
 * A contact field; `hint` says something about what was sent (the email's "Did you mean …?"
 * on the error round trip, which a page without script cannot offer as a button).
 */
export function contactField(
  name: ContactFieldName,
  required: boolean,
  state: FieldState,
  hint?: string,
): Html {
  const frame = {
    id: fieldId(name),
    name,
    label: state.words[name],
    required,
    markOptional: true,
    hint,
    state,
  };
  return labelled(frame, typedControl(frame, CONTACT_CONTROLS[name]));
}

/** The frame of a question of the case type: named as its answer, its condition in its hint. */
export function questionFrame(
  question: Question,
  state: FieldState,
  condition?: string,
): FieldFrame {
  const name = `answers.${question.id}`;
  return {
    id: fieldId(name),
    name,
    label: question.label,
    required: question.required,
    markOptional: true,
    hint: [question.hint, condition].filter(Boolean).join(' ') || undefined,
    state,
  };
}

/**
 * A question of the case type, as the contract says it is drawn; hidden questions are a hidden
 * input. An appointment with its free times is drawn by `appointment-field.ts`.
 */
export function questionField(question: Question, state: FieldState, condition?: string): Html {
  const frame = questionFrame(question, state, condition);
  const facts = questionControl(question);
  if (facts.control === 'hidden')
    return html`<input type="hidden" name="${frame.name}" value="${state.values[0] ?? ''}" />`;
  const pairs = optionPairs(question);
  if (facts.control === 'radios') return choiceGroup(frame, 'radio', pairs);
  if (facts.control === 'checkboxes') return choiceGroup(frame, 'checkbox', pairs);
  if (facts.control === 'select') return selectField(frame, pairs);
  if (facts.control === 'checkbox') return singleCheckbox(frame, 'Yes');
  return labelled(frame, typedControl(frame, facts));
}

/** One checkbox with its label beside it, its hint and error above (a yes/no question, a consent). */
export function singleCheckbox(frame: FieldFrame, value: string): Html {
  const ticked = frame.state.values.includes(value);
  return html`<div class="${fieldClass(frame)}">
    ${hintLine(frame)} ${errorLine(frame.id, frame.state)}
    <label class="choice"
      ><input
        id="${frame.id}"
        type="checkbox"
        name="${frame.name}"
        value="${value}"
        ${ticked ? raw(' checked') : ''}${checks(frame)}
      />
      ${frame.label}${optionalMark(frame)}</label
    >
  </div>`;
}
