/**
 * A box that says what went wrong, with a button to try again when trying again can help: the
 * form that could not be loaded, or the late bundle that a send needed (the late bundle's own
 * failure block, with the reference and the firm's details, is `late/failure.ts`).
 */
import { html, nothing } from 'lit/html.js';

/** What the visitor can press, and what pressing does. */
export interface NoticeAction {
  label: string;
  press: () => void;
}

/**
 * The notice, announced as it appears. Its slot shows the tag's own content: the page's other
 * ways to send (`bundle/fallback.ts`), which the element shows nowhere else; without `text`
 * that content is the whole notice.
 */
export const notice = (text?: string, action?: NoticeAction) =>
  html`<div class="failure" part="failure" role="alert">
    ${text ? html`<p>${text}</p>` : nothing}
    ${
      action
        ? html`<button class="button button--secondary" type="button" @click=${action.press}>
            ${action.label}
          </button>`
        : nothing
    }
    <slot></slot>
  </div>`;
