import { describe, expect, it } from 'vitest';
import { memorySource, readAll, type ByteSource } from './byte-source.ts';
import { uploadBody } from './upload-body.ts';

const text = async (stream: AsyncIterable<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
};
const pattern = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 37 + 11) & 0xff);

/** A source that hands out its bytes in the given awkward piece sizes, over and over. */
const uneven = (bytes: Uint8Array, sizes: number[]): ByteSource => ({
  size: bytes.byteLength,
  async *pieces() {
    for (let offset = 0, i = 0; offset < bytes.byteLength; i += 1) {
      const size = sizes[i % sizes.length] ?? 1;
      yield bytes.subarray(offset, offset + size);
      offset += size;
    }
  },
});

/**
 * As `uneven`, but when the consumer says pieces are reusable, each is written into the one
 * buffer over the last, as a file read into one buffer is: a piece kept past the next one is
 * overwritten.
 */
const reusing = (bytes: Uint8Array, sizes: number[]): ByteSource => ({
  size: bytes.byteLength,
  async *pieces(options) {
    const shared = new Uint8Array(Math.max(...sizes));
    for await (const piece of uneven(bytes, sizes).pieces()) {
      if (!options?.reusable) yield piece.slice();
      else {
        shared.set(piece);
        yield shared.subarray(0, piece.byteLength);
      }
    }
  },
});

describe('uploadBody', () => {
  it('sends a file read piece by piece into one buffer exactly, the bytes carried over included', async () => {
    const bytes = pattern(100_003);
    const body = uploadBody(1001, {
      name: 'a.pdf',
      mime: 'application/pdf',
      postname: 'a.pdf',
      bytes: reusing(bytes, [7, 65_537, 5, 4]),
    });
    const json = JSON.parse(await text(body.stream)) as { contents: string };
    expect(json.contents).toBe(Buffer.from(bytes).toString('base64'));
  });

  it.each([
    ['one byte', 1, [1]],
    ['pieces of 1, 2, 4 and 0 bytes', 1000, [1, 2, 4, 0]],
    ['pieces that never line up with 3', 100_003, [7, 65_537, 5]],
  ])('encodes %s exactly, with the promised length', async (_name, size, sizes) => {
    const bytes = pattern(size);
    const body = uploadBody(1001, {
      name: 'a.pdf',
      mime: 'application/pdf',
      postname: 'a.pdf',
      bytes: uneven(bytes, sizes),
    });
    const sent = await text(body.stream);
    expect(Buffer.byteLength(sent)).toBe(body.length);
    const json = JSON.parse(sent) as { post_id: string; contents: string };
    expect(json.post_id).toBe('1001');
    expect(json.contents).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('uploadBody, every length', () => {
  it('sends the reference BASE64 for each size from 0 to 13 bytes, in pieces of 1 to 4', async () => {
    for (let size = 0; size <= 13; size++) {
      for (const piece of [1, 2, 3, 4]) {
        const bytes = pattern(size);
        const body = uploadBody(7, {
          name: 'a.png',
          mime: 'image/png',
          postname: 'a.png',
          bytes: uneven(bytes, [piece]),
        });
        const sent = await text(body.stream);
        expect(sent, `${String(size)} bytes in pieces of ${String(piece)}`).toBe(
          `{"post_id":"7","file":{"name":"a.png","mime":"image/png","postname":"a.png"},"contents":"${Buffer.from(bytes).toString('base64')}"}`,
        );
        expect(Buffer.byteLength(sent)).toBe(body.length);
      }
    }
  });

  it('sends 10 MiB and a byte read from memory as the reference BASE64, across its pieces', async () => {
    const bytes = pattern(10 * 1024 * 1024 + 1);
    const body = uploadBody(7, { name: 'a.png', mime: 'image/png', postname: 'a.png', bytes });
    const sent = await text(body.stream);
    expect(Buffer.byteLength(sent)).toBe(body.length);
    expect((JSON.parse(sent) as { contents: string }).contents).toBe(
      Buffer.from(bytes).toString('base64'),
    );
  });
});

describe('byte sources', () => {
  it('keep chunks as they are, read again from the start, and read whole equal what went in', async () => {
    const chunks = [pattern(5), pattern(300_000), pattern(2)];
    const source = memorySource(chunks);
    expect(source.size).toBe(300_007);
    const first = await readAll(source);
    expect(await readAll(source)).toEqual(first);
    expect(Buffer.from(first).equals(Buffer.concat(chunks))).toBe(true);
  });
});
