/**
 * What the form says about itself: a failed send, the upload progress and the confirmation (the
 * error summary has its own folder). Each block that appears after an action takes focus (the element moves it), so
 * keyboard and screen reader users land on the news.
 */
import { html, nothing } from 'lit';
import type { PublicFormConfig } from '#contract';
import type { Translator } from '../i18n.ts';
import type { FailureView } from '../state.ts';
import type { EnquirySubmittedDetail } from '../submission.ts';

/**
 * A send that did not succeed: what happened, the reference to quote (unbroken, selectable),
 * the firm's other ways in when the configuration names them, and a button to send again.
 */
export function failureNotice(
  failure: FailureView | undefined,
  t: Translator,
  retry: () => void,
  firm?: PublicFormConfig['firm'],
) {
  if (!failure) return nothing;
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

/**
 * Upload progress: a native `<progress>` with the percentage in words beside it. Until the
 * browser reports the first bytes, the bar is indeterminate; at 100% the visitor is told the
 * form now waits for the proxy's answer, which can take a few seconds more.
 */
export function progressBlock(fraction: number | undefined, t: Translator) {
  const done = fraction !== undefined && fraction >= 1;
  return html`<div class="progress" part="progress">
    <label class="progress__label" for="progress-bar">${t.text('sending')}</label>
    <progress
      id="progress-bar"
      max="100"
      value=${fraction === undefined ? nothing : Math.round(fraction * 100)}
    ></progress>
    <span class="progress__text"
      >${
        done
          ? t.text('waiting')
          : fraction === undefined
            ? nothing
            : t.text('uploaded', { percent: t.percent(fraction) })
      }</span
    >
  </div>`;
}

/** GOV.UK confirmation panel, honest about whether the firm already has the enquiry. */
export function confirmation(result: EnquirySubmittedDetail, t: Translator) {
  const delivered = result.status === 'delivered';
  return html`<div class="panel" part="confirmation" tabindex="-1">
    <h2 class="panel__title">${t.text(delivered ? 'deliveredTitle' : 'queuedTitle')}</h2>
    <p class="panel__body">
      ${t.text('reference')}<br />
      <strong class="panel__reference reference">${result.reference}</strong>
    </p>
    <p class="panel__note">${t.text(delivered ? 'deliveredBody' : 'queuedBody')}</p>
  </div>`;
}
