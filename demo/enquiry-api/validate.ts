/**
 * The checks the platform makes on a create or upload body, reporting the first problem only,
 * in the order of the spec's tables (sections 2.1 to 2.3), as the platform's 400s do.
 */
import { TEXT } from './envelope.ts';

/** One entry of `meta` (spec section 2.2). */
export interface MetaEntry {
  id: string;
  label: string;
  value: string;
}

/** The optional string fields before `meta` in the spec's table (section 2.1), in its order. */
export const CONTACT_FIELDS = Object.freeze([
  'surname',
  'telephone_mobile',
  'email',
  'case_type',
] as const);

/** The optional string fields after `meta` in the spec's table. */
export const MARKETING_FIELDS = Object.freeze([
  'marketing_lead_referer',
  'marketing_campaign',
  'marketing_keywords',
  'marketing_detail',
] as const);

/** A create field other than `forename` and `meta`. */
export type OptionalEnquiryField = (typeof CONTACT_FIELDS | typeof MARKETING_FIELDS)[number];

/** A create body that passed every check; absent optional fields are `null`. */
export type NewEnquiry = { forename: string; meta: MetaEntry[] } & Record<
  OptionalEnquiryField,
  string | null
>;

/** An upload body that passed the 400 checks; whether the enquiry exists is the store's call. */
export interface NewUpload {
  /** The `post_id` as sent, for the 404 text. */
  postIdText: string;
  /** The enquiry id, or `null` when `post_id` cannot name one (it then answers 404). */
  postId: number | null;
  name: string;
  mime: string;
  postname: string;
  bytes: Buffer;
}

/** Either the checked value or the 400 text of the first problem. */
export type Checked<T> = { ok: true; value: T } | { ok: false; status: string };

type Body = Record<string, unknown>;

const problem = (status: string) => ({ ok: false, status }) as const;

/** Missing, not a string, or only whitespace: all three are "missing or empty" to the platform. */
const isFilled = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first `meta[i][key]` that is missing or empty, or the entries themselves. */
function checkMeta(meta: unknown[]): Checked<MetaEntry[]> {
  const entries: MetaEntry[] = [];
  for (const [index, entry] of meta.entries()) {
    const fields = isObject(entry) ? entry : {};
    for (const key of ['id', 'label', 'value'] as const) {
      if (!isFilled(fields[key])) return problem(TEXT.missing(`meta[${index}][${key}]`));
    }
    entries.push({
      id: String(fields.id),
      label: String(fields.label),
      value: String(fields.value),
    });
  }
  return { ok: true, value: entries };
}

/** Copies each of `fields` into `into` (`null` when absent), or names the first non-string. */
function copyStrings(
  body: Body,
  fields: readonly OptionalEnquiryField[],
  into: Partial<Record<OptionalEnquiryField, string | null>>,
): string | undefined {
  for (const field of fields) {
    const value = body[field];
    if (value !== undefined && typeof value !== 'string') return TEXT.notString(field);
    into[field] = value ?? null;
  }
  return undefined;
}

/**
 * Checks a create body (spec section 2.1): `forename` is required; `meta`, when sent, is an
 * array whose entries all carry `id`, `label` and `value`; every other field is a string.
 *
 * @example checkCreate({ surname: 'Lovelace' }) // { ok: false, status: 'Required parameter `forename` …' }
 */
export function checkCreate(body: Body): Checked<NewEnquiry> {
  if (!isFilled(body.forename)) return problem(TEXT.missing('forename'));
  const fields: Partial<Record<OptionalEnquiryField, string | null>> = {};
  const contactProblem = copyStrings(body, CONTACT_FIELDS, fields);
  if (contactProblem) return problem(contactProblem);
  let meta: MetaEntry[] = [];
  if (body.meta !== undefined) {
    if (!Array.isArray(body.meta)) return problem(TEXT.notArray('meta'));
    const checked = checkMeta(body.meta);
    if (!checked.ok) return checked;
    meta = checked.value;
  }
  const marketingProblem = copyStrings(body, MARKETING_FIELDS, fields);
  if (marketingProblem) return problem(marketingProblem);
  const optional = fields as Record<OptionalEnquiryField, string | null>;
  return { ok: true, value: { forename: body.forename, meta, ...optional } };
}

// Standard base64 only: the platform decodes with PHP's strict base64_decode. The pattern is a
// single pass with no backtracking, so a 13 MB string checks in linear time.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** True when `text` is canonical-length standard base64: alphabet, padding and length % 4. */
export const isBase64 = (text: string): boolean => text.length % 4 === 0 && BASE64.test(text);

/** What a `contents` string comes to: empty, not BASE64, or the bytes it encodes. */
export type ContentsVerdict =
  { kind: 'empty' } | { kind: 'not-base64' } | { kind: 'bytes'; bytes: Buffer };

/**
 * Judges a `contents` string given as `decoded`, the bytes of its first characters (whole groups
 * of four, all of the alphabet, already decoded), and `tail`, the rest of it as text.
 */
export function judgeContents(decoded: Buffer, tail: string): ContentsVerdict {
  // As the platform trims: a string of whitespace only is an empty file.
  if (decoded.byteLength === 0 && tail.trim() === '') return { kind: 'empty' };
  if (!isBase64(tail)) return { kind: 'not-base64' };
  if (tail === '') return { kind: 'bytes', bytes: decoded };
  return { kind: 'bytes', bytes: Buffer.concat([decoded, Buffer.from(tail, 'base64')]) };
}

/** A `contents` string already judged as it streamed in (`upload-stream.ts`), not held as text. */
export class StreamedContents {
  constructor(readonly verdict: ContentsVerdict) {}
}

/** `post_id` arrives as a string (spec) or an integer; anything else cannot name an enquiry. */
function enquiryIdOf(postId: string | number): number | null {
  const id = typeof postId === 'number' ? postId : /^\d{1,15}$/.test(postId) ? Number(postId) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Checks an upload body (spec section 2.3) up to the decoded bytes. The 404 and 415 checks
 * need the store and the file's magic, so they follow in the route.
 */
export function checkUpload(body: Body): Checked<NewUpload> {
  const { post_id: postId, file, contents } = body;
  const postIdGiven = typeof postId === 'number' || isFilled(postId);
  if (!postIdGiven) return problem(TEXT.missing('post_id'));
  if (!isObject(file)) return problem(TEXT.missing('file'));
  for (const key of ['name', 'mime', 'postname'] as const) {
    if (!isFilled(file[key])) return problem(TEXT.missing(`file[${key}]`));
  }
  const verdict =
    contents instanceof StreamedContents
      ? contents.verdict
      : typeof contents === 'string'
        ? judgeContents(Buffer.alloc(0), contents)
        : undefined;
  if (verdict === undefined) return problem(TEXT.missing('contents'));
  if (verdict.kind === 'empty') return problem(TEXT.emptyFile);
  if (verdict.kind === 'not-base64') return problem(TEXT.notBase64);
  return {
    ok: true,
    value: {
      postIdText: String(postId),
      postId: enquiryIdOf(postId),
      name: String(file.name),
      mime: String(file.mime),
      postname: String(file.postname),
      bytes: verdict.bytes,
    },
  };
}
