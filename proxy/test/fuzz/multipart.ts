/**
 * Multipart bodies built byte by byte. `FormData` always writes correct framing, so the fuzz
 * tests build their own: the same layout a browser sends, with every byte under their control
 * so that they can break it on purpose.
 */

/** Bytes of text as UTF-8, or as given. */
export const bytes = (...parts: (string | Uint8Array | readonly number[])[]): Uint8Array =>
  new Uint8Array(
    Buffer.concat(
      parts.map((part) =>
        typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part),
      ),
    ),
  );

export interface RawPart {
  /** Header lines, without their CRLF. */
  headers: string[];
  body: Uint8Array;
}

/** A `Content-Disposition` value as browsers write it: `"` and `\` escaped with a backslash. */
export const disposition = (name: string, filename?: string): string => {
  const quote = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `form-data; name=${quote(name)}${filename === undefined ? '' : `; filename=${quote(filename)}`}`;
};

export const enquiryPart = (json: string | Uint8Array): RawPart => ({
  headers: [`Content-Disposition: ${disposition('enquiry')}`],
  body: typeof json === 'string' ? bytes(json) : json,
});

export const filePart = (
  name: string,
  body: Uint8Array,
  type = 'application/octet-stream',
): RawPart => ({
  headers: [`Content-Disposition: ${disposition('files', name)}`, `Content-Type: ${type}`],
  body,
});

/**
 * A `multipart/form-data` body: each part opened by `--boundary`, closed by `--boundary--`.
 *
 * @example multipartBody('B', [enquiryPart('{}')]) // --B\r\nContent-Disposition: ...\r\n\r\n{}\r\n--B--\r\n
 */
export function multipartBody(boundary: string, parts: readonly RawPart[]): Uint8Array {
  const chunks: (string | Uint8Array)[] = [];
  for (const part of parts) {
    chunks.push(`--${boundary}\r\n`, ...part.headers.map((line) => `${line}\r\n`), '\r\n');
    chunks.push(part.body, '\r\n');
  }
  chunks.push(`--${boundary}--\r\n`);
  return bytes(...chunks);
}

export const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** Where `needle` (ASCII) starts in `haystack` at or after `from`, or -1. */
const indexOf = (haystack: Uint8Array, needle: string, from = 0): number =>
  Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(
    needle,
    from,
    'latin1',
  );

/** Every place `needle` (ASCII) starts in `haystack`. */
export function indexesOf(haystack: Uint8Array, needle: string): number[] {
  const found: number[] = [];
  for (let at = indexOf(haystack, needle); at !== -1; at = indexOf(haystack, needle, at + 1))
    found.push(at);
  return found;
}

/** `body` with `count` bytes at `at` replaced by `insert`. */
export const splice = (
  body: Uint8Array,
  at: number,
  count: number,
  insert: Uint8Array = new Uint8Array(),
) => bytes(body.subarray(0, at), insert, body.subarray(at + count));
