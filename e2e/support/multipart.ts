/**
 * Reads a `multipart/form-data` body back into its parts, so a test can assert exactly what the
 * widget sent. Small on purpose: it handles what browsers send (CRLF, quoted names), no more.
 */

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  body: Buffer;
}

class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

export function parseMultipart(contentType: string, body: Buffer): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw new MultipartError(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${marker}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // Each part sits between "--boundary\r\n" and "\r\n--boundary".
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const part: Part = {
      name: /\bname="([^"]*)"/.exec(disposition)?.[1] ?? '',
      body: chunk.subarray(split + 4),
    };
    const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
    if (filename !== undefined) part.filename = filename;
    const type = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1];
    if (type !== undefined) part.contentType = type;
    parts.push(part);
    start = next;
  }
  return parts;
}
