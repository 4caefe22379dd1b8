/**
 * What travels between the widget (or any client) and the proxy besides the enquiry part: the
 * answers of `POST /api/enquiries`, the form token, and the problems the proxy reports. Types
 * only: the widget pays nothing for them.
 */
import type { FieldIssue } from './issues.ts';

/** The `error` of every answer that is not a success. */
export type ErrorCode =
  | 'validation'
  | 'unsupported_file'
  | 'bad_request'
  | 'too_large'
  | 'origin_not_allowed'
  | 'rate_limited'
  | 'busy'
  | 'timeout'
  | 'storage_full'
  | 'storage_unavailable'
  | 'in_progress'
  | 'idempotency_key_reused'
  | 'upstream_rejected'
  | 'challenge_unavailable'
  | 'invalid_report'
  | 'not_found'
  | 'not_built'
  | 'draft_not_found'
  | 'draft_code'
  | 'uploads_gone'
  | 'internal';

/**
 * The call an enquiry booked, as its answer gives it (`docs/http-api.md`): what the visitor's
 * sent panel says, whether or not an email goes.
 */
export interface BookedCall {
  status: 'booked';
  /** Its start and end, ISO 8601 in UTC, as `GET /api/slots` served them. */
  start: string;
  end: string;
  /** The firm's IANA zone (its hosts' rules'). */
  timeZone: string;
  /** The visitor's own zone, as the enquiry's `time_zone` said it. */
  visitorZone?: string;
  /** The call's page, where the visitor moves or cancels it: the link their email carries. */
  page: string;
  /** The call as a file for the visitor's calendar (iCalendar), under the page's address. */
  calendar: string;
  /** True when a confirmation email with the call and its invitation was queued for them. */
  emailed: boolean;
}

/** `201`: delivered to the platform while the visitor waited. */
export interface DeliveredResponse {
  status: 'delivered';
  reference: string;
  enquiryId: number;
  /** `failed`: the enquiry reached the platform but this file was refused (kept for the firm to follow up). */
  files: { name: string; status: 'delivered' | 'failed' }[];
  /** The receipt code: proof the firm can check that this exact enquiry was received, and when. */
  receipt?: string;
  /** The call it booked, or the call asked for when it was not held (`docs/booking.md`). */
  call?: AnswerCall;
}

/**
 * A call the booking limits did not hold: the enquiry was taken, its time sent as the visitor's
 * preferred one, and the visitor is told so in `message`, in the language they read the form in.
 */
export interface CallNotHeld {
  status: 'not_held';
  message: string;
}

/** The `call` of a taken enquiry's answer: booked, or asked for and not held. */
export type AnswerCall = BookedCall | CallNotHeld;

/** `202`: stored safely; the proxy delivers it when the platform answers. */
export interface QueuedResponse {
  status: 'queued';
  reference: string;
  /** The receipt code, as in `DeliveredResponse`. */
  receipt?: string;
  /** The call, as in `DeliveredResponse`. */
  call?: AnswerCall;
}

/** `400` validation, and the body of `415` (with file issues). */
export interface ValidationErrorResponse {
  error: 'validation' | 'unsupported_file';
  message: string;
  issues: FieldIssue[];
}

/** Every other error: `403`, `409`, `413`, `422`, `429`, `5xx`. */
export interface ErrorResponse {
  error: ErrorCode;
  message: string;
  /** Present once the submission was stored, so the visitor can quote it. */
  reference?: string;
  /** Present on a `413` caused by one file. */
  issues?: FieldIssue[];
}

/** Any answer of `POST /api/enquiries`. */
export type SubmitResponse =
  DeliveredResponse | QueuedResponse | ValidationErrorResponse | ErrorResponse;

/** `GET /api/form-token`: a signed start time, sent back as `form_token`. */
export interface FormTokenResponse {
  token: string;
}
