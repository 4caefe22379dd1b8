/**
 * The `enquiry` part of `POST /api/enquiries`, and the answers the proxy gives.
 *
 * The zod schema checks shape and types (unknown keys are refused); the field rules in
 * `rules.ts` check the meaning against the form configuration. The widget imports only types.
 */
import { z } from 'zod';
import { MAX_ANSWERS } from './limits.ts';

const answerSchema = z.union([z.string(), z.array(z.string()).max(100)]);

export const marketingSchema = z.strictObject({
  lead_referer: z.string().optional(),
  campaign: z.string().optional(),
  keywords: z.string().optional(),
  detail: z.string().optional(),
});

export const enquiryPartSchema = z.strictObject({
  forename: z.string(),
  surname: z.string().optional(),
  email: z.string().optional(),
  telephone_mobile: z.string().optional(),
  case_type: z.string(),
  /** Question id → answer. An array only for a `checkbox` question with options. */
  answers: z
    .record(z.string(), answerSchema)
    .refine(
      (answers) => Object.keys(answers).length <= MAX_ANSWERS,
      `at most ${MAX_ANSWERS} answers`,
    )
    .default({}),
  marketing: marketingSchema.default({}),
  /** The signed start time from `GET /api/form-token` (bot check). */
  form_token: z.string().max(200).optional(),
  /** The honeypot: people never see this field, so it is always empty when they send. */
  website: z.string().max(1000).optional(),
  /** A Cloudflare Turnstile token, when the proxy asks for one. */
  turnstile_token: z.string().max(4096).optional(),
});

export type EnquiryPart = z.output<typeof enquiryPartSchema>;
/** What a client sends: optional blocks may be left out. */
export type EnquiryPartInput = z.input<typeof enquiryPartSchema>;
export type Answer = z.output<typeof answerSchema>;
export type Marketing = z.output<typeof marketingSchema>;

/** One field-level problem, as the proxy reports it and the widget shows it. */
export interface FieldIssue {
  /** `forename`, `answers.transaction`, `files[1]`, `files`, ... */
  field: string;
  code: IssueCode;
  /** English text from the shared messages; the widget renders its own (i18n) from `code`. */
  message: string;
}

export type IssueCode =
  | 'required'
  | 'too_long'
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_characters'
  | 'not_an_option'
  | 'unknown_case_type'
  | 'unknown_question'
  | 'not_a_number'
  | 'out_of_range'
  | 'invalid_date'
  | 'invalid_type'
  | 'unrecognized_key'
  | 'challenge_failed'
  | 'form_expired'
  | 'file_kind'
  | 'file_audio_video'
  | 'file_empty'
  | 'file_too_big'
  | 'too_many_files';

/** `201`: delivered to the platform while the visitor waited. */
export interface DeliveredResponse {
  status: 'delivered';
  reference: string;
  enquiryId: number;
  /** `failed`: the enquiry reached the platform but this file was refused (kept for the firm to follow up). */
  files: { name: string; status: 'delivered' | 'failed' }[];
}

/** `202`: stored safely; the proxy delivers it when the platform answers. */
export interface QueuedResponse {
  status: 'queued';
  reference: string;
}

/** `400` validation, and the body of `415` (with file issues). */
export interface ValidationErrorResponse {
  error: 'validation' | 'unsupported_file';
  message: string;
  issues: FieldIssue[];
}

/** Every other error: `403`, `409`, `413`, `422`, `429`, `5xx`. */
export interface ErrorResponse {
  error: string;
  message: string;
  /** Present once the submission was stored, so the visitor can quote it. */
  reference?: string;
  /** Present on a `413` caused by one file. */
  issues?: FieldIssue[];
}

export type SubmitResponse =
  DeliveredResponse | QueuedResponse | ValidationErrorResponse | ErrorResponse;

/** `GET /api/form-token`: a signed start time, sent back as `form_token`. */
export interface FormTokenResponse {
  token: string;
}
