/**
 * What the form says about itself once sending: the upload progress and the confirmation (the
 * error summary has its own folder, a failed send is `failure.ts`). Each block that appears
 * after an action takes focus (the element moves it), so keyboard and screen reader users land
 * on the news.
 */
import { html, nothing } from './lit-tags.ts';
import type { Translator } from '../i18n.ts';
import { percent } from './numbers.ts';
import type { CallNotHeld } from '#contract';
import type { EnquirySubmittedDetail } from './submission.ts';

/**
 * Upload progress: a native `<progress>` with the percentage in words beside it. Until the
 * browser reports the first bytes, the bar is indeterminate; at 100% the visitor is told the
 * form now waits for the proxy's answer, which can take a few seconds more. Offline, no bar
 * moves: the form says that it sends the enquiry once the connection is back.
 */
export function progressBlock(
  { progress: fraction, offline }: { progress: number | undefined; offline?: boolean },
  t: Translator,
) {
  if (offline)
    return html`<div class="progress" part="progress">
      <p class="progress__label">${t.text('sendingOffline')}</p>
    </div>`;
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
            : t.text('uploaded', { percent: percent(t, fraction) })
      }</span
    >
  </div>`;
}

/**
 * A reference that may wrap after its hyphens, and only there, where a narrow panel has no room
 * for it whole at its label's size.
 */
const breakable = (reference: string) =>
  reference.split('-').map((group, i) => (i === 0 ? group : html`-<wbr />${group}`));

/**
 * GOV.UK confirmation panel, honest about whether the firm already has the enquiry, and about a
 * call asked for and not held (the proxy's words, in the visitor's language); with `call`, the
 * lines of the call it booked (the time picker's chunk writes them: `booking/sent.ts`).
 */
export function confirmation(result: EnquirySubmittedDetail, t: Translator, call?: unknown) {
  const delivered = result.status === 'delivered';
  // A call not held is said here in the proxy's words; a booked call has none.
  const notHeld = result.call as CallNotHeld | undefined;
  return html`<div class="panel" part="confirmation" tabindex="-1">
    <h2 class="panel__title">${t.text(delivered ? 'deliveredTitle' : 'queuedTitle')}</h2>
    <p class="panel__body">
      ${t.text('reference')}<br />
      <strong class="panel__reference reference">${breakable(result.reference)}</strong>
    </p>
    ${
      result.receipt
        ? html`<p class="panel__body">
            ${t.text('receipt')}<br /><strong class="reference"
              >${breakable(result.receipt)}</strong
            >
          </p>`
        : nothing
    }
    <p class="panel__note">
      ${t.text(delivered ? 'deliveredBody' : 'queuedBody')}
      ${result.receipt ? t.text('receiptHint') : nothing} ${notHeld?.message}
    </p>
    ${call}
  </div>`;
}
