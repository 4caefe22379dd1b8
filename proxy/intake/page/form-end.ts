/**
 * What the form without JavaScript shows after the questions, in the contract's order
 * (`FORM_END`, as the widget draws it): the privacy notice, a box per consent statement,
 * "Send me a copy", the honeypot, and the file field last, so that a browser posts every field
 * before the files. The facts of each (names, where links open, the honeypot's attributes, the
 * file hint) are the contract's too (`contract/controls.ts`).
 */
import { html } from 'hono/html';
import { consentLabel } from '../../contract/consent.ts';
import {
  consentFieldName,
  FILES_FIELD,
  filesHint,
  FORM_END,
  HONEYPOT,
  LINK_OPENS,
} from '../../contract/controls.ts';
import { filePicker, type ConvertedSentence } from '../../contract/limits.ts';
import { formatBytes, type MessageParams } from '../../contract/messages.ts';
import { formatIn } from '../../contract/plurals.ts';
import type { ConsentStatement, FormConfig } from '../../contract/schemas/form-config.ts';
import type { Strings } from '../../contract/strings/english.ts';
import {
  checks,
  choiceGroup,
  fieldId,
  labelled,
  singleCheckbox,
  type FieldFrame,
  type FieldState,
  type PageLanguage,
} from './form-fields.ts';
import type { HeldFile } from './held-files.ts';
import { CONSENT_TICKED, HELD_DRAWN_FIELD, HELD_FIELD, heldValue } from './plain-fields.ts';

/** A link of the consent block, opening as the contract says. */
const link = (url: string, text: string) =>
  html`<a href="${url}" target="${LINK_OPENS.target}" rel="${LINK_OPENS.rel}">${text}</a>`;

/** One consent statement: a checkbox whose label may hold its one link. */
function consentBox(statement: ConsentStatement, state: FieldState) {
  const name = consentFieldName(statement.id);
  const { before, link: inLabel, after } = consentLabel(statement.label);
  const label = html`${before}${inLabel ? link(inLabel.url, inLabel.text) : ''}${after}`;
  return singleCheckbox(
    // A statement is ticked or not: never marked "(optional)", whatever it leads to.
    { id: fieldId(name), name, label, required: statement.required, markOptional: false, state },
    CONSENT_TICKED,
  );
}

/** "Send me a copy": the visitor's confirmation email, when the configuration asks them. */
function sendCopyBox(state: FieldState) {
  const label = html`${state.words.sendCopy}`;
  const frame = { id: fieldId('send_copy'), name: 'send_copy', label, state };
  return singleCheckbox({ ...frame, required: false, markOptional: false }, CONSENT_TICKED);
}

/** The honeypot, as the contract says it is drawn (`HONEYPOT`: why each attribute). */
const honeypot = (words: Strings) =>
  html`<div class="honeypot" aria-hidden="true">
    <label for="${HONEYPOT.name}">${words.honeypot}</label>
    <input
      id="${HONEYPOT.name}"
      name="${HONEYPOT.name}"
      type="text"
      tabindex="${HONEYPOT.tabindex}"
      autocomplete="${HONEYPOT.autocomplete}"
    />
  </div>`;

/** The words of the file field's hint, in the page's language. */
const hintWords = (words: Strings, lang: string) => ({
  text: (key: 'filesHint' | ConvertedSentence, params?: MessageParams) =>
    formatIn(lang, words[key], params),
  locale: lang,
});

/** What the file field shows besides the picker: each refused file's message, the files kept. */
interface FilesState {
  errors: readonly string[];
  held: readonly HeldFile[];
}

/**
 * The files kept from the post before, as ticked boxes of their own (untick to remove), each
 * named with its size; and every one of them, so that the next post says which were unticked.
 */
function heldFiles(held: readonly HeldFile[], page: PageLanguage) {
  if (held.length === 0) return '';
  const values = held.map(heldValue);
  const frame: FieldFrame = {
    id: fieldId(HELD_FIELD),
    name: HELD_FIELD,
    label: page.words['page.heldFiles'],
    required: false,
    markOptional: false,
    hint: page.words['page.heldHint'],
    state: { values, error: undefined, words: page.words },
  };
  return html`${choiceGroup(
    frame,
    'checkbox',
    held.map((file, i) => [values[i] ?? '', `${file.name} (${formatBytes(file.size, page.lang)})`]),
  )}
  ${values.map((value) => html`<input type="hidden" name="${HELD_DRAWN_FIELD}" value="${value}" />`)}`;
}

/** The file picker, with each refused file's message tied to it as the other fields' are. */
function filesField(limits: FormConfig['files'], files: FilesState, page: PageLanguage) {
  const picker = filePicker(limits.kinds, page.lang, page.words['kind.txt']);
  const [first, ...more] = files.errors;
  const frame: FieldFrame = {
    id: fieldId(FILES_FIELD),
    name: FILES_FIELD,
    label: page.words.files,
    required: false,
    markOptional: true,
    hint: filesHint(picker, limits, hintWords(page.words, page.lang)),
    state: {
      values: [],
      error: first === undefined ? undefined : [first, ...more],
      words: page.words,
    },
  };
  return html`${heldFiles(files.held, page)}
  ${labelled(
    frame,
    html`<input
      id="${frame.id}"
      name="${frame.name}"
      type="file"
      multiple
      accept="${picker.accept}"
      ${checks(frame)}
    />`,
  )}`;
}

/**
 * The end of the form, in the contract's order; `state` gives a field's values and error by
 * name, `files` the message of each file refused and the files kept from the post before.
 */
export function formEnd(
  config: FormConfig,
  state: (name: string) => FieldState,
  files: FilesState,
  page: PageLanguage,
) {
  const { consent } = config;
  const drawn: Record<(typeof FORM_END)[number], unknown> = {
    privacyNotice: consent?.privacyNotice
      ? html`<p>${link(consent.privacyNotice.url, consent.privacyNotice.text)}</p>`
      : '',
    consentStatements: (consent?.statements ?? []).map((statement) =>
      consentBox(statement, state(consentFieldName(statement.id))),
    ),
    sendCopy: config.confirmation?.optIn ? sendCopyBox(state('send_copy')) : '',
    honeypot: honeypot(page.words),
    files: config.files.maxFiles > 0 ? filesField(config.files, files, page) : '',
  };
  return FORM_END.map((part) => drawn[part]);
}
