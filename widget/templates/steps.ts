/**
 * The top of a step, in a form in steps (`"steps"` in the configuration): where the visitor is
 * ("Step 2 of 5") and the step's title, one heading that focus moves to when the step changes.
 */
import { html, nothing } from 'lit/html.js';
import { stepTitle, type StepsNow } from '#contract';
import type { Translator } from '../i18n.ts';

/** "Step 2 of 5" above the step's title, both in its heading. */
export function stepHeading(steps: StepsNow, t: Translator) {
  const number = steps.all.indexOf(steps.shown) + 1;
  return html`<h2 class="step-title" tabindex="-1">
    <span class="step-count">${t.text('stepOf', { number, count: steps.all.length })}</span>
    ${stepTitle(steps.shown, (key) => t.text(key as 'step.q'))}
  </h2>`;
}

/** Continue (or Send, on the last step), and Back on every step but the first. */
export function stepButtons(steps: StepsNow, submit: unknown, t: Translator, back: () => void) {
  return html`<div class="step-buttons">
    ${submit}
    ${
      steps.all[0] === steps.shown
        ? nothing
        : html`<button class="button button--secondary" type="button" @click=${back}>
            ${t.text('back')}
          </button>`
    }
  </div>`;
}
