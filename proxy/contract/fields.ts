/**
 * The names of an enquiry's fields, in the one place every party reads them from: the form
 * configuration's `contact` block, the rules, the widget's inputs and drafts, the upstream
 * enquiry, and the idempotency fingerprint.
 */

/** The contact fields in the order the form shows them. `forename` is always required. */
export const CONTACT_FIELDS = /* @__PURE__ */ Object.freeze([
  'forename',
  'surname',
  'email',
  'telephone_mobile',
] as const);

/** A contact field. */
export type ContactFieldName = (typeof CONTACT_FIELDS)[number];

/** The contact fields a form configuration may make `required`, `optional` or `hidden`. */
export const CONFIGURABLE_CONTACT_FIELDS = /* @__PURE__ */ Object.freeze([
  'surname',
  'email',
  'telephone_mobile',
] as const);

/** A contact field the configuration decides about (every one but `forename`). */
export type ContactField = (typeof CONFIGURABLE_CONTACT_FIELDS)[number];

/** The marketing attribution an enquiry carries (`marketing.*` in the enquiry part). */
export const MARKETING_FIELDS = /* @__PURE__ */ Object.freeze([
  'lead_referer',
  'campaign',
  'keywords',
  'detail',
] as const);

/** A marketing attribution field. */
export type MarketingField = (typeof MARKETING_FIELDS)[number];

/**
 * Fields of the enquiry part that belong to one attempt, not to the enquiry: a retry may send
 * new ones (a Turnstile token is single-use, a form token may be renewed, the honeypot is not
 * the visitor's), so they never count towards what makes two attempts the same enquiry.
 */
export const PER_ATTEMPT_FIELDS = /* @__PURE__ */ Object.freeze([
  'form_token',
  'turnstile_token',
  'website',
] as const);

/** A per-attempt field. */
export type PerAttemptField = (typeof PER_ATTEMPT_FIELDS)[number];

/**
 * How many case types are offered as radios before a select takes over. GOV.UK advises radios
 * for a few options: every label is shown whole on a narrow phone, where a select shows only the
 * chosen one (and Firefox cuts a long one). `caseTypeRadiosUpTo` in the configuration changes it.
 */
const CASE_TYPE_RADIOS_UP_TO = 7;

/**
 * Whether the case type is chosen with radios (else a select): the widget and the page without
 * JavaScript ask the same question here.
 *
 * @example caseTypesAsRadios({ caseTypes: [a, b, c] }) // true
 */
export const caseTypesAsRadios = (config: {
  caseTypes: readonly unknown[];
  caseTypeRadiosUpTo?: number | undefined;
}) => config.caseTypes.length <= (config.caseTypeRadiosUpTo ?? CASE_TYPE_RADIOS_UP_TO);
