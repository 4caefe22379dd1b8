/**
 * Sizes from headers alone, checked against what sharp decodes from real pictures, and the
 * bombs that announce gigapixels in a few bytes.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifBomb, jpegHtmlPolyglot, pngBomb } from '../test/fixtures/hostile-files.ts';
import { ConversionError } from './conversion.ts';
import { headerPixels, spendPixels } from './pixel-budget.ts';

const picture = (format: 'png' | 'gif' | 'jpeg', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .toFormat(format, format === 'jpeg' ? { progressive: true } : {})
    .toBuffer();

describe('pixels from headers', () => {
  it.each(['png', 'gif', 'jpeg'] as const)('reads the size of a real %s', async (format) => {
    expect(headerPixels(format, await picture(format, 640, 480))).toBe(640 * 480);
  });

  it('counts every frame of an animated GIF, each drawn on its screen', async () => {
    // Three frames of 100×100, each a different grey so none is dropped as a repeat.
    const pixels = Buffer.concat([0, 120, 240].map((grey) => Buffer.alloc(100 * 100 * 3, grey)));
    const animated = await sharp(pixels, {
      raw: { width: 100, height: 300, channels: 3, pageHeight: 100 },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    expect(headerPixels('gif', animated)).toBe(3 * 100 * 100);
  });

  it('sees a 10-gigapixel PNG and a 4.3-gigapixel GIF of 35 bytes as over the budget', () => {
    const gif = gifBomb();
    expect(gif.length).toBe(35);
    expect(() => {
      spendPixels(headerPixels('gif', gif));
    }).toThrow(/4295 megapixels, more than the 100/);
    expect(() => {
      spendPixels(headerPixels('png', pngBomb()));
    }).toThrow(/10000 megapixels/);
  });

  it('finds no frame in a web page behind JPEG bytes, and says the header is unreadable', () => {
    const failure = (() => {
      try {
        headerPixels('jpeg', jpegHtmlPolyglot());
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ConversionError);
    expect((failure as ConversionError).reason).toBe('unreadable');
  });

  it('says a header cut short is unreadable rather than reading past the end', async () => {
    const png = await picture('png', 10, 10);
    expect(() => headerPixels('png', png.subarray(0, 20))).toThrow(/cut short/);
  });
});

describe('an animated PNG', () => {
  it('counts every frame its acTL chunk announces', async () => {
    const png = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    // acTL (frames: 3, plays: 0) placed after IHDR, as an APNG writer puts it.
    const data = Buffer.from([0, 0, 0, 3, 0, 0, 0, 0]);
    const typed = Buffer.concat([Buffer.from('acTL', 'latin1'), data]);
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    typed.copy(chunk, 4);
    chunk.writeUInt32BE(crc32(typed), 8 + data.length);
    const animated = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
    expect(headerPixels('png', png)).toBe(5000);
    expect(headerPixels('png', animated)).toBe(3 * 5000);
  });
});
