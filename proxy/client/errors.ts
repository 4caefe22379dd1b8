/**
 * Every way a call to the enquiry API can fail, sorted into what the caller should do about it.
 * Messages name the endpoint and status, never the credentials or the request body; upstream
 * texts they carry are scrubbed of the credentials (`scrub.ts`) before they get here.
 */

/**
 * - `validation`: the API refused the request (400); sending it again will not help.
 * - `authentication`: the credentials are refused (401, or WordPress's 401/403 shapes, or a
 *   firewall's 403 page); nothing will work until they are fixed.
 * - `configuration`: the service is not where `ENQUIRY_API_URL` says (no route, a web page
 *   instead of the API, a redirect, an untrusted certificate); nothing will work until fixed.
 * - `retryable`: network trouble, a timeout, 408, 429 or 5xx; try again later.
 * - `unknown`: any other answer; retry cautiously and log it.
 */
export type FailureKind =
  'validation' | 'authentication' | 'configuration' | 'retryable' | 'unknown';

/** What is known about a failed call. */
export interface EnquiryApiErrorDetails {
  kind: FailureKind;
  endpoint: 'create' | 'upload';
  status?: number | undefined;
  /** For `validation`: the parameter the API named. */
  parameter?: string | undefined;
  /** For 429 and 503 with `Retry-After`: how long the API asked us to wait. */
  retryAfterMs?: number | undefined;
  /**
   * True when the request may have taken effect although we saw no success (a timeout after
   * sending, a dropped connection, a gateway error): a retried create may then duplicate.
   */
  outcomeUnknown: boolean;
  /** True when no answer came within the call's timeout (the platform hung on it). */
  timedOut?: boolean | undefined;
  /** The answer's JSON, or the start of its text, scrubbed, for the logs and operators. */
  body?: unknown;
  /**
   * True when the API said yes (a 2xx) but its answer held no id we could read: the step
   * almost certainly took effect, so it must not be sent again.
   */
  answeredSuccess?: boolean | undefined;
  /** For `authentication` and `configuration`: what to change, in the operator's words. */
  hint?: string | undefined;
}

/** A failed call to the enquiry API, sorted (`kind`) for the deliverer. */
export class EnquiryApiError extends Error implements EnquiryApiErrorDetails {
  override readonly name = 'EnquiryApiError';
  readonly kind: FailureKind;
  readonly endpoint: 'create' | 'upload';
  readonly status: number | undefined;
  readonly parameter: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;
  readonly timedOut: boolean;
  readonly body: unknown;
  readonly answeredSuccess: boolean;
  readonly hint: string | undefined;

  constructor(message: string, details: EnquiryApiErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = details.kind;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.parameter = details.parameter;
    this.retryAfterMs = details.retryAfterMs;
    this.outcomeUnknown = details.outcomeUnknown;
    this.timedOut = details.timedOut ?? false;
    this.body = details.body;
    this.answeredSuccess = details.answeredSuccess ?? false;
    this.hint = details.hint;
  }

  /** True when nothing will go through until someone changes the setup: delivery pauses. */
  get needsSetup(): boolean {
    return this.kind === 'authentication' || this.kind === 'configuration';
  }
}
