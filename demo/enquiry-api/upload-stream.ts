/**
 * The upload body (spec section 2.3) read as it streams in. A 10 MB file arrives as 13 MB of
 * BASE64 in one JSON string; reading it as text, parsing it and decoding it made three copies
 * of it and cost the stand-in some 23 ms of CPU per MiB (BENCHMARKS.md, "Files end to end").
 * Here the body's top-level `contents` string is decoded piece by piece as the bytes come, and
 * the rest of the body (a few hundred bytes) is parsed with `JSON.parse` as before, with `""`
 * where that string stood. The answers are the same as for the whole body parsed at once:
 * invalid JSON anywhere is invalid JSON, the last of repeated keys counts, escapes in a key or
 * in `contents` mean what they mean to `JSON.parse`, a leading byte order mark is skipped as
 * `Request.text()` skips it, and `contents` is judged as `checkUpload` judges a string.
 */
import { isBase64, judgeContents, StreamedContents, type ContentsVerdict } from './validate.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CONTENTS_KEY = Buffer.from('contents');
const DASH = 0x2d;
const UNDERSCORE = 0x5f;

/** True when `byte` is in `chunk` between `from` and `end` (Node's own search, not a loop here). */
const hasByte = (chunk: Buffer, from: number, end: number, byte: number) => {
  const at = chunk.indexOf(byte, from);
  return at >= 0 && at < end;
};

/** The index of the first `a` or `b` in `chunk` from `from`, or its length. */
function firstOf(chunk: Buffer, from: number, a: number, b: number): number {
  const atA = chunk.indexOf(a, from);
  const atB = chunk.indexOf(b, from);
  if (atA < 0) return atB < 0 ? chunk.length : atB;
  return atB < 0 ? atA : Math.min(atA, atB);
}
const isJsonSpace = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** UTF-8 as `JSON.parse` of `Request.text()` would have read it, inside the body (no BOM strip). */
const inner = new TextDecoder('utf-8', { ignoreBOM: true });

/** A JSON string's inside (between its quotes) as `JSON.parse` reads it, or undefined if invalid. */
function stringOf(inside: Buffer): string | undefined {
  try {
    return JSON.parse(`"${inner.decode(inside)}"`) as string;
  } catch {
    return undefined;
  }
}

/**
 * One `contents` string, decoded as it arrives: while its characters are all of the alphabet,
 * whole groups of four are decoded at once, into one buffer for the whole file (sized from the
 * body's declared length, so a file is neither copied piece by piece nor joined at the end:
 * 0.6 ms of CPU per MiB less); from the first piece that holds another character (padding, an
 * escape, one no BASE64 has), the rest is kept to be read by `JSON.parse` and judged at the end.
 * The search for the string's end and the check of the alphabet are Node's own (`indexOf`, the
 * decoder's count of bytes): a loop over the bytes in JavaScript cost 3 to 9 ms per MiB on this
 * machine, those about 0.2.
 */
class ContentsReader {
  #decoded: Buffer;
  #length = 0;
  /** Up to three characters of the alphabet waiting for the rest of their group. */
  #pending = '';
  /** The string's bytes from the first piece not all of the alphabet, once one came. */
  #rest: Buffer[] | undefined;
  #escaped = false;

  /** `expectedBytes`: about how many bytes the string decodes to, 0 when not known. */
  constructor(expectedBytes: number) {
    this.#decoded = Buffer.allocUnsafe(expectedBytes);
  }

