/**
 * A send that did not succeed. Only the late bundle sends; when the late bundle itself could not
 * be loaded, the entry says so in a plain notice (`templates/notice.ts`).
 */
import { html, nothing } from './lit-tags.ts';
import type { PublicFormConfig } from '#contract';
import type { Translator } from '../i18n.ts';
import type { FailureView } from '../state.ts';

/**
 * A send that did not succeed: what happened, the reference to quote (unbroken, selectable),
 * the firm's other ways in when the configuration names them, and a button to send again.
 */
export function failureNotice(
  failure: FailureView,
  t: Translator,
  retry: () => void,
  firm?: PublicFormConfig['firm'],
) {
  return html`<div class="failure" part="failure" tabindex="-1">
    <div role="alert">
      <h2 class="failure__title">${t.text('failedTitle')}</h2>
      <p class="failure__message">${failure.message}</p>
      ${
        failure.reference
          ? html`<p class="failure__reference">
              ${t.text('reference')} <strong class="reference">${failure.reference}</strong>
            </p>`
          : nothing
      }
      ${firm ? firmContact(firm, t) : nothing}
    </div>
    <button class="button button--secondary" type="button" @click=${retry}>
      ${t.text('retry')}
    </button>
  </div>`;
}

/** The firm's name, telephone and email, as links a phone can call or write to. */
function firmContact(firm: NonNullable<PublicFormConfig['firm']>, t: Translator) {
  return html`<p class="failure__firm" part="firm">
    ${t.text('firmContact', { name: firm.name })}
    ${firm.phone ? html`<a href="tel:${firm.phone.replace(/[^\d+]/g, '')}">${firm.phone}</a>` : nothing}
    ${firm.phone && firm.email ? ' · ' : nothing}
    ${firm.email ? html`<a href="mailto:${firm.email}">${firm.email}</a>` : nothing}
  </p>`;
}
