/**
 * A pull reader of `multipart/form-data`: the parts one after another, each part's body an async
 * iterable of its bytes as they arrive. Nothing is held whole: a 10 MB file passes through in
 * the pieces the socket delivered, so the caller can write it to disk and keep memory flat.
 *
 * Our own rather than busboy's events: a part's text is decoded by us, strictly (busboy decodes
 * by each part's declared charset and replaces what it cannot read), and the reader is pulled by
 * `for await`, so backpressure is the caller's pace with nothing to pause or resume.
 */

/** The body is not multipart as its content type promised (or ended too soon). */
export class MultipartError extends Error {}

/** A part's headers are not UTF-8: the part's name or file name would arrive garbled. */
export class PartHeadersNotUtf8Error extends MultipartError {}

/** One part: its name, its file name when it is a file, and its bytes (read once, in order). */
export interface MultipartPart {
  name: string | undefined;
  /** Set (perhaps to "") when the part is a file; undefined for a plain field. */
  filename: string | undefined;
  body: AsyncIterable<Uint8Array>;
}

/** What a body may hold before it is refused. */
export interface MultipartLimits {
  /** A part's header block may not be longer. */
  maxHeaderBytes: number;
  /** Parts after this many are refused. */
  maxParts: number;
}

/** More parts than the limit allows. */
export class TooManyPartsError extends MultipartError {}

const HEADERS_END = Buffer.from('\r\n\r\n');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads `source` as multipart with `boundary`. Each part's body must be read to its end (or
 * left: the next step of the outer loop skips what is left) before the next part is read.
 */
export async function* multipartParts(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
): AsyncGenerator<MultipartPart> {
  const input = new Input(source);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // No preamble: browsers send none, and bytes before the first boundary mean the body was
  // framed twice (a chunked coding left in it), so later parts would hold framing as content.
  if (!(await input.startsWith(`--${boundary}`)))
    throw new MultipartError('The body does not start with its boundary.');
  for (let count = 0; ; count++) {
    if (await input.startsWith('--')) return; // the close delimiter; the epilogue is ignored
    await input.skipLineEnd();
    if (count === limits.maxParts) throw new TooManyPartsError('Too many parts.');
    const headers = parseHeaders(await input.headerBlock(limits.maxHeaderBytes));
    const body = input.until(delimiter);
    yield { ...disposition(headers.get('content-disposition') ?? ''), body };
    await skip(body); // whatever the caller did not read
  }
}

/** Reads `pieces` to their end, keeping none. */
async function skip(pieces: AsyncIterable<Uint8Array>): Promise<void> {
  const iterator = pieces[Symbol.asyncIterator]();
  while (!(await iterator.next()).done);
}

