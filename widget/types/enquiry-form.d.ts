/**
 * The public types of the `enquiry-form` package (`npm run pack:widget` ships this file as
 * `enquiry-form.d.ts`, beside the module it describes). Written by hand so that an app's
 * compiler sees only what it may use, with no path into the widget's internals, Lit or the
 * proxy's contract; `package.type-test.ts` checks it against the element's real types, so the
 * two cannot drift apart unseen.
 */

/** Why sending failed: the `reason` of the `enquiry-failed` event. */
export type FailureReason =
  'network' | 'server' | 'rate-limited' | 'rejected' | 'forbidden' | 'too-large';

/** A call the enquiry booked (`docs/http-api.md`). */
export interface BookedCall {
  status: 'booked';
  /** Its start and end, ISO 8601 in UTC. */
  start: string;
  end: string;
  /** The firm's IANA time zone. */
  timeZone: string;
  /** The visitor's own IANA time zone, as their browser said it. */
  visitorZone?: string;
  /** The call's page, where the visitor moves or cancels it: show it to the visitor only. */
  page: string;
  /** The call as an iCalendar file for the visitor's calendar. */
  calendar: string;
  /** True when a confirmation email with the call and its invitation was queued for them. */
  emailed: boolean;
}

/** A call asked for and not held (the booking limits): `message` is what the visitor was told. */
export interface CallNotHeld {
  status: 'not_held';
  message: string;
}

/** `detail` of the `enquiry-submitted` event. */
export interface EnquirySubmittedDetail {
  /** The proxy's reference for the enquiry, shown to the visitor. */
  reference: string;
  /** `delivered`: the firm's platform has it; `queued`: stored, delivered shortly. */
  status: 'delivered' | 'queued';
  /** The platform's id of the enquiry, when delivered. */
  enquiryId?: number;
  /**
   * The call it booked, or the call asked for when it was not held (the booking limits): what
   * the visitor was told.
   */
  call?: BookedCall | CallNotHeld;
}

/** `detail` of the `enquiry-failed` event. */
export interface EnquiryFailedDetail {
  reason: FailureReason;
  /** The HTTP status, when the proxy answered. */
  status?: number;
  /** What the visitor was told. */
  message: string;
  /** Present when the proxy stored the enquiry but the platform refused it (`502`). */
  reference?: string;
}

/** Any of the form's strings by key, replacing the English defaults. */
export type EnquiryFormStrings = { readonly [key: string]: string | undefined };

/**
 * `<enquiry-form>`: the enquiry form, built from the configuration of the proxy named by
 * `endpoint`. Importing this package defines the element in a browser, and nothing on a server.
 * The attributes `lang` (the visitor's language, else the page's) and `language-switch` (a
 * switch between the form's languages, for a form in several) have no property of their own.
 */
export declare class EnquiryForm extends HTMLElement {
  /** The proxy's origin. Defaults to the origin the script was loaded from. */
  endpoint: string;
  /** Fixes the case type (its id); when absent the visitor chooses one. */
  caseType: string | undefined;
  /** Marketing campaign; wins over `utm_campaign`. */
  campaign: string | undefined;
  /** Lead source; wins over `utm_source` and the referring site. */
  referer: string | undefined;
  /** Search keywords; win over `utm_term`. */
  keywords: string | undefined;
  /** Free-form attribution detail; wins over `utm_medium`, `utm_content` and `gclid`. */
  detail: string | undefined;
  /** Language tag for the form's `lang` and for numbers, sizes and times. */
  locale: string | undefined;
  /** Any of the form's strings (also the `i18n` attribute, as JSON). */
  i18n: EnquiryFormStrings | undefined;
  /** Resolves once the form has rendered its latest change. */
  readonly updateComplete: Promise<boolean>;
}

/** The element's tag name. */
export declare const TAG_NAME = 'enquiry-form';

declare global {
  interface HTMLElementTagNameMap {
    'enquiry-form': EnquiryForm;
  }
  interface GlobalEventHandlersEventMap {
    'enquiry-submitted': CustomEvent<EnquirySubmittedDetail>;
    'enquiry-failed': CustomEvent<EnquiryFailedDetail>;
  }
}
