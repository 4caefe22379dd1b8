/**
 * What the visitor agrees to, just above the button: the privacy notice link, then a box per
 * consent statement (its exact wording, with its one link), the required ones marked as the
 * other required fields are. The order, and where the links open (`LINK_OPENS`), are the
 * contract's (`FORM_END`), as the page without JavaScript draws them. A label is a `<label>` for
 * its box, and its link stays a link inside it.
 */
import { html, nothing } from 'lit/html.js';
import { consentFieldName, consentLabel, LINK_OPENS, type PublicFormConfig } from '#contract';
import type { Translator } from '../i18n.ts';
import type { FieldFrame } from './field-parts.ts';
import { singleCheckbox } from './fields.ts';

type Consent = NonNullable<PublicFormConfig['consent']>;

/** A link of the consent block, opening as the contract says. */
const link = (url: string, text: string) =>
  html`<a href=${url} target=${LINK_OPENS.target} rel=${LINK_OPENS.rel} part="link">${text}</a>`;

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

/** The privacy notice's link, when the configuration has one (undefined draws nothing). */
export const privacyNotice = (consent: Consent | undefined) =>
  consent?.privacyNotice &&
  html`<p class="privacy-notice" part="privacy-notice">
    ${link(consent.privacyNotice.url, consent.privacyNotice.text)}
  </p>`;

/** A box per statement, its label's link a real link; undefined (nothing drawn) without consent. */
export function consentStatements(
  consent: Consent | undefined,
  ticked: Readonly<Record<string, boolean>>,
  errorsAt: (field: string) => readonly string[],
  t: Translator,
) {
  return consent?.statements.map((statement) => {
    const id = consentFieldName(statement.id);
    const frame: FieldFrame = {
      id,
      label: statement.label,
      optional: false,
      required: statement.required,
      errors: errorsAt(id),
    };
    const { before, link: inLabel, after } = consentLabel(statement.label);
    const words = html`${before}${inLabel ? link(inLabel.url, inLabel.text) : nothing}${after}`;
    // A statement is ticked or not: never marked "(optional)", whatever it leads to.
    return singleCheckbox(frame, ticked[statement.id] === true, t, words);
  });
}
