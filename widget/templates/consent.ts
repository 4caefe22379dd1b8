/**
 * What the visitor agrees to, just above the button: a box per consent statement (its exact
 * wording, with its one link opening in a new tab), the required ones marked as the other
 * required fields are, then the privacy notice link. A label is a `<label>` for its box, and
 * its link stays a link inside it.
 */
import { html, nothing } from 'lit/html.js';
import { consentLabel, type PublicFormConfig } from '#contract';
import type { Translator } from '../i18n.ts';
import type { FieldFrame } from './field-parts.ts';
import { singleCheckbox } from './fields.ts';

type Consent = NonNullable<PublicFormConfig['consent']>;

/** The label's words, its link a real link. */
function labelWords(label: string) {
  const { before, link, after } = consentLabel(label);
  return html`${before}${
    link
      ? html`<a href=${link.url} target="_blank" rel="noopener noreferrer" part="link"
          >${link.text}</a
        >`
      : nothing
  }${after}`;
}

/** "Send me a copy": shown when the configuration's confirmation asks visitors first. */
export function sendCopyBox(ticked: boolean | undefined, t: Translator) {
  const frame: FieldFrame = {
    id: 'send_copy',
    label: t.text('sendCopy'),
    optional: false,
    required: false,
    errors: [],
  };
  return singleCheckbox(frame, ticked === true, t);
}

/** The statements and the privacy notice, or nothing when the configuration has neither. */
export function consentBlock(
  consent: Consent | undefined,
  ticked: Readonly<Record<string, boolean>>,
  errorsAt: (field: string) => readonly string[],
  t: Translator,
) {
  if (!consent) return nothing;
  return html`${consent.statements.map((statement) => {
    const frame: FieldFrame = {
      id: `consent.${statement.id}`,
      label: statement.label,
      optional: false,
      required: statement.required,
      errors: errorsAt(`consent.${statement.id}`),
    };
    const words = labelWords(statement.label);
    // A statement is ticked or not: never marked "(optional)", whatever it leads to.
    return singleCheckbox(frame, ticked[statement.id] === true, t, words);
  })}
  ${
    consent.privacyNotice
      ? html`<p class="privacy-notice" part="privacy-notice">
          <a href=${consent.privacyNotice.url} target="_blank" rel="noopener noreferrer" part="link"
            >${consent.privacyNotice.text}</a
          >
        </p>`
      : nothing
  }`;
}
