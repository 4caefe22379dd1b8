/**
 * Photos to JPEG: WebP, AVIF, TIFF and BMP through sharp (libvips), HEIC through libheif's
 * heif-convert (sharp's prebuilt libvips reads AVIF but not HEVC). The picture is turned the
 * way it was taken, its long side capped, and every piece of metadata (GPS, device) dropped:
 * sharp writes none unless asked. A TIFF of several pages (a scan) becomes one PDF.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { bmpSize, decodeBmp, type RawPicture } from './bmp.ts';
import { ConversionError, type Converted } from './conversion.ts';
import { inTempDir, runTool } from './run-tool.ts';

/** The most pixels decoded for one picture (or one page): a larger one is a bomb. */
export const PIXEL_LIMIT = 100_000_000;
/** The most pages of a TIFF turned into a PDF. */
export const MAX_PAGES = 200;
const JPEG_QUALITY = 85;
/** A4 portrait in PDF points: each page of a scan is fitted to it. */
const A4 = { width: 595.28, height: 841.89 };

/** What an image conversion needs to know. */
export interface ImageOptions {
  /** The long side of the result at most, in pixels. */
  maxSide: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

const decode = (input: Buffer | RawPicture, page = 0) =>
  Buffer.isBuffer(input)
    ? sharp(input, { limitInputPixels: PIXEL_LIMIT, failOn: 'error', page })
    : sharp(input.pixels, { raw: { width: input.width, height: input.height, channels: 3 } });

/** One decoded picture as a JPEG: `oriented` pictures are not turned again by their EXIF. */
async function jpegOf(picture: Sharp, maxSide: number, oriented = false): Promise<Buffer> {
  return (oriented ? picture : picture.rotate())
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

/** A WebP, AVIF, TIFF or BMP as a JPEG; a TIFF of several pages as a PDF. */
export async function convertWithSharp(
  file: Buffer,
  kind: 'webp' | 'avif' | 'tiff' | 'bmp',
  options: ImageOptions,
): Promise<Converted> {
  if (kind === 'bmp') {
    const pixels = await pixelsOf(file, kind);
    if (pixels > PIXEL_LIMIT) throw tooManyPixels(pixels);
  }
  const input = kind === 'bmp' ? decodeBmp(file) : file;
  const { pages = 1 } = await decode(input)
    .metadata()
    .catch((error: unknown) => {
      throw unreadable(error);
    });
  try {
    if (pages === 1) return { kind: 'jpeg', bytes: await jpegOf(decode(input), options.maxSide) };
    if (pages > MAX_PAGES)
      throw new ConversionError(`it has ${String(pages)} pages, more than ${String(MAX_PAGES)}`);
    const pdf = await PDFDocument.create();
    for (let page = 0; page < pages; page += 1) {
      options.signal?.throwIfAborted();
      await addPage(pdf, await jpegOf(decode(file, page), options.maxSide));
    }
    return { kind: 'pdf', bytes: Buffer.from(await pdf.save()) };
  } catch (error) {
    throw unreadable(error);
  }
}

async function addPage(pdf: PDFDocument, jpeg: Buffer): Promise<void> {
  const image = await pdf.embedJpg(jpeg);
  const scale = Math.min(A4.width / image.width, A4.height / image.height);
  const page = pdf.addPage([image.width * scale, image.height * scale]);
  page.drawImage(image, { x: 0, y: 0, width: image.width * scale, height: image.height * scale });
}

/**
 * A HEIC/HEIF photo as a JPEG. heif-convert applies the file's own rotation and mirroring (the
 * HEIF way: its EXIF orientation must then be ignored) and writes a lossless PNG that sharp
 * sizes and encodes.
 */
export function convertHeic(input: Buffer, options: ImageOptions): Promise<Converted> {
  return withHeicFile(input, async (source, dir) => {
    await checkHeicPixels(source, options);
    await runTool('heif-convert', [source, join(dir, 'photo.png')], options).catch(
      (error: unknown) => {
        throw unreadable(error);
      },
    );
    // A file of several pictures is written as photo-1.png, photo-2.png...: the first is primary.
    const written = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    const first = written.includes('photo.png') ? 'photo.png' : written[0];
    if (first === undefined) throw new ConversionError('heif-convert wrote no picture');
    const png = await readFile(join(dir, first));
    return { kind: 'jpeg', bytes: await jpegOf(decode(png), options.maxSide, true) };
  });
}

/**
 * Why a HEIC just received cannot be converted (its headers unreadable, or a bomb), found
 * with heif-info, which reads headers only.
 */
export function heicProblem(
  input: Buffer,
  options: ImageOptions,
): Promise<ConversionError | undefined> {
  return withHeicFile(input, (source) =>
    checkHeicPixels(source, options).then(
      () => undefined,
      (error: unknown) => unreadable(error),
    ),
  );
}

/** The HEIC's bytes as a file in a temporary directory of its own (the tools read files). */
const withHeicFile = <T>(input: Buffer, work: (source: string, dir: string) => Promise<T>) =>
  inTempDir('enquiry-heic-', async (dir) => {
    const source = join(dir, 'photo.heic');
    await writeFile(source, input);
    return work(source, dir);
  });

/** Refuses a HEIC whose pictures are larger than the pixel limit, before decoding any. */
async function checkHeicPixels(path: string, options: ImageOptions): Promise<void> {
  const info = await runTool('heif-info', [path], options).catch((error: unknown) => {
    throw unreadable(error);
  });
  for (const [, width, height] of info.matchAll(/image: (\d+)x(\d+)/g)) {
    if (Number(width) * Number(height) > PIXEL_LIMIT)
      throw tooManyPixels(Number(width) * Number(height));
  }
}

/** Width × height of a photo from its headers, without decoding it. */
export async function pixelsOf(input: Buffer, kind: string): Promise<number> {
  const { width, height } =
    kind === 'bmp' ? bmpSize(input) : await sharp(input, { limitInputPixels: false }).metadata();
  return width * height;
}

/** The failure of a picture larger than the pixel limit. */
export const tooManyPixels = (pixels: number) =>
  new ConversionError(
    `it is ${String(Math.round(pixels / 1e6))} megapixels, more than the ${String(PIXEL_LIMIT / 1e6)} that can be converted`,
    'too_large',
  );

/** The reason a decoder gave, as a conversion failure ("damaged or not what it claims"). */
function unreadable(error: unknown): ConversionError {
  if (error instanceof ConversionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message))
    return new ConversionError('it has too many pixels to convert', 'too_large');
  return new ConversionError(
    `it could not be read (${message.split('\n')[0] ?? ''})`,
    'unreadable',
  );
}
