/**
 * `<enquiry-form>` in React 19 JSX and Vue 3 templates, with its attributes and events typed.
 * Shipped in the package as `enquiry-form/frameworks`; reference it once in an app that renders
 * the element (loaded by the script tag, or imported from the package: importing it during
 * server rendering is safe):
 *
 * @example /// <reference types="enquiry-form/frameworks" />
 */
import type { DefineComponent } from 'vue';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { EnquiryFailedDetail, EnquiryForm, EnquirySubmittedDetail } from './enquiry-form.js';

/** The element's attributes, as a template writes them (all strings). */
export interface EnquiryFormAttributes {
  /** The proxy's origin; defaults to the origin the script was loaded from. */
  endpoint?: string;
  /** Fixes the case type (its id); when absent the visitor chooses one. */
  'case-type'?: string;
  campaign?: string;
  referer?: string;
  keywords?: string;
  detail?: string;
  /** The language of dates, numbers and sizes (a BCP 47 tag). */
  locale?: string;
  /** Strings to replace, as JSON (`i18n` may also be set as a property). */
  i18n?: string;
  /**
   * Present (`""`): a switch between the form's languages above it, when the form has several
   * (an attribute only: read once the form is on screen).
   */
  'language-switch'?: string;
  /** Values of hidden and prefilled questions (`"from": { "attribute": "data-…" }`). */
  [data: `data-${string}`]: string | undefined;
}

/** The element's events, as React 19 listens to a custom element's (`on` + the event's name). */
export interface EnquiryFormReactEvents {
  'onenquiry-submitted'?: (event: CustomEvent<EnquirySubmittedDetail>) => void;
  'onenquiry-failed'?: (event: CustomEvent<EnquiryFailedDetail>) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'enquiry-form': DetailedHTMLProps<HTMLAttributes<EnquiryForm>, EnquiryForm> &
        EnquiryFormAttributes &
        EnquiryFormReactEvents;
    }
  }
}

declare module 'vue' {
  interface GlobalComponents {
    /** `@enquiry-submitted` and `@enquiry-failed` in a template. */
    'enquiry-form': DefineComponent<
      EnquiryFormAttributes & {
        onEnquirySubmitted?: (event: CustomEvent<EnquirySubmittedDetail>) => void;
        onEnquiryFailed?: (event: CustomEvent<EnquiryFailedDetail>) => void;
      }
    >;
  }
}
