/**
 * PostgreSQL's binary COPY format (the manual's "COPY", "Binary Format"): a signature, flags and
 * an extension area, then each row as a field count and each field as a length and its bytes,
 * then a count of -1. Read as it streams, only what the outbox asks for: rows of one field that
 * is never null, handed on as views of the pieces they arrive in, never gathered. Written, only
 * what the outbox stores: a row's leading text and integer fields, then its bytes.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags (32 bits), length of the header extension (32 bits). */
const HEADER_BYTES = SIGNATURE.byteLength + 8;

/** What a COPY to PostgreSQL starts with: the signature, no flags, no extension. */
export const COPY_HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]);
/** What it ends with: a row of -1 fields. */
export const COPY_TRAILER = Buffer.from([0xff, 0xff]);

/** A leading field of a row written: `text`, `bigint` or `integer`, by its column's type. */
export type CopyField = { text: string } | { bigint: number } | { integer: number };

/**
 * A row's start: its field count, each of `leading` whole, then the length of its last field,
 * whose `length` bytes are written after it as they are.
 */
export function rowHead(leading: readonly CopyField[], length: number): Buffer {
  const parts = leading.map((field) => {
    if ('text' in field) {
      const text = Buffer.from(field.text, 'utf8');
      const head = Buffer.alloc(4);
      head.writeInt32BE(text.byteLength);
      return Buffer.concat([head, text]);
    }
    const wide = 'bigint' in field;
    const part = Buffer.alloc(wide ? 12 : 8);
    part.writeInt32BE(wide ? 8 : 4);
    if (wide) part.writeBigInt64BE(BigInt(field.bigint), 4);
    else part.writeInt32BE(field.integer, 4);
    return part;
  });
  const count = Buffer.alloc(2);
  count.writeInt16BE(leading.length + 1);
  const last = Buffer.alloc(4);
  last.writeInt32BE(length);
  return Buffer.concat([count, ...parts, last]);
}

/** Reads one COPY's stream: `read` each piece as it comes, then `end`. */
export interface BinaryCopyFields {
  /** The field bytes in `piece`, in order. */
  read(piece: Uint8Array): Generator<Uint8Array>;
  /** Throws unless the stream ended where the format says it ends. */
  end(): void;
}

/** A reader for one COPY: the bytes of its rows' one field, as they stream. */
export function binaryCopyFields(): BinaryCopyFields {
  /** Bytes of a fixed-size part (header, count, length) that straddle two pieces. */
  let partial = Buffer.alloc(0);
  /** What is read next. */
  let state: 'header' | 'extension' | 'count' | 'length' | 'field' | 'done' = 'header';
  /** Bytes left of the extension area or of the field being read. */
  let left = 0;

  /** The next `size` bytes when they are all here, from `partial` and then `piece` at `at`. */
  const fixed = (piece: Uint8Array, at: number, size: number) => {
    const want = size - partial.byteLength;
    if (piece.byteLength - at < want) {
      partial = Buffer.concat([partial, piece.subarray(at)]);
      return { bytes: undefined, used: piece.byteLength - at };
    }
    const bytes = Buffer.concat([partial, piece.subarray(at, at + want)]);
    partial = Buffer.alloc(0);
    return { bytes, used: want };
  };

  return {
    *read(piece) {
      let at = 0;
      while (at < piece.byteLength) {
        if (state === 'done') throw new Error('the COPY went on past its end');
        if (state === 'field' || state === 'extension') {
          const take = Math.min(left, piece.byteLength - at);
          if (state === 'field') yield piece.subarray(at, at + take);
          at += take;
          left -= take;
          if (left === 0) state = 'count';
          continue;
        }
        const size = state === 'header' ? HEADER_BYTES : state === 'count' ? 2 : 4;
        const { bytes, used } = fixed(piece, at, size);
        at += used;
        if (!bytes) break;
        if (state === 'header') {
          if (!bytes.subarray(0, SIGNATURE.byteLength).equals(SIGNATURE))
            throw new Error('not a binary COPY');
          left = bytes.readUInt32BE(SIGNATURE.byteLength + 4);
          state = left > 0 ? 'extension' : 'count';
        } else if (state === 'count') {
          const count = bytes.readInt16BE(0);
          if (count === -1) state = 'done';
          else if (count === 1) state = 'length';
          else throw new Error(`a COPY row of ${String(count)} fields, not 1`);
        } else {
          left = bytes.readInt32BE(0);
          if (left < 0) throw new Error('a null field in the COPY');
          state = left > 0 ? 'field' : 'count';
        }
      }
    },
    end() {
      if (state !== 'done') throw new Error('the COPY ended before its end');
    },
  };
}