  /** Reads `chunk` from `from`: the index of the string's closing quote, or -1 if it goes on. */
  read(chunk: Buffer, from: number): number {
    let rest = this.#rest;
    if (rest === undefined) {
      const end = firstOf(chunk, from, QUOTE, BACKSLASH);
      this.#rest = this.#decode(chunk, from, end);
      if (end === chunk.length) return -1;
      if (this.#rest === undefined && chunk[end] === QUOTE) return end;
      rest = this.#rest ?? [];
      this.#rest = rest;
      from = end;
    }
    return this.#keep(chunk, from, rest);
  }

  /**
   * Decodes the whole groups of `chunk` from `from` to `end` after those pending; when they are
   * not all BASE64, keeps nothing of them and gives them back as the start of the string's rest.
   * The text made of the bytes is their one copy: the groups are cut from the chunk itself, the
   * few characters of a group begun in the last chunk completed apart (joining them to the
   * next chunk's text copied all of it again), and the URL-safe alphabet's two characters are
   * looked for in the bytes (Node's decoder takes them as values; searching the text cost more).
   */
  #decode(chunk: Buffer, from: number, end: number): Buffer[] | undefined {
    const start = this.#length;
    const pending = this.#pending;
    const giveBack = () => {
      this.#length = start;
      this.#pending = '';
      return [Buffer.concat([Buffer.from(pending, 'latin1'), chunk.subarray(from, end)])];
    };
    if (hasByte(chunk, from, end, DASH) || hasByte(chunk, from, end, UNDERSCORE)) return giveBack();
    let at = from;
    if (pending !== '') {
      at = Math.min(end, from + 4 - pending.length);
      const group = pending + chunk.toString('latin1', from, at);
      if (group.length < 4) {
        this.#pending = group;
        return undefined;
      }
      if (!this.#write(group)) return giveBack();
    }
    const whole = end - ((end - at) % 4);
    if (whole > at && !this.#write(chunk.toString('latin1', at, whole))) return giveBack();
    this.#pending = chunk.toString('latin1', whole, end);
    return undefined;
  }

  /**
   * Decodes `groups` (whole groups of four) after the bytes so far; false when they were not all
   * of the alphabet: Node's decoder skips what is not and stops at padding, so fewer bytes come out.
   */
  #write(groups: string): boolean {
    this.#makeRoom((groups.length / 4) * 3);
    const written = this.#decoded.write(groups, this.#length, 'base64');
    if (written * 4 !== groups.length * 3) return false;
    this.#length += written;
    return true;
  }

  /** Grows the buffer, when the body was longer than it said or did not say, to take `bytes` more. */
  #makeRoom(bytes: number) {
    if (this.#length + bytes <= this.#decoded.byteLength) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#length + bytes, this.#decoded.byteLength * 2));
    this.#decoded.copy(grown, 0, 0, this.#length);
    this.#decoded = grown;
  }

  /** Keeps the string's bytes up to its closing quote; its index, or -1 if it goes on. */
  #keep(chunk: Buffer, from: number, rest: Buffer[]): number {
    let at = from;
    for (; at < chunk.length; at++) {
      const byte = chunk[at];
      if (this.#escaped) this.#escaped = false;
      else if (byte === BACKSLASH) this.#escaped = true;
      else if (byte === QUOTE) break;
    }
    rest.push(Buffer.from(chunk.subarray(from, at)));
    return at < chunk.length ? at : -1;
  }

  /** The string judged, or undefined when it is not a valid JSON string. */
  finish(): ContentsVerdict | undefined {
    const rest = this.#rest === undefined ? '' : stringOf(Buffer.concat(this.#rest));
    if (rest === undefined) return undefined;
    const tail = this.#pending + rest;
    // The last group (its padding) decoded into the file's buffer too: joining it to the bytes
    // before made a copy of the whole file.
    if (tail !== '' && isBase64(tail)) {
      this.#makeRoom((tail.length / 4) * 3);
      this.#length += this.#decoded.write(tail, this.#length, 'base64');
      return judgeContents(this.#decoded.subarray(0, this.#length), '');
    }
    return judgeContents(this.#decoded.subarray(0, this.#length), tail);
  }
}

/** Where the scan stands in the top-level object: before a key, its colon, its value, or after. */
type Expecting = 'key' | 'colon' | 'value' | 'after';

/**
 * Follows the body's JSON structure (strings, nesting, the top-level object's keys) byte by byte
 * and sets each top-level `contents` string aside for a `ContentsReader`.
 */
class UploadScanner {
  /** The body as sent, but `""` for each top-level `contents` string. */
  readonly #kept: Buffer[] = [];
  #depth = 0;
  #topIsObject = false;
  #expecting: Expecting = 'after';
  #inString = false;
  #escaped = false;
  /** The pieces of a top-level key being read. */
  #key: Buffer[] | undefined;
  #lastKeyIsContents = false;
  #contents: ContentsReader | undefined;
  /** The last top-level `contents` string read: the one `JSON.parse` keeps. */
  #verdict: ContentsVerdict | undefined;
  /** A `contents` string was not a valid JSON string, so the body is not JSON. */
  #invalid = false;

  /** About how many bytes a `contents` string decodes to, 0 when not known. */
  readonly #expectedBytes: number;

  /** `bodyBytes`: the body's declared length, 0 when not known. */
  constructor(bodyBytes: number) {
    // BASE64 is four characters for three bytes; the rest of the body is a few hundred bytes.
    this.#expectedBytes = Math.ceil(bodyBytes / 4) * 3;
  }

  feed(chunk: Buffer) {
    let keptFrom = 0;
    let keyFrom = 0;
    for (let at = 0; at < chunk.length; at++) {
      if (this.#contents) {
        const end = this.#contents.read(chunk, at);
        if (end < 0) return;
        this.#verdict = this.#contents.finish();
        if (this.#verdict === undefined) this.#invalid = true;
        this.#contents = undefined;
        this.#expecting = 'after';
        keptFrom = end + 1;
        at = end;
        continue;
      }
      const byte = chunk[at] ?? 0;
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (byte === BACKSLASH) this.#escaped = true;
        else if (byte === QUOTE) {
          this.#inString = false;
          if (this.#key) {
            this.#key.push(chunk.subarray(keyFrom, at));
            this.#lastKeyIsContents = isContentsKey(Buffer.concat(this.#key));
            this.#key = undefined;
            this.#expecting = 'colon';
          } else if (this.#depth === 1) this.#expecting = 'after';
        }
        continue;
      }
      const topLevel = this.#depth === 1 && this.#topIsObject;
      if (byte === QUOTE) {
        if (topLevel && this.#expecting === 'value' && this.#lastKeyIsContents) {
          this.#kept.push(Buffer.from(chunk.subarray(keptFrom, at)), Buffer.from('""'));
          this.#contents = new ContentsReader(this.#expectedBytes);
          keptFrom = at + 1;
          continue;
        }
        this.#inString = true;
        if (topLevel && this.#expecting === 'key') {
          this.#key = [];
          keyFrom = at + 1;
        }
      } else if (byte === 0x7b || byte === 0x5b) {
        if (this.#depth === 0) this.#topIsObject = byte === 0x7b;
        this.#expecting = this.#depth === 0 ? 'key' : 'after';
        this.#depth += 1;
      } else if (byte === 0x7d || byte === 0x5d) {
        this.#depth -= 1;
      } else if (topLevel && !isJsonSpace(byte)) {
        if (byte === 0x3a) this.#expecting = this.#expecting === 'colon' ? 'value' : 'after';
        else this.#expecting = byte === 0x2c ? 'key' : 'after';
      }
    }
    if (this.#key) this.#key.push(Buffer.from(chunk.subarray(keyFrom)));
    this.#kept.push(Buffer.from(chunk.subarray(keptFrom)));
  }

  /** The body parsed; throws `SyntaxError` as `JSON.parse` would when it is not JSON. */
  finish(): unknown {
    if (this.#contents || this.#invalid) throw new SyntaxError('invalid `contents`');
    const body: unknown = JSON.parse(new TextDecoder().decode(Buffer.concat(this.#kept)));
    // A top-level object's `contents` string is the last one set aside (another kind of
    // value after it would have replaced it).
    const object = body as Record<string, unknown> | null;
    if (this.#verdict && typeof object?.contents === 'string') {
      object.contents = new StreamedContents(this.#verdict);
    }
    return body;
  }
}

/** A top-level key is `contents` as `JSON.parse` reads it (escapes included). */
const isContentsKey = (key: Buffer) =>
  key.equals(CONTENTS_KEY) || (key.includes(BACKSLASH) && stringOf(key) === 'contents');

/**
 * Reads an upload body as it streams, its `contents` a `StreamedContents` when it is a string.
 * Throws `SyntaxError` when the body is not JSON, as `JSON.parse` of its text would.
 * `declaredBytes` (its `Content-Length`, capped by the body limit) sizes the file's buffer.
 *
 * @example const body = await readUploadBody(c.req.raw.body, 13_981_209) // { post_id, file, contents }
 */
export async function readUploadBody(
  stream: ReadableStream<Uint8Array> | null,
  declaredBytes = 0,
): Promise<unknown> {
  const scanner = new UploadScanner(declaredBytes);
  const reader = stream?.getReader();
  for (;;) {
    const read = await reader?.read();
    if (!read || read.done) break;
    const chunk = read.value;
    scanner.feed(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return scanner.finish();
}
