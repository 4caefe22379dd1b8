/**
 * Reads the `multipart/form-data` body of `POST /api/enquiries` as it streams in, with every
 * limit enforced while reading: a request that is too big or has too many parts is stopped
 * without being buffered whole.
 */
import {
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartStream,
  type MultipartPart,
} from '@remix-run/multipart-parser';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { describeIssue } from '../contract/issues.ts';
import { formatBytes } from '../contract/messages.ts';
import { MAX_PLAIN_FIELDS, type PlainFields } from './plain-fields.ts';
import { SubmissionError } from './submission-error.ts';

/** The `enquiry` part is a few KB of JSON; this leaves room for every field at its maximum. */
export const MAX_ENQUIRY_PART_BYTES = 256 * 1024;

/** One file part as it arrived. */
export interface ReceivedFile {
  /** The file name as the client sent it (unsafe until `safeFileName`). */
  name: string;
  /** The contents, as the chunks they arrived in: never joined into one copy. */
  chunks: readonly Uint8Array[];
  size: number;
}

/**
 * The enquiry part's text and the file parts; or, from the form without JavaScript, its named
 * text fields instead of an enquiry part (`plain-fields.ts` reads them).
 */
export type ReceivedSubmission =
  | { enquiryText: string; files: ReceivedFile[]; plain?: undefined }
  | { plain: PlainFields; files: ReceivedFile[] };

/** The most a valid submission can weigh: the body limit of the route. */
export function maxSubmissionBytes(limits: FormConfig['files']): number {
  // Multipart framing is a few hundred bytes a part; 64 KB of slack covers it many times over.
  return MAX_ENQUIRY_PART_BYTES + limits.maxFiles * limits.maxFileBytes + 64 * 1024;
}

/** Reads a submission's body with every limit enforced while it streams in. */
export async function readMultipartSubmission(
  request: Request,
  limits: FormConfig['files'],
): Promise<ReceivedSubmission> {
  const boundary = formDataBoundary(request.headers.get('content-type') ?? '');
  if (!boundary) {
    throw SubmissionError.badRequest(
      'Send multipart/form-data with a part named "enquiry" and parts named "files".',
    );
  }
  const files: ReceivedFile[] = [];
  let enquiryText: string | undefined;
  const fields = new Map<string, string[]>();
  let fieldBytes = 0;
  try {
    if (!request.body) throw new MultipartParseError('Request body is empty');
    for await (const part of parseMultipartStream(request.body, {
      boundary,
      // The parser stops at this size without saying which part it was reading: with the whole
      // body as the bound (the guard already charges every byte), an oversized file is read to
      // its end and refused below by its own name.
      maxFileSize: maxSubmissionBytes(limits),
      // One enquiry part (or a plain form's fields), the files, and one spare so "one file too
      // many" gets a helpful answer.
      maxParts: limits.maxFiles + 2 + MAX_PLAIN_FIELDS,
      maxTotalSize: maxSubmissionBytes(limits),
    })) {
      // The part's headers are decoded as UTF-8 when first read, and refused when they are not:
      // the name the visitor's device gave a file would reach the firm as "�.pdf".
      const { name: partName, filename } = readHeaders(part, files.length);
      if (partName === 'enquiry' && filename === undefined) {
        if (enquiryText !== undefined)
          throw SubmissionError.field('enquiry', 'invalid_type', 'enquiry.repeated');
        if (part.size > MAX_ENQUIRY_PART_BYTES)
          throw SubmissionError.tooLarge('The enquiry part is too large.');
        enquiryText = decodeEnquiryPart(part.bytes);
      } else if (partName === 'files' && filename === '' && part.size === 0) {
        // A plain form's file input with nothing chosen still sends an empty part.
        continue;
      } else if (partName === 'files') {
        const name = filename ?? '';
        if (part.size > limits.maxFileBytes) throw fileTooBig(files.length, name, limits);
        files.push({ name, chunks: part.content, size: part.size });
      } else if (partName && filename === undefined && fields.size < MAX_PLAIN_FIELDS) {
        fieldBytes += part.size;
        if (fieldBytes > MAX_ENQUIRY_PART_BYTES)
          throw SubmissionError.tooLarge('The enquiry part is too large.');
        fields.set(partName, [...(fields.get(partName) ?? []), decodeEnquiryPart(part.bytes)]);
      } else {
        throw unexpectedPart(partName);
      }
    }
  } catch (error) {
    throw translateParseError(error, files.length, limits);
  }
  if (enquiryText === undefined) {
    if (fields.size > 0) return { plain: fields, files };
    throw SubmissionError.field('enquiry', 'required', 'enquiry.required');
  }
  // Named fields beside an enquiry part: a client mixing both ways is told which part is extra.
  if (fields.size > 0) throw unexpectedPart([...fields.keys()][0]);
  return { enquiryText, files };
}

