/**
 * The steps part: what a form in steps (`"steps"` in the configuration) draws on top of the
 * form, where the visitor is ("Step 2 of 5") and the step's title in one heading that focus moves
 * to when the step changes, and Continue beside Back. A part of its own: the script build makes
 * it a file the entry fetches only for a form in steps, before that form's first render
 * (`../late-bundle.ts`), so a form on one page never loads it. Built on its own with no imports,
 * it brings its own copy of the contract's steps and of Lit's tags (`../late/lit-tags.ts`); the
 * late bundle's steps chunk takes the steps from the element (`LatePorts.stepsNow`).
 */
import { stepTitle, type StepsNow } from '#contract';
import type { Translator } from '../i18n.ts';
import { css, html, nothing } from '../late/lit-tags.ts';

export { STEP_STRINGS, stepOfField, stepsNow, stepTitle } from '#contract';

/** "Step 2 of 5" above the step's title, and Continue beside Back. */
export const stepStyles = css`
  .step-title:focus {
    outline: none;
  }
  .step-count {
    display: block;
    font-size: 0.75em;
    font-weight: normal;
    color: var(--_quiet);
  }
  .step-buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0 15px;
  }
`;

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
