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

/** `201`: delivered to the platform while the visitor waited. */
export interface DeliveredResponse {
  status: 'delivered';
  reference: string;
  enquiryId: number;
  /** `failed`: the enquiry reached the platform but this file was refused (kept for the firm to follow up). */
  files: { name: string; status: 'delivered' | 'failed' }[];
  /** The receipt code: proof the firm can check that this exact enquiry was received, and when. */
  receipt?: string;
  /** The call asked for, when it was not held (`docs/booking.md`, "Limits"). */
  call?: CallNotHeld;
}

/**
 * A call the booking limits did not hold: the enquiry was taken, its time sent as the visitor's
 * preferred one, and the visitor is told so in `message`, in the language they read the form in.
 */
export interface CallNotHeld {
  status: 'not_held';
  message: string;
}

/** `202`: stored safely; the proxy delivers it when the platform answers. */
export interface QueuedResponse {
  status: 'queued';
  reference: string;
  /** The receipt code, as in `DeliveredResponse`. */
  receipt?: string;
  /** The call asked for, when it was not held, as in `DeliveredResponse`. */
  call?: CallNotHeld;
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
