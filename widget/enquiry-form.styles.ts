/**
 * The form's look, after the GOV.UK Design System: large targets, black borders, yellow focus.
 * One constructable stylesheet (`element-base.ts`), so no `style` element or attribute is ever
 * written and a `style-src 'self'` policy is enough. Colours, radius, spacing and font come from
 * the `--enquiry-form-*` custom properties documented on the element.
 */
import { css } from './late/lit-tags.ts';
import { boxes, buttons, files, preferences } from './styles/blocks.ts';
import { choices, fields } from './styles/fields.ts';

const theme = css`
  :host {
    --_text: var(--enquiry-form-color-text, #0b0c0c);
    --_background: var(--enquiry-form-color-background, #ffffff);
    --_accent: var(--enquiry-form-color-accent, #00703c);
    --_accent-text: var(--enquiry-form-color-accent-text, #ffffff);
    --_error: var(--enquiry-form-color-error, #d4351c);
    --_focus: var(--enquiry-form-color-focus, #ffdd00);
    --_focus-text: var(--enquiry-form-color-focus-text, #0b0c0c);
    --_border: var(--enquiry-form-color-border, #b1b4b6);
    --_radius: var(--enquiry-form-radius, 0);
    --_space: var(--enquiry-form-space, 20px);
    --_quiet: color-mix(in srgb, var(--_text) 78%, var(--_background));
    --_shade: color-mix(in srgb, var(--_text) 6%, var(--_background));
    display: block;
    font-family: var(--enquiry-form-font-family, inherit);
    line-height: 1.35;
    color: var(--_text);
    overflow-wrap: break-word;
  }
  /* A visitor who prefers dark: the same properties, dark defaults (a site's own values win). */
  @media (prefers-color-scheme: dark) {
    :host {
      --_text: var(--enquiry-form-color-text, #f3f2f1);
      --_background: var(--enquiry-form-color-background, #0b0c0c);
      --_error: var(--enquiry-form-color-error, #ff8f80);
      --_border: var(--enquiry-form-color-border, #6f777b);
      color-scheme: dark;
      background: var(--_background);
      padding: calc(var(--_space) * 0.75);
    }
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
    /* What scrolls into view (the error summary, a question) stays below a sticky header. */
    scroll-margin-top: var(--enquiry-form-scroll-margin, 0px);
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px !important;
    height: 1px !important;
    margin: 0 !important;
    padding: 0 !important;
    overflow: hidden !important;
    clip-path: inset(50%) !important;
    white-space: nowrap !important;
    border: 0 !important;
  }
  .honeypot {
    position: absolute;
    inset-inline-start: -10000px;
    width: 1px;
    height: 1px;
    overflow: hidden;
  }
  .form {
    margin: 0;
  }
  h2 {
    margin: 0 0 calc(var(--_space) * 0.75);
    font-size: 1.35em;
    line-height: 1.2;
  }
`;

/** Every stylesheet of the element, in cascade order. */
export const styles = theme + fields + choices + buttons + boxes + files + preferences;
