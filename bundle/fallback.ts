/**
 * The page's own way to send when the form cannot come: light-DOM content inside
 * `<enquiry-form>` (the no-JS form's link, the firm's telephone and email). It must work without
 * the script (blocked, or the proxy down), so it is the page's markup and CSS alone:
 *
 * - without scripting it shows at once (instead of a `<noscript>`);
 * - with scripting it waits, hidden, while the element is not defined: shown after a few
 *   seconds if the script has not come by then;
 * - once defined the element shows it only when the form cannot be loaded (its notice has a
 *   `<slot>`), and the drawn form of `npm run embed` shows it through its own `<slot>`.
 *
 * The README's snippet and the demo site carry `FALLBACK_CSS` as it is here
 * (`demo/readme/readme.test.ts` keeps them the same).
 */
import type { PublicFormConfig } from '../proxy/contract/index.ts';

/** How long the page waits for the script before it offers the other ways. */
const FALLBACK_DELAY_SECONDS = 4;

/** The page's CSS that holds the fallback back while the script may still come. */
export const FALLBACK_CSS = `@media (scripting: enabled) {
  enquiry-form:not(:defined) > .enquiry-form-fallback {
    animation: enquiry-form-fallback ${FALLBACK_DELAY_SECONDS}s;
  }
}
@keyframes enquiry-form-fallback {
  from,
  to {
    visibility: hidden;
  }
}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The fallback's markup: the link to the form without JavaScript, and the firm's other ways. */
export function fallbackContent(formUrl: string, firm?: PublicFormConfig['firm']): string {
  const ways = [
    firm?.phone &&
      `call <a href="tel:${escapeHtml(firm.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(firm.phone)}</a>`,
    firm?.email && `email <a href="mailto:${escapeHtml(firm.email)}">${escapeHtml(firm.email)}</a>`,
  ].filter(Boolean);
  const others = ways.length > 0 ? `, or ${ways.join(' or ')}` : '';
  return `<p class="enquiry-form-fallback">
    Cannot see or send the form? <a href="${escapeHtml(formUrl)}">Send us your enquiry</a> on our
    form page${others}.
  </p>`;
}
