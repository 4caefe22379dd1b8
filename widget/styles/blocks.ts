/** Buttons, the boxes that report (error summary, failure, confirmation), files and progress. */
import { css } from 'lit';

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
  .button--small {
    min-height: 32px;
    margin: 0;
    padding: 3px 8px 2px;
  }
  /* A finger needs 44 px; and there is no dragging files on a touch screen. */
  @media (pointer: coarse) {
    .button--small {
      min-height: 44px;
      min-width: 44px;
    }
    .drop-zone__text {
      display: none;
    }
  }
  .button[aria-disabled='true'] {
    cursor: progress;
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

/** The boxes that appear after an action: a failed send and the confirmation panel. */
export const boxes = css`
  .failure {
    margin-bottom: calc(var(--_space) * 1.5);
    padding: calc(var(--_space) * 0.75);
    border: 5px solid var(--_error);
    border-radius: var(--_radius);
  }
  .failure:focus,
  .panel:focus,
  [slot='challenge']:focus {
    outline: 3px solid var(--_focus);
    outline-offset: 0;
  }
  .failure__reference,
  .failure__firm {
    margin: 0 0 var(--_space);
  }
  .failure__message {
    margin: 0 0 var(--_space);
  }
  .failure .button {
    margin-bottom: 0;
  }
  .panel {
    /* The reference below is sized by the panel's width (cqi), not the page's. */
    container-type: inline-size;
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
  /* A reference is quoted on the phone: never broken across lines, selected whole with a click. */
  .reference {
    white-space: nowrap;
    user-select: all;
  }
  /* Unbroken, so on a narrow panel it gets smaller instead: the widest reference the proxy
     makes (EQ-WMWM-WMWMWMWM, 17.7em in bold) fits in 100cqi at 5.5cqi. */
  .panel__reference {
    font-size: min(1em, 5.5cqi);
  }
  .panel__note {
    margin: 0;
  }
`;

/** The file picker's drop zone and the list of chosen files. */
export const files = css`
  /* As wide as the text area: on a wide page, a full-width zone would read as a separate block. */
  .drop-zone,
  .file-list,
  .progress {
    max-width: 40em;
  }
  .drop-zone {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px 15px;
    padding: 15px;
    border: 2px dashed var(--_border);
    border-radius: var(--_radius);
  }
  .drop-zone--active {
    background: var(--_shade);
    border-color: var(--_text);
  }
  .drop-zone .button {
    margin: 0;
  }
  .file-status {
    margin: 10px 0 0;
    color: var(--_quiet);
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
