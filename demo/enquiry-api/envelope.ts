/**
 * The bodies the stand-in enquiry API answers with, and every text it says, in one place.
 *
 * The enquiry API spec (section 2.4 and 7) fixes two shapes: `{code, status, result}` for
 * success and 400s, and `{code, message, data: {status}}` for the 401. Cases the spec does
 * not show reuse the first shape with `result: false`, so a client needs one parser only.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The spec's envelope (section 2.4): an integer on success, `false` on an error. */
export interface Envelope {
  code: number;
  status: string;
  result: number | false;
}

/** The spec's 401 body (section 7): note `message` and `data`, not `status` and `result`. */
export const UNAUTHORIZED_BODY = Object.freeze({
  code: 401,
  message: 'User authentication is required to access the REST API.',
  data: Object.freeze({ status: 'rest_cannot_access' }),
});

/** The realm named in `WWW-Authenticate`. */
export const REALM = 'Enquiry API';

/**
 * Every status text, so wording changes in one place. Texts that name a parameter put it in
 * backticks, as the spec's 400 row asks, and use PHP-style names (`meta[2][label]`) because
 * that is how the platform names nested parameters.
 */
export const TEXT = Object.freeze({
  created: 'Created enquiry',
  accepted: 'Accepted',
  missing: (name: string) => `Required parameter \`${name}\` is missing or empty.`,
  emptyFile: 'The file content is empty. Check the encoding of `contents`: it must be base64.',
  notString: (name: string) => `Parameter \`${name}\` must be a string.`,
  notArray: (name: string) => `Parameter \`${name}\` must be an array.`,
  notBase64: 'Parameter `contents` is not valid base64 (alphabet, padding or length).',
  notJson: 'The request body is not valid JSON.',
  notObject: 'The request body must be a JSON object.',
  notJsonType: 'The request body must be sent with `Content-Type: application/json`.',
  unknownEnquiry: (postId: string) => `No enquiry has \`post_id\` ${postId}.`,
  unsupportedKind: (mime: string) =>
    `Files of type \`${mime}\` are not supported: send pdf, png, gif or jpeg.`,
  kindMismatch: (mime: string) => `The contents of \`file\` are not of type \`${mime}\`.`,
  tooLarge: (limit: number) => `The request body is larger than the limit of ${limit} bytes.`,
  methodNotAllowed: 'Method not allowed: this route accepts POST only.',
  noRoute: 'No route was found matching the URL and request method.',
  internal: 'The stand-in enquiry API failed unexpectedly.',
  fault: (status: number) => `Injected fault: the service answered ${status}.`,
  badFaults: (detail: string) => `Invalid fault settings: ${detail}`,
});

/** A failed answer: `{code, status, result: false}` with the same code in the HTTP status. */
export const failure = (code: number, status: string): Envelope => ({
  code,
  status,
  result: false,
});

/** A successful answer: `{code: 201, status, result: id}`. */
export const success = (status: string, id: number): Envelope => ({
  code: 201,
  status,
  result: id,
});

/** Sends an envelope with its `code` as the HTTP status, so the two never disagree. */
export const answer = (c: Context, body: Envelope, headers?: Record<string, string>) =>
  c.json(body, body.code as ContentfulStatusCode, headers);
