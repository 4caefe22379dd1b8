/**
 * The styles of what appears only once the late bundle is here: a field in error, a failed
 * send's message and reference, the list of chosen files and files dragged over the picker, a
 * send under way with its progress, and the confirmation panel (the error summary has its own).
 * Added after the element's own (`lit-tags.ts`), with the same custom properties, so where a
 * rule here and one there match alike, this one wins.
 */
import { css } from './lit-tags.ts';

/**
 * Styles of fields in error, `.failure__*`, `.reference`, the small buttons, `.file-list`,
 * `.progress`, `.panel` and the email's `.suggestion`.
 */
export const lateStyles = css`
  /* GOV.UK's field in error: a red bar down its starting side, the message above the control. */
  .field--error {
    padding-inline-start: calc(var(--_space) * 0.75);
    border-inline-start: 5px solid var(--_error);
  }
  .error-message {
    margin-bottom: 5px;
    font-weight: 700;
    color: var(--_error);
  }
  .error-message p {
    margin: 0 0 5px;
  }
  .input--error {
    border-color: var(--_error);
  }
  .input--error:focus {
    border-color: var(--_text);
  }
  /* What focus moves to: a failed send's box, the confirmation, the security check. */
  .failure:focus,
  .panel:focus,
  [slot='challenge']:focus {
    outline: 3px solid var(--_focus);
    outline-offset: 0;
  }
  /* Remove, and the email's suggestion: quieter than the form's buttons; a finger needs 44 px. */
  .button--small {
    min-height: 32px;
    margin: 0;
    padding: 3px 8px 2px;
  }
  @media (pointer: coarse) {
    .button--small {
      min-height: 44px;
      min-width: 44px;
    }
  }
  .button[aria-disabled='true'] {
    cursor: progress;
  }
  .drop-zone--active {
    background: var(--_shade);
    border-color: var(--_text);
  }
  .failure__message,
  .failure__reference,
  .failure__firm {
    margin: 0 0 var(--_space);
  }
  /* A reference is quoted on the phone: never broken across lines, selected whole with a click. */
  .reference {
    white-space: nowrap;
    user-select: all;
  }
  /* As wide as the drop zone and the text area. */
  .file-list,
  .progress {
    max-width: 40em;
  }
  .file-list {
    margin: 10px 0 0;
    padding: 0;
    list-style: none;
  }
  .file-list__item {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 5px 15px;
    padding: 10px 0;
    border-bottom: 1px solid var(--_border);
  }
  .file-list__name {
    flex: 1 1 12em;
    min-width: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  /* A file that will not be sent: its reason on a line of its own, after a warning sign. */
  .file-list .error-message {
    flex-basis: 100%;
  }
  .progress {
    display: grid;
    gap: 5px;
    margin-bottom: var(--_space);
  }
  .progress progress {
    width: 100%;
    height: 1.25em;
    accent-color: var(--_accent);
  }
  .panel {
    margin-bottom: var(--_space);
    padding: calc(var(--_space) * 1.5) var(--_space);
    text-align: center;
    color: var(--_accent-text);
    background: var(--_accent);
    border: 5px solid transparent;
    border-radius: var(--_radius);
  }
  .panel__title {
    font-size: 1.8em;
  }
  .panel__body {
    margin: 0 0 var(--_space);
    font-size: 1.3em;
  }
  /* As large as its label, never smaller: on a panel too narrow for it whole it wraps after a
     hyphen (the template marks where), never inside a group of characters. */
  .panel__reference {
    white-space: normal;
  }
  .panel__note {
    margin: 0;
  }
  /* "Did you mean …?" under the email field. */
  .suggestion {
    display: block;
    margin-top: 10px;
  }
`;
