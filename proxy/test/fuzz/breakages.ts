/**
 * Ways to break a valid multipart submission in one place. Each breakage is plain data, so a
 * counterexample prints as `{ kind: 'CRLF missing', which: 3 }` rather than as code, and
 * `breakBody` applies it to the body a browser would have sent.
 */
import fc from 'fast-check';
import { lawFirm } from '../../../demo/forms/index.ts';
import { sampleFiles } from '../fixtures/proxy-harness.ts';
import {
  bytes,
  disposition,
  enquiryPart,
  filePart,
  indexesOf,
  multipartBody,
  splice,
  type RawPart,
} from './multipart.ts';

export type Breakage =
  | { kind: 'truncated'; at: number }
  | { kind: 'boundary corrupted'; which: number; at: number }
  | { kind: 'CRLF missing'; which: number }
  | { kind: 'two enquiry parts' }
  | { kind: 'odd part'; headers: string[] }
  | { kind: 'huge part header'; size: number }
  | { kind: 'too many parts'; count: number }
  | { kind: 'chunked coding in the body' };

/** Headers of parts that are not a named enquiry or file part. */
const ODD_PART_HEADERS: readonly string[][] = [
  [],
  ['Content-Disposition: form-data'],
  ['Content-Disposition: form-data; name=""'],
  ['Content-Disposition: attachment; filename="a.pdf"'],
  ['Content-Type: application/json'],
  ['Content-Disposition: form-data; name=enquiryx'],
  [`Content-Disposition: ${disposition('enquiry', 'enquiry.json')}`],
];

export const breakageArb: fc.Arbitrary<Breakage> = fc.oneof(
  fc
    .double({ min: 0, max: 1, maxExcluded: true, noNaN: true })
    .map((at) => ({ kind: 'truncated' as const, at })),
  fc.record({ kind: fc.constant('boundary corrupted' as const), which: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('CRLF missing' as const), which: fc.nat() }),
  fc.constant({ kind: 'two enquiry parts' as const }),
  fc.record({
    kind: fc.constant('odd part' as const),
    headers: fc.constantFrom(...ODD_PART_HEADERS),
  }),
  // Over the parser's 8 KB limit for the headers of one part.
  fc.record({
    kind: fc.constant('huge part header' as const),
    size: fc.integer({ min: 8200, max: 40_000 }),
  }),
  // More than the enquiry, the files allowed and the one spare part the reader admits.
  fc.record({
    kind: fc.constant('too many parts' as const),
    count: fc.integer({ min: lawFirm.files.maxFiles + 2, max: 60 }),
  }),
  fc.constant({ kind: 'chunked coding in the body' as const }),
);

/** The valid body a breakage starts from: the enquiry, one PDF, and any `extra` parts. */
export const validBody = (boundary: string, enquiryJson: string, extra: RawPart[] = []) =>
  multipartBody(boundary, [
    enquiryPart(enquiryJson),
    filePart('plan.pdf', sampleFiles.pdf(200)),
    ...extra,
  ]);

/** Where the closing delimiter ends: a body cut anywhere before it is unfinished. */
const closingEnd = (body: Uint8Array, boundary: string) =>
  (indexesOf(body, `--${boundary}--`).pop() ?? 0) + boundary.length + 4;
const pick = <T>(items: readonly T[], n: number) => items[n % items.length] as T;

/**
 * A CRLF of the framing: after a delimiter, before one, or in the blank line that ends a
 * part's headers. (One between two header lines joins them, which a lenient reader may
 * still make sense of; the one after the closing delimiter is the epilogue's.)
 */
function framingCrlfs(body: Uint8Array, boundary: string): number[] {
  const text = Buffer.from(body).toString('latin1');
  return indexesOf(body, '\r\n').filter(
    (at) =>
      at < closingEnd(body, boundary) - 2 &&
      (text.startsWith(`--${boundary}`, at + 2) ||
        text.endsWith(`--${boundary}`, at) ||
        text.startsWith('\r\n', at + 2) ||
        text.endsWith('\r\n', at)),
  );
}

/** The valid submission with `breakage` applied, and any header the breakage needs. */
export function breakBody(
  breakage: Breakage,
  boundary: string,
  enquiryJson: string,
): { body: Uint8Array; headers?: Record<string, string> } {
  const body = validBody(boundary, enquiryJson);
  switch (breakage.kind) {
    case 'truncated':
      return { body: body.subarray(0, Math.floor(breakage.at * closingEnd(body, boundary))) };
    case 'boundary corrupted': {
      const start = pick(indexesOf(body, `--${boundary}`), breakage.which);
      const at = start + 2 + (breakage.at % boundary.length);
      return { body: splice(body, at, 1, bytes('#')) };
    }
    case 'CRLF missing':
      return { body: splice(body, pick(framingCrlfs(body, boundary), breakage.which), 2) };
    case 'two enquiry parts':
      return { body: validBody(boundary, enquiryJson, [enquiryPart(enquiryJson)]) };
    case 'odd part':
      return {
        body: validBody(boundary, enquiryJson, [{ headers: breakage.headers, body: bytes('{}') }]),
      };
    case 'huge part header': {
      const part = enquiryPart(enquiryJson);
      const padded = { ...part, headers: [...part.headers, `X-Pad: ${'a'.repeat(breakage.size)}`] };
      return { body: multipartBody(boundary, [padded]) };
    }
    case 'too many parts': {
      const files = Array.from({ length: breakage.count }, (_, i) =>
        filePart(`p${i}.pdf`, sampleFiles.pdf(20)),
      );
      return { body: validBody(boundary, enquiryJson, files) };
    }
    case 'chunked coding in the body':
      return {
        body: bytes(`${body.length.toString(16)}\r\n`, body, '\r\n0\r\n\r\n'),
        headers: { 'transfer-encoding': 'chunked' },
      };
  }
}
