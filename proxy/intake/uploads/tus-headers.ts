/**
 * The words of the tus 1.0.0 protocol this proxy speaks: its version, the extensions it has,
 * and the headers read and written. Checksums (the `checksum` extension) are left out: TLS
 * already protects each record in transit, and the whole file's SHA-256 is taken on completion
 * (the checks read it anyway), so a per-PATCH digest would cost a second hash for nothing.
 */

/** The one version spoken, in `Tus-Resumable` and `Tus-Version`. */
export const TUS_VERSION = '1.0.0';

/** What `OPTIONS` announces. */
export const TUS_EXTENSIONS = 'creation,creation-with-upload,termination,expiration';

/** The content type of a PATCH (and of a POST carrying its first bytes). */
export const OFFSET_OCTET_STREAM = 'application/offset+octet-stream';

/** Request headers a browser's page may send, for the CORS preflight. */
export const TUS_REQUEST_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Offset',
  'Content-Type',
];

/**
 * Response headers a page's script may read: where the upload is and until when, and what the
 * checks on arrival said (`Upload-Check`), and the key that names it at Send (`Upload-Key`).
 */
export const TUS_RESPONSE_HEADERS = [
  'Location',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Expires',
  'Upload-Check',
  'Upload-Key',
  'Retry-After',
];

/** Only digits are a number of bytes (RFC 9110, 8.6); at most 15, well within 2^53. */
export function byteCount(value: string | undefined): number | undefined {
  const digits = /^\s*(\d{1,15})\s*$/.exec(value ?? '')?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/**
 * `Upload-Metadata`: `key base64value` pairs separated by commas (a key may have no value).
 * Undefined when it is malformed: a key repeated, a key with a space or a comma, a value that
 * is not base64.
 */
export function parseMetadata(header: string | undefined): Map<string, string> | undefined {
  const pairs = new Map<string, string>();
  if (header === undefined || header.trim() === '') return pairs;
  if (header.length > 8192) return undefined;
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || pairs.has(key) || !/^[\x21-\x7e]+$/.test(key)) return undefined;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return undefined;
    pairs.set(key, value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8'));
  }
  return pairs;
}

/** `Upload-Expires`, in HTTP's date format (RFC 9110, 5.6.7). */
export const expiresHeader = (at: number) => new Date(at).toUTCString();
