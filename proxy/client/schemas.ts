/**
 * The enquiry API's contract (docs/enquiry-api.md) as zod schemas: what we send
 * (sections 2.1 to 2.3) and every envelope it answers with (sections 2.4 and 7), but for the
 * success envelope's id, read by hand for every delivery (`successId`).
 */
import { z } from 'zod';
import { isByteSource, type ByteSource } from './byte-source.ts';

/** Section 2.2: all three keys are required in each entry. */
const metaEntrySchema = z.strictObject({
  id: z.string().min(1),
  label: z.string().min(1),
  value: z.string().min(1),
});

/**
 * Section 2.1. Every field is sent, as a string ("" when the visitor gave nothing), because the
 * spec shows clients sending them all and says `marketing_keywords` may be empty.
 */
export const upstreamEnquirySchema = z.strictObject({
  forename: z.string().trim().min(1),
  surname: z.string(),
  telephone_mobile: z.string(),
  email: z.string(),
  case_type: z.string(),
  meta: z.array(metaEntrySchema),
  marketing_lead_referer: z.string(),
  marketing_campaign: z.string(),
  marketing_keywords: z.string(),
  marketing_detail: z.string(),
});

/** One `{id, label, value}` of `meta`. */
export type MetaEntry = z.output<typeof metaEntrySchema>;
/** The create body, as the proxy sends it. */
export type UpstreamEnquiry = z.output<typeof upstreamEnquirySchema>;

/** Section 2.3's file descriptor plus the bytes; the client does the BASE64 encoding. */
export const uploadFileSchema = z.strictObject({
  name: z.string().min(1),
  mime: z.string().min(1),
  postname: z.string().min(1),
  /** The contents: bytes in memory, or a source to stream them from (a file of the outbox). */
  bytes: z
    .custom<Uint8Array | ByteSource>(
      (value) => value instanceof Uint8Array || isByteSource(value),
      'must be bytes or a byte source',
    )
    .refine((bytes) => byteLength(bytes) > 0, 'must not be empty'),
});

/** The length of an upload's contents, whichever form they take. */
export const byteLength = (bytes: Uint8Array | ByteSource): number =>
  bytes instanceof Uint8Array ? bytes.byteLength : bytes.size;

/** One file to upload: its descriptor and its bytes. */
export type UploadFile = z.output<typeof uploadFileSchema>;

/**
 * Section 2.4 on success: `result` is the integer id; undefined when the body holds none. Read
 * leniently: a PHP platform may send the id as a string of digits, and any 2xx with an id means
 * the step was done. Checked by hand rather than by a zod schema, as it is for every delivery:
 * the schema (a union, a transform and a pipe) cost a tenth of a millisecond each time.
 *
 * @example successId({ code: 201, result: '42' }) // 42
 */
export function successId(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const { result } = json as { result?: unknown };
  const id = typeof result === 'string' && /^\d{1,15}$/.test(result) ? Number(result) : result;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Section 7, first two rows: `status` names the parameter in backticks; `result` is false. */
export const badRequestEnvelopeSchema = z.object({
  code: z.literal(400),
  status: z.string(),
  result: z.literal(false),
});

/**
 * A WordPress REST error: `code` is a string such as `rest_no_route`, `incorrect_password` or
 * the spec's 401 (`code` 401 with `data.status` = `rest_cannot_access`, section 7).
 */
export const wordpressErrorSchema = z.object({
  code: z.union([z.string(), z.number()]),
  message: z.string().optional(),
  data: z.object({ status: z.union([z.string(), z.number()]).optional() }).optional(),
});

/** The backticked parameter name in a 400 status text, e.g. "`forename`" → "forename". */
export function parameterNamed(status: string): string | undefined {
  return /`([^`]+)`/.exec(status)?.[1];
}
