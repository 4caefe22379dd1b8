/**
 * Windows bitmaps, which libvips (as sharp ships it) does not read: the uncompressed kinds
 * Paint and scanners write (8-bit with a palette, 24-bit, 32-bit) decoded to raw RGB for sharp.
 * Compressed (RLE) bitmaps are refused as unreadable: they are rare, and a decoder is a risk.
 */
import { ConversionError } from './conversion.ts';

/** A decoded bitmap: RGB rows from the top. */
export interface RawPicture {
  width: number;
  height: number;
  pixels: Buffer;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;

/** Width and height from the header alone (for the pixel limit before decoding). */
export function bmpSize(bmp: Buffer): { width: number; height: number } {
  if (bmp.length < 26 || bmp.readUInt16LE(0) !== 0x4d42)
    throw new ConversionError('it is not a bitmap', 'unreadable');
  const header = bmp.readUInt32LE(14);
  if (header === 12) return { width: bmp.readUInt16LE(18), height: bmp.readUInt16LE(20) };
  if (bmp.length < 54) throw new ConversionError('its header is cut short', 'unreadable');
  return { width: bmp.readInt32LE(18), height: Math.abs(bmp.readInt32LE(22)) };
}

/**
 * @example decodeBmp(readFileSync('scan.bmp')).width // 600
 */
export function decodeBmp(bmp: Buffer): RawPicture {
  const { width, height } = bmpSize(bmp);
  const header = bmp.readUInt32LE(14);
  if (header < 40)
    throw new ConversionError('it is an OS/2 bitmap, which is not converted', 'unreadable');
  const topDown = bmp.readInt32LE(22) < 0;
  const bits = bmp.readUInt16LE(28);
  const compression = bmp.readUInt32LE(30);
  const dataAt = bmp.readUInt32LE(10);
  const okCompression = compression === BI_RGB || (compression === BI_BITFIELDS && bits === 32);
  if (!okCompression || ![8, 24, 32].includes(bits) || width <= 0 || height <= 0)
    throw new ConversionError(
      `it is a ${String(bits)}-bit or compressed bitmap, which is not converted`,
      'unreadable',
    );
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (dataAt + stride * height > bmp.length)
    throw new ConversionError('its pixels are cut short', 'unreadable');
  const colours = bmp.readUInt32LE(46) || 256;
  const palette = 14 + header;
  const pixels = Buffer.alloc(width * height * 3);
  for (let row = 0; row < height; row += 1) {
    const from = dataAt + (topDown ? row : height - 1 - row) * stride;
    for (let x = 0; x < width; x += 1) {
      const to = (row * width + x) * 3;
      let at = from + x * (bits / 8);
      if (bits === 8) {
        const index = bmp[at] ?? 0;
        if (index >= colours) throw new ConversionError('its palette is damaged', 'unreadable');
        at = palette + index * 4;
      }
      // Stored blue, green, red.
      pixels[to] = bmp[at + 2] ?? 0;
      pixels[to + 1] = bmp[at + 1] ?? 0;
      pixels[to + 2] = bmp[at] ?? 0;
    }
  }
  return { width, height, pixels };
}
