/**
 * Buttons, the box of a failure, the file picker, and what the visitor's system asks for. What
 * only the late bundle shows (the small buttons of the file list and the email suggestion, a
 * send under way, files dragged over the picker, focus on its boxes) it styles itself
 * (`late/late.styles.ts`).
 */
import { css } from '../late/lit-tags.ts';

/** Buttons: the accent-coloured send button and the quieter secondary ones. */
export const buttons = css`
  .button {
    position: relative;
    display: inline-block;
    min-height: 44px;
    margin: 0 0 var(--_space);
    padding: 8px 12px 7px;
    font: inherit;
    line-height: 1.25;
    text-align: center;
    color: var(--_accent-text);
    background: var(--_accent);
    border: 2px solid transparent;
    border-radius: var(--_radius);
    box-shadow: 0 2px 0 color-mix(in srgb, var(--_accent) 45%, #000);
    cursor: pointer;
    touch-action: manipulation;
  }
  .button:hover {
    background: color-mix(in srgb, var(--_accent) 82%, #000);
  }
  .button:active {
    top: 2px;
    box-shadow: none;
  }
  .button--secondary {
    color: var(--_text);
    background: var(--_shade);
    box-shadow: 0 2px 0 var(--_quiet);
  }
  .button--secondary:hover {
    background: color-mix(in srgb, var(--_text) 14%, var(--_background));
  }
  /* There is no dragging files on a touch screen. */
  @media (pointer: coarse) {
    .drop-zone__text {
      display: none;
    }
  }
  /* GOV.UK focus: yellow fill and a dark underline, visible on any page background. */
  .button:focus {
    outline: 3px solid transparent;
    outline-offset: 0;
  }
  .button:focus:not(:active):not(:hover) {
    color: var(--_focus-text);
    background: var(--_focus);
    border-color: var(--_focus);
    box-shadow: 0 2px 0 var(--_text);
  }
`;

/**
 * The box of a failure: the form or the late bundle that could not be loaded (what is inside a
 * failed send's box is the late bundle's, `late/late.styles.ts`).
 */
export const boxes = css`
  .failure {
    margin-bottom: calc(var(--_space) * 1.5);
    padding: calc(var(--_space) * 0.75);
    border: 5px solid var(--_error);
    border-radius: var(--_radius);
  }
  .failure .button {
    margin-bottom: 0;
  }
`;

/** The file picker's drop zone (the list of chosen files is the late bundle's). */
export const files = css`
  .drop-zone {
    /* As wide as the text area: on a wide page, a full-width zone would read as a separate block. */
    max-width: 40em;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px 15px;
    padding: 15px;
    border: 2px dashed var(--_border);
    border-radius: var(--_radius);
  }
  .drop-zone .button {
    margin: 0;
  }
  .file-status {
    margin: 10px 0 0;
    color: var(--_quiet);
  }
`;

/** What the visitor's system asks for: less motion, forced colours. */
export const preferences = css`
  @media (prefers-reduced-motion: reduce) {
    *,
    ::before,
    ::after {
      transition: none !important;
      animation: none !important;
      scroll-behavior: auto !important;
    }
  }
  /* Forced colours drop backgrounds and shadows: keep the shapes visible with real borders. */
  @media (forced-colors: active) {
    .button,
    .panel {
      border-color: ButtonText;
    }
    .choice__input:focus + .choice__label::before,
    .input:focus {
      outline-color: Highlight;
    }
  }
`;
