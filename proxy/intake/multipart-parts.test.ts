import { describe, expect, it } from 'vitest';
import {
  formDataBoundary,
  MultipartError,
  multipartParts,
  PartHeadersNotUtf8Error,
  TooManyPartsError,
} from './multipart-parts.ts';

const limits = { maxHeaderBytes: 1024, maxParts: 10 };

/** The body as the pieces a socket might deliver it in. */
async function* inPieces(body: Buffer, cuts: readonly number[]) {
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    yield body.subarray(from, cut);
    from = cut;
  }
}

/** A body of one file part holding `file`. */
const oneFileBody = (file: Buffer) =>
  Buffer.concat([
    Buffer.from('--xyz\r\nContent-Disposition: form-data; name="files"; filename="a"\r\n\r\n'),
    file,
    Buffer.from('\r\n--xyz--\r\n'),
  ]);

/** Every part as name, file name and text, each body read whole. */
async function read(source: AsyncIterable<Uint8Array>, boundary = 'xyz', options = limits) {
  const parts: { name?: string; filename?: string; text: string }[] = [];
  for await (const part of multipartParts(source, boundary, options)) {
    const pieces: Uint8Array[] = [];
    for await (const piece of part.body) pieces.push(piece);
    parts.push({
      ...(part.name === undefined ? {} : { name: part.name }),
      ...(part.filename === undefined ? {} : { filename: part.filename }),
      text: Buffer.concat(pieces).toString('latin1'),
    });
  }
  return parts;
}

// A file whose bytes come close to the delimiter without being it, at both ends.
const TRICKY = '\r\n--xy\r\n-\r--xyzz'.replace('xyzz', 'xyz-z');
const BODY = Buffer.from(
  '--xyz\r\nContent-Disposition: form-data; name="enquiry"\r\n\r\n{"forename":"Ada"}\r\n' +
    `--xyz  \r\nContent-Disposition: form-data; name="files"; filename="a \\"b\\".pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${TRICKY}\r\n` +
    '--xyz\r\n\r\nno headers at all\r\n' +
    '--xyz--\r\nepilogue to ignore',
  'latin1',
);
const EXPECTED = [
  { name: 'enquiry', text: '{"forename":"Ada"}' },
  { name: 'files', filename: 'a "b".pdf', text: TRICKY },
  { text: 'no headers at all' },
];

