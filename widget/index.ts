/**
 * The widget bundle's entry (`dist/widget/enquiry-form.js`): loading it defines
 * `<enquiry-form>`. Exported for pages that script the element.
 */
import './define.ts';

export { EnquiryForm } from './enquiry-form.ts';
export { TAG_NAME } from './define.ts';
export type { EnquiryFormStrings } from './i18n.ts';
export type {
  EnquiryFailedDetail,
  EnquirySubmittedDetail,
  FailureReason,
} from './late/submission.ts';
