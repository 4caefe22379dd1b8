/**
 * The converters on real files (proxy/test/fixtures/convertible, made by make-corpus.ts), with
 * the real tools: sharp, heif-convert and LibreOffice, as CI installs them (HEIC and documents
 * are skipped, saying why, where their tools are missing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { sniffKind } from '../contract/file-kinds.ts';
import type { ConvertedKind } from '../contract/limits.ts';
import { ConversionError } from './conversion.ts';
import { createConverter } from './open-converter.ts';
import {
  documentsLacking,
  heicLacking,
  testDocumentConverter,
} from '../test/fixtures/document-converter.ts';

const CORPUS = join(import.meta.dirname, '../test/fixtures/convertible');
const read = (name: string) => readFileSync(join(CORPUS, name));
const noHeic = heicLacking();
const noDocuments = documentsLacking();

const documents = testDocumentConverter();
const converter = createConverter({
  heic: true,
  documents,
  maxSide: 3000,
  timeoutMs: 60_000,
  workers: 2,
});
afterAll(() => converter.close());

/** True when the EXIF holds a GPS block (the IFD0 pointer tag 0x8825, either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  exif !== undefined &&
  (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

describe('sniffing the corpus by its bytes', () => {
  it.each([
    ['photo.heic', 'heic'],
    ['photo.avif', 'avif'],
    ['screenshot.webp', 'webp'],
    ['scan.tiff', 'tiff'],
    ['drawing.bmp', 'bmp'],
    ['letter.docx', 'docx'],
    ['letter.doc', 'doc'],
    ['letter.odt', 'odt'],
    ['letter.rtf', 'rtf'],
    ['letter.txt', 'txt'],
  ])('%s is %s', (name, kind) => {
    const bytes = read(name);
    expect(sniffKind(bytes.subarray(0, 4096), bytes.subarray(-16384))).toBe(kind);
  });
});

describe('photos become JPEGs', () => {
  const becomesJpegWithoutExif = async (name: string, kind: ConvertedKind) => {
    const original = await sharp(read(name))
      .metadata()
      .catch(() => undefined);
    if (kind !== 'bmp' && kind !== 'heic') expect(hasGps(original?.exif)).toBe(true);
    const { kind: result, bytes } = await converter.convert(kind, read(name));
    expect(result).toBe('jpeg');
    const converted = await sharp(bytes).metadata();
    expect(converted.format).toBe('jpeg');
    expect(converted.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('iPhone'))).toBe(false);
  };
  it.skipIf(noHeic)('photo.heic: a JPEG with no EXIF, GPS gone', () =>
    becomesJpegWithoutExif('photo.heic', 'heic'),
  );
  it.each([
    ['photo.avif', 'avif'],
    ['screenshot.webp', 'webp'],
    ['drawing.bmp', 'bmp'],
  ] as const)('%s: a JPEG with no EXIF, GPS gone', becomesJpegWithoutExif);

  it('turns a photo upright by its EXIF orientation', async () => {
    const { bytes } = await converter.convert('webp', read('screenshot.webp'));
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 600]);
    // Stored top-left, the red square is top-right once turned 90° clockwise.
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(at(info.width - 50, 50)[0]).toBeGreaterThan(200);
    expect(at(50, 50)[0]).toBeLessThan(200);
  });

  it.skipIf(noHeic)('caps the long side', async () => {
    const small = createConverter({
      heic: true,
      documents: undefined,
      maxSide: 300,
      timeoutMs: 60_000,
      workers: 1,
    });
    const { bytes } = await small.convert('heic', read('photo.heic'));
    const { width, height } = await sharp(bytes).metadata();
    expect(Math.max(width, height)).toBe(300);
  });

  it('makes a scan of three pages one PDF of three pages', async () => {
    const { kind, bytes } = await converter.convert('tiff', read('scan.tiff'));
    expect(kind).toBe('pdf');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
  });
});

describe.skipIf(noDocuments)('documents become PDFs', () => {
  it.each(['docx', 'doc', 'odt', 'rtf', 'txt'] as const)(
    'letter.%s',
    async (kind) => {
      const { kind: result, bytes } = await converter.convert(kind, read(`letter.${kind}`));
      expect(result).toBe('pdf');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    },
    60_000,
  );
});

describe('damaged files and bombs', () => {
  // A missing tool would make these unreadable too: each is skipped without its tool.
  it.for([
    ['damaged-photo.heic', 'heic', noHeic],
    ['damaged-screenshot.webp', 'webp', undefined],
    ['damaged-scan.tiff', 'tiff', undefined],
    ['damaged-letter.docx', 'docx', noDocuments],
  ] as [string, ConvertedKind, string | undefined][])(
    '%s fails with a reason, as unreadable',
    { timeout: 60_000 },
    async ([name, kind, lack], { skip }) => {
      skip(lack !== undefined, lack);
      const failure = await converter.convert(kind, read(name)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ConversionError);
      expect((failure as ConversionError).reason).toBe('unreadable');
    },
  );

  it.each([
    ['bomb.docx', 'docx', /unpacks to 300 MB/],
    ['bomb.bmp', 'bmp', /1600 megapixels/],
  ] as [string, ConvertedKind, RegExp][])(
    '%s is found on arrival, before anything is unpacked',
    async (name, kind, words) => {
      const problem = await converter.inspect(kind, read(name));
      expect(problem?.reason).toBe('too_large');
      expect(problem?.message).toMatch(words);
    },
  );

  it.skipIf(noHeic)('finds nothing wrong with the good files on arrival', async () => {
    for (const [name, kind] of [
      ['photo.heic', 'heic'],
      ['letter.docx', 'docx'],
      ['screenshot.webp', 'webp'],
      ['drawing.bmp', 'bmp'],
    ] as const) {
      expect(await converter.inspect(kind, read(name))).toBeUndefined();
    }
  });
});
