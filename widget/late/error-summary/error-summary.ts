/**
 * The GOV.UK error summary: every problem at the top of the form, each linking to its control.
 * It takes focus when it appears (see `submit-controller.ts`), so keyboard and screen reader
 * users land on the list of what to put right.
 */
import { html, nothing } from '../lit-tags.ts';
import type { Translator } from '../../i18n.ts';
import type { ShownIssue } from '../../issues.ts';

/** GOV.UK error summary: every problem, each linking to its control. */
export function errorSummary(
  issues: readonly ShownIssue[],
  t: Translator,
  follow: (event: Event) => void,
) {
  if (issues.length === 0) return nothing;
  return html`<div class="error-summary" part="error-summary" tabindex="-1">
    <div role="alert">
      <h2 class="error-summary__title">${t.text('errorSummaryTitle')}</h2>
      <ul class="error-summary__list">
        ${issues.map(({ control, text }) => {
          return html`<li>
            ${control ? html`<a href="#${control}" @click=${follow}>${text}</a>` : text}
          </li>`;
        })}
      </ul>
    </div>
  </div>`;
}
