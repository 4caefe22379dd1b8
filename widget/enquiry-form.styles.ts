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
  /*
   * Light or dark as the page is: \`color-scheme\` is inherited, so the page's (on its root, or
   * on the element) decides, never the visitor's system alone; a page that says nothing is light.
   * A site's own values win in both.
   */
  :host {
    --_text: var(--enquiry-form-color-text, light-dark(#0b0c0c, #f3f2f1));
    --_background: var(--enquiry-form-color-background, light-dark(#ffffff, #0b0c0c));
    --_accent: var(--enquiry-form-color-accent, #00703c);
    --_accent-text: var(--enquiry-form-color-accent-text, #ffffff);
    --_error: var(--enquiry-form-color-error, light-dark(#d4351c, #ff8f80));
    --_focus: var(--enquiry-form-color-focus, #ffdd00);
    --_focus-text: var(--enquiry-form-color-focus-text, #0b0c0c);
    --_border: var(--enquiry-form-color-border, light-dark(#b1b4b6, #6f777b));
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
  /* Fixed, so it never widens the page, whatever its direction and the page's: absolute and
     right to left on a page written left to right (an Arabic form on an English page), it made
     the page scroll 10,000 px sideways. Out of sight, it needs no size of its own. */
  .honeypot {
    position: fixed;
    inset-inline-start: -10000px;
  }
  .form {
    margin: 0;
  }
  /* Its top drawn, the rest once the browser is idle: a screen's height is kept until then, as
     the README's snippet keeps it while the script loads, so what is below the form does not come
     up and go down again (a page that reserves less than a screen sees it move once). */
  [aria-busy] {
    min-height: 100vh;
  }
  h2 {
    margin: 0 0 calc(var(--_space) * 0.75);
    font-size: 1.35em;
    line-height: 1.2;
  }
`;

/**
 * Every stylesheet of the element, in cascade order (a form in steps adds its steps part's,
 * `templates/steps.ts`, and the late bundle its own).
 */
export const styles = theme + fields + choices + buttons + boxes + files + preferences;
