/**
 * A file read as a `DataView` is, a page at a time: the header readers (`pixel-budget.ts`)
 * walk a picture's structure through it, and only the page in hand (64 KiB) is in memory, so
 * a GIF's every frame is counted without the file being read whole. Reads are synchronous (a
 * header is a few small reads, a GIF's walk one pass over the file in pages).
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** What the header readers ask of bytes: `DataView`'s getters and length. */
export interface ByteReader {
  readonly byteLength: number;
  getUint8(at: number): number;
  getUint16(at: number, littleEndian?: boolean): number;
  getUint32(at: number, littleEndian?: boolean): number;
}

const PAGE_BYTES = 64 * 1024;

/**
 * Reads the `size` bytes of the file at `path` through `use`, then closes it. Past the end it
 * throws `RangeError`, as a `DataView` does.
 *
 * @example withFileReader(path, size, (view) => view.getUint32(16)) // a PNG's width
 */
export function withFileReader<T>(path: string, size: number, use: (view: ByteReader) => T): T {
  const fd = openSync(path, 'r');
  const page = Buffer.allocUnsafe(PAGE_BYTES);
  let pageAt = -1;
  let pageLength = 0;
  const view = (at: number, width: number): DataView => {
    if (at < 0 || at + width > size) throw new RangeError('past the end of the file');
    if (pageAt < 0 || at < pageAt || at + width > pageAt + pageLength) {
      pageAt = at;
      pageLength = readSync(fd, page, 0, PAGE_BYTES, at);
    }
    return new DataView(page.buffer, page.byteOffset + (at - pageAt), width);
  };
  try {
    return use({
      byteLength: size,
      getUint8: (at) => view(at, 1).getUint8(0),
      getUint16: (at, little) => view(at, 2).getUint16(0, little),
      getUint32: (at, little) => view(at, 4).getUint32(0, little),
    });
  } finally {
    closeSync(fd);
  }
}
