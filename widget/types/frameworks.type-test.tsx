/**
 * The framework typings, checked by the compiler (`npm run typecheck`): what a React or Vue
 * app may write compiles, and a mistake does not.
 */
import type { GlobalComponents } from 'vue';
import './frameworks.d.ts';

export const react = (
  <enquiry-form
    case-type="conveyancing"
    campaign="spring-2027"
    data-partner="acme"
    onenquiry-submitted={(event) => event.detail.reference.toUpperCase()}
    onenquiry-failed={(event) => event.detail.reason}
  />
);

// @ts-expect-error -- attributes are strings
export const wrongType = <enquiry-form case-type={42} />;

export const wrongDetail = (
  <enquiry-form
    onenquiry-submitted={(event) => {
      // @ts-expect-error -- the submitted event's detail has no such field
      console.log(event.detail.nope);
    }}
  />
);

type VueProps = InstanceType<GlobalComponents['enquiry-form']>['$props'];
export const vue: VueProps = {
  'case-type': 'conveyancing',
  onEnquirySubmitted: (event) => event.detail.reference,
};
// @ts-expect-error -- Vue sees the same attributes
export const vueWrong: VueProps = { 'case-type': 42 };
