/**
 * Registers `<enquiry-form>` and records the session's first marketing touch. Both happen when
 * the script loads: the landing page of an advert may have no form on it, and the visitor may
 * send the form from another page.
 */
import { captureFirstTouch } from './attribution.ts';
import { EnquiryForm } from './enquiry-form.ts';
import type { EnquiryFailedDetail, EnquirySubmittedDetail } from './late/submission.ts';

/** The element's tag name. */
export const TAG_NAME = 'enquiry-form';

// Server rendering imports the module where there is no page: nothing to record or define.
if (typeof window !== 'undefined') {
  captureFirstTouch();
  // A page may include the script twice (two embeds, a tag manager): the second must not throw.
  if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, EnquiryForm);
}

declare global {
  interface HTMLElementTagNameMap {
    'enquiry-form': EnquiryForm;
  }
  interface GlobalEventHandlersEventMap {
    'enquiry-submitted': CustomEvent<EnquirySubmittedDetail>;
    'enquiry-failed': CustomEvent<EnquiryFailedDetail>;
  }
}
