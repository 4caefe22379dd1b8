/**
 * Bounds every party agrees on. The widget uses them for `maxlength` and its own checks (for the
 * visitor's comfort); the proxy enforces them (the law). Documented in the README's field table.
 */

/** Maximum length, in UTF-16 code units (what the browser's `maxlength` counts), of each field. */
export const FIELD_MAX_LENGTH = Object.freeze({
  forename: 100,
  surname: 100,
  email: 254,
  telephone_mobile: 32,
  case_type: 64,
  lead_referer: 200,
  campaign: 200,
  keywords: 500,
  detail: 1000,
  /** An answer to a `text`, `email`, `tel`, `number` or `date` question, unless the question sets less. */
  shortAnswer: 500,
  /** An answer to a `textarea` question, unless the question sets less. */
  longAnswer: 5000,
});

/** At most this many answers in one enquiry (more than any configured case type may ask). */
export const MAX_ANSWERS = 100;

/** The kinds of file the platform accepts (enquiry API spec, section 8), with the mime sent for each. */
export const FILE_KINDS = Object.freeze({
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  png: { mime: 'image/png', extensions: ['png'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
} as const);

/** A kind of file the platform takes. */
export type FileKind = keyof typeof FILE_KINDS;

/** The `accept` attribute of the file input: mime types and extensions, so phones offer (and convert to) these. */
export const FILE_ACCEPT = Object.entries(FILE_KINDS)
  .flatMap(([, kind]) => [kind.mime, ...kind.extensions.map((ext) => `.${ext}`)])
  .join(',');

/** Defaults for the `files` block of the form configuration. */
export const DEFAULT_FILE_LIMITS = Object.freeze({ maxFiles: 5, maxFileBytes: 10 * 1024 * 1024 });

/** Hard ceilings a configuration may not exceed, so the proxy's body limit stays bounded. */
export const FILE_LIMIT_CEILINGS = Object.freeze({ maxFiles: 20, maxFileBytes: 25 * 1024 * 1024 });
