/**
 * The request body of one attempt: the `enquiry` part with its per-attempt tokens, then the
 * files; and the fingerprint that keys its idempotency.
 */
import type { EnquiryPartInput } from '#contract';
import type { EnquiryDraftPart } from './enquiry-part.ts';
import { fingerprint } from './transport.ts';

/** The per-attempt fields, added as each attempt is sent. */
export interface SendExtras {
  form_token?: string | undefined;
  website: string;
  turnstile_token?: string | undefined;
}

/** The multipart body: one `enquiry` JSON part, then one `files` part per file. */
export function multipartBody(part: EnquiryDraftPart, extras: SendExtras, files: readonly File[]) {
  const body = new FormData();
  const enquiry: EnquiryPartInput = { ...part, ...extras };
  if (!enquiry.form_token) delete enquiry.form_token;
  if (!enquiry.turnstile_token) delete enquiry.turnstile_token;
  body.append('enquiry', JSON.stringify(enquiry));
  for (const file of files) body.append('files', file, file.name);
  return body;
}

/**
 * What identifies a submission for its idempotency key: the part and the files, but not the
 * tokens, which may change between a first attempt and its retry without changing the enquiry.
 */
export const submissionFingerprint = (part: EnquiryDraftPart, files: readonly File[]) =>
  fingerprint(JSON.stringify([part, files.map((f) => [f.name, f.size, f.lastModified])]));
