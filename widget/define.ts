/**
 * Registers `<enquiry-form>` and records the session's first marketing touch. Both happen on
 * every page the script is on: the landing page of an advert may have no form on it, and the
 * visitor may send the form from another page. The touch is recorded once the page's first frame
 * is drawn (or as the page is left, if that comes first), not before the form: its first look at
 * sessionStorage waits for the browser's other process, which the first field need not wait for.
 */
import { captureFirstTouch } from './attribution.ts';
import { afterFirstFrame } from './after-first-frame.ts';
import { EnquiryForm } from './enquiry-form.ts';
import type { EnquiryFailedDetail, EnquirySubmittedDetail } from './late/submission.ts';

/** The element's tag name. */
export const TAG_NAME = 'enquiry-form';

// Server rendering imports the module where there is no page: nothing to record or define.
if (typeof window !== 'undefined') {
  // A page may include the script twice (two embeds, a tag manager): the second must not throw.
  if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, EnquiryForm);
  const capture = () => {
    removeEventListener('pagehide', capture);
    captureFirstTouch();
  };
  addEventListener('pagehide', capture);
  afterFirstFrame(capture);
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
