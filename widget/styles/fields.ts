/** Labels, hints, error messages, text inputs, selects, and GOV.UK-style radios and checkboxes. */
import { css } from '../late/lit-tags.ts';

/** Labels, hints, inputs and their error state. */
export const fields = css`
  .field {
    margin: 0 0 calc(var(--_space) * 1.5);
  }
  .field--error {
    padding-inline-start: calc(var(--_space) * 0.75);
    border-inline-start: 5px solid var(--_error);
  }
  .fieldset {
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .label,
  .legend {
    display: block;
    max-width: 100%;
    margin-bottom: 5px;
    padding: 0;
    font-weight: 700;
    white-space: normal;
  }
  .legend {
    margin-bottom: 10px;
  }
  .hint {
    margin-bottom: 10px;
    color: var(--_quiet);
  }
  .error-message {
    margin-bottom: 5px;
    font-weight: 700;
    color: var(--_error);
  }
  .error-message p {
    margin: 0 0 5px;
  }
  .input {
    width: 100%;
    min-height: 2.5em;
    margin: 0;
    padding: 5px;
    font: inherit;
    color: var(--_text);
    background: var(--_background);
    border: 2px solid var(--_text);
    border-radius: var(--_radius);
  }
  .input--email,
  .input--tel,
  .input--text {
    max-width: 30em;
  }
  .input--number {
    max-width: 10em;
  }
  .input--date,
  .select {
    width: auto;
    max-width: 100%;
  }
  .select {
    min-width: min(100%, 14em);
  }
  /* On a phone, every box as wide as the form: ragged edges read as different kinds of field. */
  @media (max-width: 40em) {
    .input,
    .select {
      width: 100%;
      max-width: 100%;
    }
  }
  /* A native select cuts a long choice off at its edge, and on a phone a case type such as
     "Wills, probate and powers of attorney" is wider than the form. Where the browser can style
     its select (Chromium's customizable select), the chosen text wraps onto a second line. */
  @supports (appearance: base-select) {
    @media (max-width: 40em) {
      .select,
      .select::picker(select) {
        appearance: base-select;
      }
      .select {
        white-space: normal;
        text-align: start;
      }
      /* The list as wide as the box, its choices wrapped and each a finger's height. */
      .select::picker(select) {
        width: anchor-size(width);
        color: var(--_text);
        background: var(--_background);
        border: 2px solid var(--_text);
      }
      .select option {
        min-height: 44px;
        padding: 8px 10px;
        white-space: normal;
      }
    }
  }
  .textarea {
    display: block;
    max-width: 40em;
    resize: vertical;
  }
  .input--error {
    border-color: var(--_error);
  }
  .input:focus {
    outline: 3px solid var(--_focus);
    outline-offset: 0;
    box-shadow: inset 0 0 0 2px var(--_text);
  }
  .input--error:focus {
    border-color: var(--_text);
  }
`;

/** GOV.UK radios and checkboxes: a 44px hit area over a drawn 40px box. */
export const choices = css`
  .choice {
    position: relative;
    min-height: 40px;
    margin-bottom: 10px;
    padding-inline-start: 40px;
  }
  .choice:last-child {
    margin-bottom: 0;
  }
  .choice__input {
    position: absolute;
    z-index: 1;
    top: -2px;
    inset-inline-start: -2px;
    width: 44px;
    height: 44px;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  .choice__label {
    display: inline-block;
    padding: 8px 15px 5px;
    /* The first line's middle on the circle's (20 px down), whatever font size the page gives. */
    padding-block-start: max(0px, calc(20px - 0.5lh));
    cursor: pointer;
    touch-action: manipulation;
  }
  .choice__label::before {
    content: '';
    /* 40 px with its border, as the dot and the tick inside it are placed for. */
    box-sizing: border-box;
    position: absolute;
    top: 0;
    inset-inline-start: 0;
    width: 40px;
    height: 40px;
    /* Transparent, as in GOV.UK: the page shows through, and contrast checkers can see the text. */
    background: transparent;
    border: 2px solid currentcolor;
  }
  .choice--radio .choice__label::before {
    border-radius: 50%;
  }
  .choice--checkbox .choice__label::before {
    border-radius: var(--_radius);
  }
  /* Drawn with borders, not backgrounds: forced-colors mode keeps borders. */
  .choice--radio .choice__label::after {
    content: '';
    position: absolute;
    top: 10px;
    inset-inline-start: 10px;
    border: 10px solid currentcolor;
    border-radius: 50%;
    opacity: 0;
  }
  .choice--checkbox .choice__label::after {
    content: '';
    box-sizing: border-box;
    position: absolute;
    top: 13px;
    inset-inline-start: 10px;
    width: 23px;
    height: 12px;
    border: solid currentcolor;
    border-width: 0 0 5px 5px;
    border-top-color: transparent;
    transform: rotate(-45deg);
    opacity: 0;
  }
  .choice__input:checked + .choice__label::after {
    opacity: 1;
  }
  .choice__input:focus + .choice__label::before {
    border-width: 4px;
    outline: 3px solid transparent;
    outline-offset: 1px;
    box-shadow: 0 0 0 4px var(--_focus);
  }
`;
