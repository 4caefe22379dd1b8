/**
 * Reads the platform's answer, at most `ANSWER_CAP_BYTES` of it: a broken or hostile server can
 * answer with hundreds of megabytes (or a gzip bomb), and the body is only ever read for an
 * envelope of a few hundred bytes. What comes back says what the body was: the JSON envelope
 * (found even behind PHP notices that `display_errors` printed first), an HTML page, or text.
 */

/** Bytes of an answer read at most. */
const ANSWER_CAP_BYTES = 64 * 1024;

/** What an answer's body turned out to be. */
export interface Answer {
  /** The parsed JSON, when the body is JSON, or the envelope found after PHP notices. */
  json?: unknown;
  /** The body as text, as far as it was read. */
  text: string;
  /** More came than `ANSWER_CAP_BYTES`: the rest was not read. */
  truncated: boolean;
  /** The body is (or starts as) an HTML page. */
  html: boolean;
  /** Kinds of PHP notice printed before the JSON (`Warning`, `Deprecated`, ...). */
  notices: string[];
}

/** The body could not be read (the connection broke after the status arrived). */
export class AnswerUnreadableError extends Error {
  override readonly name = 'AnswerUnreadableError';
}

const PHP_NOTICE =
  /(?:^|\n)\s*(?:<br\s*\/?>\s*)*(?:<b>)?(Warning|Notice|Deprecated|Fatal error|Parse error|Strict Standards)(?:<\/b>)?:/g;

/**
 * @example const answer = await readAnswer(response.body); answer.json // { code: 201, ... }
 */
export async function readAnswer(
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  cap = ANSWER_CAP_BYTES,
): Promise<Answer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    // Leaving the loop early cancels the rest of the body.
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > cap) {
        truncated = true;
        break;
      }
    }
  } catch (error) {
    throw new AnswerUnreadableError('the answer broke off while it was read', { cause: error });
  }
  const text = Buffer.concat(chunks).subarray(0, cap).toString('utf8');
  const notices = [...new Set([...text.matchAll(PHP_NOTICE)].map((m) => m[1] ?? ''))];
  const html = /^\s*(?:<!doctype html|<html|<head|<body|<br|<b>|<p>|<div|<title)/i.test(text);
  const json = truncated ? undefined : parseJson(text, notices.length > 0);
  return { ...(json === undefined ? {} : { json }), text, truncated, html, notices };
}

function parseJson(text: string, afterNotices: boolean): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return afterNotices ? lastJsonObject(text) : undefined;
  }
}

/**
 * The JSON object that ends the body, behind whatever PHP printed first: from the last `{`
 * backwards, the first that parses to the end is the outermost object the body ends with.
 */
function lastJsonObject(text: string): unknown {
  const end = text.trimEnd();
  let from = end.length;
  for (let tries = 0; tries < 50; tries += 1) {
    from = end.lastIndexOf('{', from - 1);
    if (from === -1) return undefined;
    try {
      const value = JSON.parse(end.slice(from)) as unknown;
      if (typeof value === 'object' && value !== null) return value;
    } catch {
      // Not from here: an object inside the envelope, or a brace in the notice's text.
    }
  }
  return undefined;
}
