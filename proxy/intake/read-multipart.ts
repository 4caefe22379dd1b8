/**
 * Reads the `multipart/form-data` body of `POST /api/enquiries` as it streams in, with every
 * limit enforced while reading: file parts go to disk as they arrive (`file-spool.ts`), and a
 * file past its size is stopped there and named, without the rest of it being read.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { SpoolLimitError, type FileSpool, type SpooledFile } from './file-spool.ts';
import {
  formDataBoundary,
  MultipartError,
  multipartParts,
  PartHeadersNotUtf8Error,
  TooManyPartsError,
} from './multipart-parts.ts';
import { MAX_PLAIN_FIELDS, type PlainFields } from './page/plain-fields.ts';
import { Refusal } from '../http/refusal.ts';
import { passing } from '../passing-bytes.ts';

/** The `enquiry` part is a few KB of JSON; this leaves room for every field at its maximum. */
export const MAX_ENQUIRY_PART_BYTES = 256 * 1024;

/** A part's headers are a line or three; browsers send a few hundred bytes. */
const MAX_HEADER_BYTES = 8 * 1024;

/** One file part as it arrived, on disk until the outbox takes it. */
export interface ReceivedFile {
  /** The file name as the client sent it (unsafe until `safeFileName`). */
  name: string;
  content: SpooledFile;
}

/**
 * The enquiry part's text and the file parts; or, from the form without JavaScript, its named
 * text fields instead of an enquiry part (`plain-fields.ts` reads them).
 */
export type ReceivedSubmission =
  | { enquiryText: string; files: ReceivedFile[]; plain?: undefined }
  | { plain: PlainFields; files: ReceivedFile[] };

/**
 * What was read of a submission before its reading failed, for its answer: a plain form's named
 * fields (the form is drawn again with them), or the enquiry part (the language it names).
 */
export interface ReadSoFar {
  fields: Map<string, string[]>;
  enquiryText?: string;
}

/**
 * A body to read: its `Content-Type` and its bytes as they arrive (the guarded route's metered
 * body, `upload-guard.ts`), or a web `Request` (routes without the guard, and tests).
 */
export type SubmissionBody =
  Request | { contentType: string | undefined; body: AsyncIterable<Uint8Array> | null };

/** The most a valid submission can weigh: the body limit of the route. */
export function maxSubmissionBytes(limits: FormConfig['files']): number {
  // Multipart framing is a few hundred bytes a part; 64 KB of slack covers it many times over.
  return MAX_ENQUIRY_PART_BYTES + limits.maxFiles * limits.maxFileBytes + 64 * 1024;
}

/**
 * Reads a submission's body with every limit enforced while it streams in. Its files are in
 * `spool` until the caller discards them; when reading fails, they are discarded here. A plain
 * form's named fields, and the enquiry part once read, are kept in `soFar`, which the caller
 * reads when reading fails too: the form without JavaScript is drawn again with what was typed
 * before a refused file, and a file refused after the enquiry part is said in its language.
 */
