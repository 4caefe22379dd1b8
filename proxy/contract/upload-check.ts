/**
 * What the proxy's checks on arrival said of an upload (`intake/uploads/check-upload.ts`), as
 * the widget reads it beside the file: the final PATCH and every HEAD carry it in the
 * `Upload-Check` header (JSON, percent-encoded: a header is ASCII, a file's name need not be).
 */
import type { FieldIssue } from './issues.ts';
import type { AcceptedKind } from './limits.ts';

/**
 * Taken (as its kind, or to become a PDF or JPEG: `converted` once it has, on arrival, else before
 * delivery), or refused with its issue.
 */
export type UploadCheck =
  | { status: 'accepted'; kind: AcceptedKind; becomes?: 'pdf' | 'jpeg'; converted?: true }
  | { status: 'refused'; issue: FieldIssue };

/** The header's value for `check`. */
export const encodeUploadCheck = (check: UploadCheck): string =>
  encodeURIComponent(JSON.stringify(check));