function unexpectedPart(partName: string | undefined): SubmissionError {
  const name = partName ?? '(unnamed)';
  return SubmissionError.field(name, 'unrecognized_key', 'enquiry.unexpected_part', { name });
}

/** A part's name and file name, or a 400 when its headers are not UTF-8. */
function readHeaders(part: MultipartPart, index: number) {
  try {
    return { name: part.name, filename: part.isFile ? (part.filename ?? '') : undefined };
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_ENCODING_INVALID_ENCODED_DATA') throw error;
    throw SubmissionError.field(`files[${index}]`, 'invalid_characters', 'file.name_not_utf8');
  }
}

/**
 * The enquiry part as text. Bytes that are not UTF-8 are refused rather than replaced: the
 * visitor's name would otherwise reach the firm with "�" where a letter was. A leading
 * byte order mark is dropped, as every UTF-8 decoder does.
 */
function decodeEnquiryPart(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw SubmissionError.field('enquiry', 'invalid_type', 'enquiry.not_json');
  }
}

// A parameter of a media type (RFC 9110, section 5.6.6): whitespace around the ";", a name
// of any case, a token or a quoted string, whose ";" and "=" belong to the value. A value
// with a stray quote is no parameter, so a boundary written that way is not found.
const PARAMETER = /;[ \t]*([^=;\s]+)=("(?:[^"\\]|\\.)*"|[^;\s"]*)(?=[ \t]*(?:;|$))/g;

/**
 * The boundary of a `multipart/form-data` content type, or undefined. The parser's own reading
 * wants the media type in lower case and takes any `...boundary=` it sees, even inside another
 * parameter's value, so a valid header could be refused.
 *
 * @example formDataBoundary('Multipart/Form-Data ; charset=utf-8; Boundary="a b"') // 'a b'
 */
export function formDataBoundary(contentType: string): string | undefined {
  if (!/^multipart\/form-data[ \t]*;/i.test(contentType)) return undefined;
  for (const [, name, value = ''] of contentType.matchAll(PARAMETER)) {
    if (name?.toLowerCase() !== 'boundary') continue;
    return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
  }
  return undefined;
}

function fileTooBig(index: number, name: string, limits: FormConfig['files']): SubmissionError {
  const issue = describeIssue({
    field: `files[${index}]`,
    code: 'file_too_big',
    messageKey: 'file.file_too_big',
    params: { name: name || `File ${index + 1}`, max: formatBytes(limits.maxFileBytes) },
  });
  return SubmissionError.tooLarge(issue.message, [issue]);
}

function translateParseError(
  error: unknown,
  filesSoFar: number,
  limits: FormConfig['files'],
): unknown {
  if (error instanceof SubmissionError) return error;
  if (error instanceof MaxFileSizeExceededError) return fileTooBig(filesSoFar, '', limits);
  if (error instanceof MaxTotalSizeExceededError) {
    return SubmissionError.tooLarge(`The files together are larger than this form accepts.`);
  }
  if (error instanceof MaxPartsExceededError) {
    return SubmissionError.field('files', 'too_many_files', 'files.too_many_files', {
      max: limits.maxFiles,
    });
  }
  if (error instanceof MultipartParseError || error instanceof TypeError) {
    // TypeError: the body stream broke (client went away, or the body limit cut it short).
    return SubmissionError.badRequest('The multipart body could not be read.');
  }
  return error;
}