describe('multipartParts', () => {
  it('reads the same parts wherever the body is cut into pieces', async () => {
    expect(await read(inPieces(BODY, []))).toEqual(EXPECTED);
    for (let cut = 1; cut < BODY.length; cut++) {
      expect(await read(inPieces(BODY, [cut]))).toEqual(EXPECTED);
    }
    const everyByte = Array.from({ length: BODY.length - 1 }, (_, i) => i + 1);
    expect(await read(inPieces(BODY, everyByte))).toEqual(EXPECTED);
  });

  it('hands a large body over in pieces rather than whole', async () => {
    const file = Buffer.alloc(1024 * 1024, 0x41);
    const body = oneFileBody(file);
    const cuts = Array.from({ length: Math.floor(body.length / 65536) }, (_, i) => (i + 1) * 65536);
    for await (const part of multipartParts(inPieces(body, cuts), 'xyz', limits)) {
      const sizes: number[] = [];
      for await (const piece of part.body) sizes.push(piece.byteLength);
      expect(sizes.reduce((a, b) => a + b)).toBe(file.length);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(65536);
    }
  });

  it("hands a file's bytes on as views of the pieces that came, copying none", async () => {
    // A copy of every piece doubled what a file cost in buffers waiting to be collected.
    const file = Buffer.alloc(1024 * 1024, 0x41);
    const body = oneFileBody(file);
    // Cuts off the 64 KiB grid, so that the delimiter is split between two pieces too.
    const cuts = Array.from({ length: 16 }, (_, i) => (i + 1) * 65_521);
    cuts.push(body.length - 9);
    let copied = 0;
    let seen = 0;
    for await (const part of multipartParts(inPieces(body, cuts), 'xyz', limits)) {
      for await (const piece of part.body) {
        seen += piece.byteLength;
        if (piece.buffer !== body.buffer) copied += piece.byteLength;
      }
    }
    expect(seen).toBe(file.length);
    expect(copied).toBe(0);
  });

  it('skips what the caller leaves unread of a part', async () => {
    const names: (string | undefined)[] = [];
    for await (const part of multipartParts(inPieces(BODY, [40, 90]), 'xyz', limits))
      names.push(part.name);
    expect(names).toEqual(['enquiry', 'files', undefined]);
  });

  it('prefers an RFC 8187 file name, decoded as UTF-8', async () => {
    const body = Buffer.from(
      '--xyz\r\nContent-Disposition: form-data; name="files"; filename="r.pdf"; ' +
        "filename*=UTF-8''r%C3%A9sum%C3%A9.pdf\r\n\r\nx\r\n--xyz--",
    );
    expect(await read(inPieces(body, []))).toEqual([
      { name: 'files', filename: 'résumé.pdf', text: 'x' },
    ]);
  });

  it('refuses headers that are not UTF-8', async () => {
    const body = Buffer.concat([
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="files"; filename="'),
      Buffer.from('r\u00e9sum\u00e9.pdf', 'latin1'),
      Buffer.from('"\r\n\r\nx\r\n--xyz--'),
    ]);
    await expect(read(inPieces(body, []))).rejects.toBeInstanceOf(PartHeadersNotUtf8Error);
  });

  it('refuses a body that ends inside a part, a header or before any boundary', async () => {
    const cut = (end: number) => read(inPieces(BODY.subarray(0, end), []));
    await expect(cut(BODY.indexOf('Ada'))).rejects.toBeInstanceOf(MultipartError);
    await expect(cut(BODY.indexOf('Content-Type'))).rejects.toBeInstanceOf(MultipartError);
    await expect(cut(10)).rejects.toBeInstanceOf(MultipartError);
    const noClose = Buffer.from('--xyz\r\n\r\nx\r\n--xyz');
    await expect(read(inPieces(noClose, []))).rejects.toBeInstanceOf(MultipartError);
  });

  it('refuses bytes before the first boundary (a body framed twice)', async () => {
    const chunked = Buffer.concat([Buffer.from('1f4\r\n'), BODY, Buffer.from('\r\n0\r\n\r\n')]);
    await expect(read(inPieces(chunked, []))).rejects.toBeInstanceOf(MultipartError);
  });

  it('refuses a boundary line with something after the boundary', async () => {
    const body = Buffer.from('--xyz\r\n\r\nx\r\n--xyzjunk\r\n\r\ny\r\n--xyz--');
    // "--xyzjunk" is not this boundary, so it is part of the first part's bytes, and the body
    // then ends without its close delimiter.
    await expect(read(inPieces(body, []))).rejects.toBeInstanceOf(MultipartError);
  });

  it('stops at a header longer than the limit, and at one part too many', async () => {
    const long = Buffer.from(`--xyz\r\nX-Long: ${'a'.repeat(2000)}\r\n\r\nx\r\n--xyz--`);
    await expect(read(inPieces(long, [500, 1000]))).rejects.toThrow('too long');
    await expect(
      read(inPieces(BODY, []), 'xyz', { ...limits, maxParts: 2 }),
    ).rejects.toBeInstanceOf(TooManyPartsError);
  });
});

describe('formDataBoundary', () => {
  it('reads the boundary whatever the case of the media type and the parameter name', () => {
    expect(formDataBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(formDataBoundary('Multipart/Form-Data; Boundary=abc')).toBe('abc');
  });

  it('allows whitespace around the semicolons and quotes around the value', () => {
    expect(formDataBoundary('multipart/form-data ; boundary=abc ; charset=utf-8')).toBe('abc');
    expect(formDataBoundary('multipart/form-data;\tboundary="a b:c"')).toBe('a b:c');
  });

  it('is not fooled by "boundary=" inside another parameter', () => {
    const type = 'multipart/form-data; x="y; boundary=decoy"; xboundary=decoy2; boundary=real';
    expect(formDataBoundary(type)).toBe('real');
  });

  it('finds none in another media type or without the parameter', () => {
    expect(formDataBoundary('multipart/mixed; boundary=abc')).toBeUndefined();
    expect(formDataBoundary('multipart/form-data')).toBeUndefined();
    expect(formDataBoundary('multipart/form-data; charset=utf-8')).toBeUndefined();
    expect(formDataBoundary('multipart/form-data; boundary=""')).toBeFalsy();
  });

  it('finds none when the quote around the boundary is left open', () => {
    expect(formDataBoundary('multipart/form-data; boundary="abc')).toBeFalsy();
    expect(formDataBoundary('multipart/form-data; boundary=abc"')).toBeFalsy();
  });
});