export async function readMultipartSubmission(
  from: SubmissionBody,
  limits: FormConfig['files'],
  spool: FileSpool,
  soFar: ReadSoFar = { fields: new Map() },
): Promise<ReceivedSubmission> {
  const { fields } = soFar;
  const { contentType, body } =
    'contentType' in from
      ? from
      : { contentType: from.headers.get('content-type'), body: from.body && piecesOf(from.body) };
  const boundary = formDataBoundary(contentType ?? '');
  if (!boundary) {
    throw Refusal.worded(400, 'bad_request', { key: 'refusal.notMultipart' });
  }
  const files: ReceivedFile[] = [];
  let enquiryText: string | undefined;
  let fieldBytes = 0;
  try {
    if (!body) throw new MultipartError('Request body is empty');
    const parts = multipartParts(passing(body), boundary, {
      maxHeaderBytes: MAX_HEADER_BYTES,
      // One enquiry part (or a plain form's fields), the files, and one spare so "one file too
      // many" gets a helpful answer.
      maxParts: limits.maxFiles + 2 + MAX_PLAIN_FIELDS,
    });
    for await (const { name: partName, filename, body } of parts) {
      if (partName === 'enquiry' && filename === undefined) {
        if (enquiryText !== undefined)
          throw Refusal.field('enquiry', 'invalid_type', 'enquiry.repeated');
        enquiryText = decodeEnquiryPart(await readText(body, MAX_ENQUIRY_PART_BYTES));
        soFar.enquiryText = enquiryText;
      } else if (partName === 'files') {
        const name = filename ?? '';
        const content = await spool.write(body, limits.maxFileBytes).catch((error: unknown) => {
          throw error instanceof SpoolLimitError ? fileTooBig(files.length, name, limits) : error;
        });
        // A plain form's file input with nothing chosen still sends an empty, nameless part
        // (`filename=""` from browsers, no file name at all from some clients).
        if (name === '' && content.size === 0) await spool.discard([content]);
        else files.push({ name, content });
      } else if (partName && filename === undefined && fields.size < MAX_PLAIN_FIELDS) {
        const text = await readText(body, MAX_ENQUIRY_PART_BYTES - fieldBytes);
        fieldBytes += text.byteLength;
        fields.set(partName, [...(fields.get(partName) ?? []), decodeEnquiryPart(text)]);
      } else {
        throw unexpectedPart(partName);
      }
    }
    if (enquiryText === undefined) {
      if (fields.size > 0) return { plain: fields, files };
      throw Refusal.field('enquiry', 'required', 'enquiry.required');
    }
    // Named fields beside an enquiry part: a client mixing both ways is told which part is extra.
    if (fields.size > 0) throw unexpectedPart([...fields.keys()][0]);
    return { enquiryText, files };
  } catch (error) {
    await spool.discard(files.map((file) => file.content));
    // Beside an enquiry part, named fields are a client's mistake, not a form to draw again.
    if (enquiryText !== undefined) fields.clear();
    throw translateParseError(error, files.length, limits);
  }
}

/** A web stream's chunks as an async iterable (the DOM types do not declare it one). */
async function* piecesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A text part's bytes, refused as too large past `maxBytes`. */
async function readText(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const piece of body) {
    size += piece.byteLength;
    if (size > maxBytes)
      throw Refusal.worded(413, 'too_large', { key: 'refusal.enquiryPartTooLarge' });
    pieces.push(piece);
  }
  return Buffer.concat(pieces);
}

function unexpectedPart(partName: string | undefined): Refusal {
  const name = partName ?? '(unnamed)';
  return Refusal.field(name, 'unrecognized_key', 'enquiry.unexpected_part', { name });
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
    throw Refusal.field('enquiry', 'invalid_type', 'enquiry.not_json');
  }
}

/** The file part at `index` is past the form's limit: said, the limit too, in the enquiry's language. */
function fileTooBig(index: number, name: string, limits: FormConfig['files']): Refusal {
  return Refusal.filesTooLarge([
    {
      field: `files[${index}]`,
      code: 'file_too_big',
      messageKey: 'file.file_too_big',
      params: { name: name || `File ${index + 1}`, max: { bytes: limits.maxFileBytes } },
    },
  ]);
}

function translateParseError(
  error: unknown,
  filesSoFar: number,
  limits: FormConfig['files'],
): unknown {
  if (error instanceof Refusal) return error;
  // The part being read when its headers failed is the next file (the enquiry part's name is
  // plain ASCII in every client).
  if (error instanceof PartHeadersNotUtf8Error)
    return Refusal.field(`files[${filesSoFar}]`, 'invalid_characters', 'file.name_not_utf8');
  if (error instanceof TooManyPartsError) {
    return Refusal.field('files', 'too_many_files', 'files.too_many_files', {
      max: limits.maxFiles,
    });
  }
  if (error instanceof MultipartError || error instanceof TypeError) {
    // TypeError: the body stream broke (client went away, or the body limit cut it short).
    return Refusal.worded(400, 'bad_request', { key: 'refusal.unreadableBody' });
  }
  return error;
}