/** The request body with a lookahead buffer: bytes are emitted only once known not to be a delimiter. */
class Input {
  #pieces: AsyncIterator<Uint8Array>;
  #buffer: Buffer;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#pieces = source[Symbol.asyncIterator]();
    this.#buffer = Buffer.alloc(0);
  }

  /** The next piece as a Buffer (a view, not a copy); undefined when the body has ended. */
  async #piece(): Promise<Buffer | undefined> {
    const next = await this.#pieces.next();
    if (next.done) return undefined;
    return Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  }

  /** Appends the next piece; false when the body has ended. */
  async #more(): Promise<boolean> {
    const piece = await this.#piece();
    if (!piece) return false;
    this.#buffer = this.#buffer.length === 0 ? piece : Buffer.concat([this.#buffer, piece]);
    return true;
  }

  async #need(bytes: number): Promise<void> {
    while (this.#buffer.length < bytes) {
      if (!(await this.#more())) throw new MultipartError('The body ended too soon.');
    }
  }

  async startsWith(text: string): Promise<boolean> {
    await this.#need(text.length);
    if (this.#buffer.toString('latin1', 0, text.length) !== text) return false;
    this.#buffer = this.#buffer.subarray(text.length);
    return true;
  }

  /** The rest of a boundary line: optional spaces or tabs, then CRLF. */
  async skipLineEnd(): Promise<void> {
    for (;;) {
      await this.#need(2);
      if (this.#buffer[0] === 0x20 || this.#buffer[0] === 0x09) {
        this.#buffer = this.#buffer.subarray(1);
      } else break;
    }
    if (!(await this.startsWith('\r\n'))) throw new MultipartError('A boundary line is malformed.');
  }

  /** The header block of a part, without its closing blank line ("" when it has none). */
  async headerBlock(maxBytes: number): Promise<Buffer> {
    if (await this.startsWith('\r\n')) return Buffer.alloc(0);
    for (;;) {
      const end = this.#buffer.indexOf(HEADERS_END);
      if (end > maxBytes) throw new MultipartError('A part header is too long.');
      if (end !== -1) {
        const block = this.#buffer.subarray(0, end);
        this.#buffer = this.#buffer.subarray(end + HEADERS_END.length);
        return block;
      }
      if (this.#buffer.length > maxBytes) throw new MultipartError('A part header is too long.');
      if (!(await this.#more())) throw new MultipartError('The body ended in a part header.');
    }
  }

  /** The bytes up to `delimiter`, which is consumed; throws if the body ends first. */
  async *until(delimiter: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = this.#buffer.indexOf(delimiter);
      if (at !== -1) {
        const before = this.#buffer.subarray(0, at);
        this.#buffer = this.#buffer.subarray(at + delimiter.length);
        if (before.length > 0) yield before;
        return;
      }
      // All but the last few bytes, which may be the start of the delimiter.
      const safe = Math.max(0, this.#buffer.length - (delimiter.length - 1));
      if (safe > 0) yield this.#buffer.subarray(0, safe);
      const tail = this.#buffer.subarray(safe);
      const piece = await this.#piece();
      if (!piece) throw new MultipartError('The body ended inside a part.');
      this.#buffer = piece;
      if (tail.length === 0) continue;
      // A piece too short to end a delimiter begun in the tail is joined to it (rare: sockets
      // give 64 KiB). Otherwise only the few bytes a delimiter can straddle are joined, not the
      // piece: copying every piece after its tail doubled what a file cost in buffers.
      if (piece.length < delimiter.length - 1) {
        this.#buffer = Buffer.concat([tail, piece]);
        continue;
      }
      const straddle = Buffer.concat([tail, piece.subarray(0, delimiter.length - 1)]).indexOf(
        delimiter,
      );
      if (straddle === -1) {
        yield tail;
        continue;
      }
      if (straddle > 0) yield tail.subarray(0, straddle);
      this.#buffer = piece.subarray(straddle + delimiter.length - tail.length);
      return;
    }
  }
}

/** Header names (lower case) to values; the block is decoded as UTF-8 or refused. */
function parseHeaders(block: Buffer): Map<string, string> {
  let text: string;
  try {
    text = strictUtf8.decode(block);
  } catch {
    throw new PartHeadersNotUtf8Error('A part header is not UTF-8.');
  }
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

// A parameter of a header value (RFC 9110, section 5.6.6): whitespace around the ";", a name
// of any case, a token or a quoted string, whose ";" and "=" belong to the value. A value
// with a stray quote is no parameter.
const PARAMETER = /;[ \t]*([^=;\s]+)=("(?:[^"\\]|\\.)*"|[^;\s"]*)(?=[ \t]*(?:;|$))/g;

/** A header value's parameters by lower-case name, quoted strings unquoted. */
function headerParameters(value: string): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const [, name = '', raw = ''] of value.matchAll(PARAMETER)) {
    const key = name.toLowerCase();
    if (parameters.has(key)) continue;
    parameters.set(key, raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(["\\])/g, '$1') : raw);
  }
  return parameters;
}

/** The part's name and file name from `Content-Disposition: form-data; name=…; filename=…`. */
function disposition(value: string): Pick<MultipartPart, 'name' | 'filename'> {
  const parameters = headerParameters(value);
  return { name: parameters.get('name'), filename: extendedFilename(parameters) };
}

/** `filename*=UTF-8''…` (RFC 8187) when given and readable, else `filename`. */
function extendedFilename(parameters: Map<string, string>): string | undefined {
  const extended = /^utf-8'[^']*'(.*)$/i.exec(parameters.get('filename*') ?? '');
  if (extended) {
    try {
      return decodeURIComponent(extended[1] ?? '');
    } catch {
      throw new PartHeadersNotUtf8Error('A part header is not UTF-8.');
    }
  }
  return parameters.get('filename');
}

/**
 * The boundary of a `multipart/form-data` content type, or undefined.
 *
 * @example formDataBoundary('Multipart/Form-Data ; charset=utf-8; Boundary="a b"') // 'a b'
 */
export function formDataBoundary(contentType: string): string | undefined {
  if (!/^multipart\/form-data[ \t]*;/i.test(contentType)) return undefined;
  return headerParameters(contentType).get('boundary');
}
