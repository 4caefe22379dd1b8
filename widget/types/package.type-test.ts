/**
 * The package's hand-written types (`enquiry-form.d.ts`) against the element's real ones,
 * checked by the compiler (`npm run typecheck`): a property, an event detail or a failure
 * reason added to the element and not to the package fails here.
 */
// The real types from their modules, not from `index.ts`: its `define.ts` declares the same
// global tag and events for the real class, which the declared ones may not redeclare here.
import type { EnquiryForm } from '../enquiry-form.ts';
import type { EnquiryFormStrings } from '../i18n.ts';
import type {
  EnquiryFailedDetail,
  EnquirySubmittedDetail,
  FailureReason,
} from '../late/submission.ts';
import type * as Declared from './enquiry-form.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const yes = <T extends true>(value: T) => value;

/** Each check compiles only while the two sides agree. */
export const checks = [
  yes<Same<EnquirySubmittedDetail, Declared.EnquirySubmittedDetail>>(true),
  yes<Same<EnquiryFailedDetail, Declared.EnquiryFailedDetail>>(true),
  yes<Same<FailureReason, Declared.FailureReason>>(true),
  // The element's properties (each set from an attribute) are the ones declared.
  yes<
    Same<
      keyof (typeof EnquiryForm)['properties'],
      Exclude<keyof Declared.EnquiryForm, keyof HTMLElement | 'updateComplete'>
    >
  >(true),
  // Each declared property takes what the element takes.
  yes<
    Same<
      Pick<EnquiryForm, Exclude<keyof Declared.EnquiryForm, keyof HTMLElement>>,
      Omit<Declared.EnquiryForm, keyof HTMLElement | 'i18n'> & {
        i18n: EnquiryFormStrings | undefined;
      }
    >
  >(true),
  // The strings the element takes by name are strings the package lets an app give.
  yes<EnquiryFormStrings extends Declared.EnquiryFormStrings ? true : false>(true),
];
