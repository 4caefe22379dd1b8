/**
 * File contents that can be read more than once, piece by piece: a file the request was written
 * to as it arrived, a file of the outbox, or bytes in memory (a converted file, tests). Uploads
 * stream from one, so a 10 MB file is never copied whole to be sent.
 */

/** How a consumer takes the pieces of a source. */
export interface PieceOptions {
  /**
   * The consumer is done with each piece before it asks for the next (it copies what it keeps):
   * a source read from a file may read every piece into the same buffer, so a file sent leaves
   * no trail of dead buffers behind it (`upload-body.ts`).
   */
  reusable?: boolean;
}

/** Bytes that can be read more than once, piece by piece. */
export interface ByteSource {
  /** Total length in bytes. */
  readonly size: number;
  /** The bytes in order, in pieces of any size; each call starts again from the beginning. */
  pieces(options?: PieceOptions): AsyncIterable<Uint8Array>;
  /**
   * The file the bytes are in, when they are a file the request wrote (`file-spool.ts`): the
   * outbox may take it over by renaming it rather than copy it.
   */
  readonly path?: string;
}

/** Pieces read from a file at a time. */
export const PIECE_BYTES = 192 * 1024;

/** True for a `ByteSource` (as opposed to bytes in memory). */
export const isByteSource = (value: unknown): value is ByteSource =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ByteSource).size === 'number' &&
  typeof (value as ByteSource).pieces === 'function';

/**
 * Bytes in memory as a source; an array of chunks is kept as it is (no concatenation).
 *
 * @example memorySource(part.content).size
 */
export function memorySource(bytes: Uint8Array | readonly Uint8Array[]): ByteSource {
  const chunks = bytes instanceof Uint8Array ? [bytes] : bytes;
  return {
    size: chunks.reduce((total, chunk) => total + chunk.byteLength, 0),
    async *pieces() {
      for (const chunk of chunks) {
        // Large chunks go out in views of PIECE_BYTES, so a consumer never holds more at once.
        for (let offset = 0; offset < chunk.byteLength; offset += PIECE_BYTES) {
          yield chunk.subarray(offset, offset + PIECE_BYTES);
        }
      }
    },
  };
}

/** Reads a whole source into one array (tests and small files only). */
export async function readAll(source: ByteSource): Promise<Uint8Array> {
  const whole = new Uint8Array(source.size);
  let offset = 0;
  for await (const piece of source.pieces()) {
    whole.set(piece, offset);
    offset += piece.byteLength;
  }
  if (offset !== source.size)
    throw new Error(`source said ${source.size} bytes but gave ${offset}`);
  return whole;
}
