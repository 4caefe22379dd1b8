/**
 * The binary COPY reader against streams built by the format's rules, cut at every place a
 * socket could cut them, and against what it must refuse.
 */
import { describe, expect, it } from 'vitest';
import { binaryCopyFields } from './binary-copy.ts';

const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const header = (extension = Buffer.alloc(0)) =>
  Buffer.concat([
    Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
    int32(0),
    int32(extension.byteLength),
    extension,
  ]);
const row = (bytes: Buffer) => Buffer.concat([int16(1), int32(bytes.byteLength), bytes]);
const TRAILER = int16(-1);

/** Every field byte `pieces` give, and whether the stream ended where it should. */
function readAll(pieces: Buffer[]) {
  const fields = binaryCopyFields();
  const out: Buffer[] = [];
  for (const piece of pieces) for (const bytes of fields.read(piece)) out.push(Buffer.from(bytes));
  fields.end();
  return Buffer.concat(out);
}

/** `stream` cut into pieces of `size` bytes. */
const cut = (stream: Buffer, size: number) =>
  Array.from({ length: Math.ceil(stream.byteLength / size) }, (_, i) =>
    stream.subarray(i * size, (i + 1) * size),
  );

describe('binaryCopyFields', () => {
  const first = Buffer.from('%PDF-1.7 the first chunk');
  const second = Buffer.from([0, 255, 10, 13, 0, 1, 2]);
  const stream = Buffer.concat([header(Buffer.from('ext')), row(first), row(second), TRAILER]);

  it('gives the rows’ bytes one after another, however the stream is cut', () => {
    for (let size = 1; size <= stream.byteLength; size++)
      expect(readAll(cut(stream, size))).toEqual(Buffer.concat([first, second]));
  });

  it('hands a field on as views of the pieces it came in, not gathered', () => {
    const big = Buffer.alloc(200_000, 7);
    const fields = binaryCopyFields();
    const pieces = cut(Buffer.concat([header(), row(big), TRAILER]), 65_536);
    const sizes = pieces.flatMap((piece) => [...fields.read(piece)].map((b) => b.byteLength));
    fields.end();
    expect(Math.max(...sizes)).toBeLessThanOrEqual(65_536);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(200_000);
  });

  it('reads an empty field and no rows at all', () => {
    expect(readAll([Buffer.concat([header(), row(Buffer.alloc(0)), TRAILER])])).toEqual(
      Buffer.alloc(0),
    );
    expect(readAll([Buffer.concat([header(), TRAILER])])).toEqual(Buffer.alloc(0));
  });

  it('refuses what is not the format the outbox asked for', () => {
    expect(() =>
      readAll([Buffer.concat([Buffer.from('PGCOPY\nxx\r\n\0', 'latin1'), int32(0), int32(0)])]),
    ).toThrow('not a binary COPY');
    const twoFields = Buffer.concat([
      header(),
      int16(2),
      int32(1),
      Buffer.from('a'),
      int32(1),
      Buffer.from('b'),
      TRAILER,
    ]);
    expect(() => readAll([twoFields])).toThrow('2 fields');
    expect(() => readAll([Buffer.concat([header(), int16(1), int32(-1), TRAILER])])).toThrow(
      'null',
    );
  });

  it('says so when the stream stops early or goes on past its end', () => {
    expect(() => readAll([Buffer.concat([header(), row(first)])])).toThrow('ended before its end');
    expect(() => readAll([stream.subarray(0, stream.byteLength - 5)])).toThrow(
      'ended before its end',
    );
    expect(() => readAll([Buffer.concat([stream, Buffer.from('x')])])).toThrow('past its end');
  });
});
