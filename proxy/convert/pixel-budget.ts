/**
 * One budget of decoded pixels for every picture the proxy takes, converted or not: a photo
 * with all its pages or frames counted, and the platform's own PNG, GIF and JPEG sized from
 * their headers before a byte of them is decoded. A few hundred kilobytes can describe
 * gigapixels (one compressed strip shared by 200 pages, a 35-byte GIF of 65535×65535): what
 * counts is what decoding would make, never the file's size.
 */
import { ConversionError } from './conversion.ts';
import type { ByteReader } from './file-reader.ts';

/** The most pixels decoded from one file, over all its pages or frames: more is a bomb. */
export const PIXEL_LIMIT = 100_000_000;

/** The failure of a file of more pixels than the budget. */
const tooManyPixels = (pixels: number) =>
  new ConversionError(
    `it is ${String(Math.round(pixels / 1e6))} megapixels, more than the ${String(PIXEL_LIMIT / 1e6)} a picture may have`,
    'too_large',
  );

/** Throws when `pixels` is over the budget (a negative or non-finite count is unreadable). */
export function spendPixels(pixels: number): void {
  if (!Number.isFinite(pixels) || pixels < 0)
    throw new ConversionError('its size could not be read', 'unreadable');
  if (pixels > PIXEL_LIMIT) throw tooManyPixels(pixels);
}

/** The platform's own picture kinds, whose sizes are read here from their headers. */
export type HeaderKind = 'png' | 'gif' | 'jpeg';

/**
 * The pixels decoding would make of a PNG, GIF or JPEG, from its headers alone (all of a
 * GIF's frames, each drawn on its logical screen).
 *
 * A file on disk is read through `withFileReader`, a page at a time.
 *
 * @example headerPixels('png', readFileSync('plan.png')) // 1_920_000
 */
export function headerPixels(kind: HeaderKind, bytes: Uint8Array | ByteReader): number {
  const view =
    bytes instanceof Uint8Array
      ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : bytes;
  try {
    if (kind === 'png') return pngPixels(view);
    if (kind === 'gif') return gifPixels(view);
    return jpegPixels(view);
  } catch (error) {
    // A header that runs past the end of the file.
    if (error instanceof RangeError) throw cutShort();
    throw error;
  }
}

const cutShort = () => new ConversionError('its header is cut short', 'unreadable');

/**
 * PNG: the IHDR chunk must come first (bytes 12–15), width and height after it; an animated
 * PNG's `acTL` chunk (before the first IDAT) says how many frames of that size it holds.
 */
function pngPixels(view: ByteReader): number {
  const typeAt = (at: number) =>
    String.fromCharCode(...[0, 1, 2, 3].map((i) => view.getUint8(at + i)));
  if (typeAt(12) !== 'IHDR') throw new ConversionError('it has no PNG header', 'unreadable');
  const frame = view.getUint32(16) * view.getUint32(20);
  for (let at = 8; at + 8 <= view.byteLength; at += 12 + view.getUint32(at)) {
    const type = typeAt(at + 4);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'acTL') return frame * Math.max(1, view.getUint32(at + 8));
  }
  return frame;
}

/**
 * GIF: the logical screen (bytes 6–9), then blocks to the trailer: each image descriptor is a
 * frame, drawn on the screen (one larger than the screen counts its own size).
 */
function gifPixels(view: ByteReader): number {
  const screen = view.getUint16(6, true) * view.getUint16(8, true);
  let at = 13 + colourTableBytes(view.getUint8(10));
  let pixels = 0;
  let frames = 0;
  while (at < view.byteLength) {
    const block = view.getUint8(at);
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      at = skipSubBlocks(view, at + 2); // extension: introducer, label, sub-blocks
    } else if (block === 0x2c) {
      frames += 1;
      pixels += Math.max(screen, view.getUint16(at + 5, true) * view.getUint16(at + 7, true));
      // Descriptor (10 bytes), local colour table, LZW code size, then the image's sub-blocks.
      at = skipSubBlocks(view, at + 10 + colourTableBytes(view.getUint8(at + 9)) + 1);
    } else {
      throw new ConversionError('its blocks are damaged', 'unreadable');
    }
  }
  return frames === 0 ? screen : pixels;
}

/** Bytes of the colour table a GIF packed-fields byte announces (none without its top bit). */
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** The offset after a chain of GIF sub-blocks (each a length byte, 0 ends the chain). */
function skipSubBlocks(view: ByteReader, from: number): number {
  let at = from;
  for (let length = view.getUint8(at); length !== 0; length = view.getUint8(at)) at += length + 1;
  return at + 1;
}

/** Start-of-frame markers: baseline, progressive, lossless, arithmetic (not DHT, JPG, DAC). */
const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** JPEG: the segments after the start of image, to the first frame header (SOFn). */
function jpegPixels(view: ByteReader): number {
  let at = 2;
  for (;;) {
    if (view.getUint8(at) !== 0xff)
      throw new ConversionError('its segments are damaged', 'unreadable');
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (SOF_MARKERS.has(marker)) {
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      // A height of 0 is announced later (DNL): too rare to be worth trusting.
      if (height === 0 || width === 0)
        throw new ConversionError('its frame has no size', 'unreadable');
      return width * height;
    }
    if (marker === 0xda || marker === 0xd9)
      throw new ConversionError('it has no frame header', 'unreadable');
    at += 2 + view.getUint16(at + 2);
  }
}
