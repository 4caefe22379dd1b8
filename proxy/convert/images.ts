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
import { PIXEL_LIMIT, spendPixels } from './pixel-budget.ts';
import { inTempDir, runTool } from './run-tool.ts';

/** The most pages of a TIFF turned into a PDF. */
const MAX_PAGES = 200;
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

/**
 * One page of a picture to decode, stopped by libvips itself once `deadline` has passed (so a
 * bomb that slipped past the count does not keep its thread) and never larger than the budget.
 */
const decode = (input: Buffer | RawPicture, deadline: number, page = 0) =>
  (Buffer.isBuffer(input)
    ? sharp(input, { limitInputPixels: PIXEL_LIMIT, failOn: 'error', page })
    : sharp(input.pixels, { raw: { width: input.width, height: input.height, channels: 3 } })
  ).timeout({ seconds: Math.max(1, Math.ceil((deadline - Date.now()) / 1000)) });

/** One decoded picture as a JPEG: `oriented` pictures are not turned again by their EXIF. */
async function jpegOf(picture: Sharp, maxSide: number, oriented = false): Promise<Buffer> {
  return (oriented ? picture : picture.rotate())
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

/**
 * A WebP, AVIF, TIFF or BMP as a JPEG; a TIFF of several pages as a PDF. Every page counts
 * against the one pixel budget before any is decoded, and the whole conversion against
 * `timeoutMs`.
 */
export function convertWithSharp(
  file: Buffer,
  kind: 'webp' | 'avif' | 'tiff' | 'bmp',
  options: ImageOptions,
): Promise<Converted> {
  const deadline = Date.now() + options.timeoutMs;
  return withDeadline(options.timeoutMs, async () => {
    spendPixels(await photoPixels(file, kind));
    const input = kind === 'bmp' ? decodeBmp(file) : file;
    const { pages = 1 } = await decode(input, deadline).metadata();
    if (pages === 1)
      return { kind: 'jpeg', bytes: await jpegOf(decode(input, deadline), options.maxSide) };
    const pdf = await PDFDocument.create();
    for (let page = 0; page < pages; page += 1) {
      options.signal?.throwIfAborted();
      // Past the deadline the caller has its answer: the pages left are not worth a thread.
      if (Date.now() > deadline) throw timedOut(options.timeoutMs);
      await addPage(pdf, await jpegOf(decode(file, deadline, page), options.maxSide));
    }
    return { kind: 'pdf', bytes: Buffer.from(await pdf.save()) };
  });
}

/**
 * `work`, failed as `timed_out` once `timeoutMs` has passed (whatever it is waiting for), and
 * with any decoder's failure as a conversion failure.
 */
export async function withDeadline<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(timedOut(timeoutMs));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(), late]);
  } catch (error) {
    throw decoderFailure(error, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

const timedOut = (timeoutMs: number) =>
  new ConversionError(
    `it took longer than ${String(timeoutMs / 1000)} s to read, too long to be safe`,
    'timed_out',
  );

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
  const deadline = Date.now() + options.timeoutMs;
  return withHeicFile(input, async (source, dir) => {
    await checkHeicPixels(source, options);
    await runTool('heif-convert', [source, join(dir, 'photo.png')], options).catch(
      (error: unknown) => {
        throw decoderFailure(error, options.timeoutMs);
      },
    );
    // A file of several pictures is written as photo-1.png, photo-2.png...: the first is primary.
    const written = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    const first = written.includes('photo.png') ? 'photo.png' : written[0];
    if (first === undefined) throw new ConversionError('heif-convert wrote no picture');
    const png = await readFile(join(dir, first));
    const jpeg = jpegOf(decode(png, deadline), options.maxSide, true).catch((error: unknown) => {
      throw decoderFailure(error, options.timeoutMs);
    });
    return { kind: 'jpeg', bytes: await jpeg };
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
      (error: unknown) => decoderFailure(error, options.timeoutMs),
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

/**
 * Refuses a HEIC whose pictures together are larger than the pixel budget, before decoding
 * any.
 */
async function checkHeicPixels(path: string, options: ImageOptions): Promise<void> {
  const info = await runTool('heif-info', [path], options).catch((error: unknown) => {
    throw decoderFailure(error, options.timeoutMs);
  });
  const sizes = [...info.matchAll(/image: (\d+)x(\d+)/g)];
  spendPixels(sizes.reduce((sum, [, width, height]) => sum + Number(width) * Number(height), 0));
}

/**
 * Why a photo just received cannot be converted (unreadable headers, or more pixels over all
 * its pages than the budget), found from its headers within `timeoutMs`.
 */
export async function photoProblem(
  input: Buffer,
  kind: string,
  timeoutMs: number,
): Promise<ConversionError | undefined> {
  try {
    spendPixels(await withDeadline(timeoutMs, () => photoPixels(input, kind)));
    return undefined;
  } catch (error) {
    return decoderFailure(error, timeoutMs);
  }
}

/**
 * The pixels decoding a photo would make, all its pages or frames together, from its headers
 * (each page's, as a TIFF's pages may differ in size). Every page is counted, so a refusal can say how many pixels there are.
 */
async function photoPixels(input: Buffer, kind: string): Promise<number> {
  if (kind === 'bmp') {
    const { width, height } = bmpSize(input);
    return width * height;
  }
  const header = (page: number) => sharp(input, { limitInputPixels: false, page }).metadata();
  const first = await header(0);
  const pages = first.pages ?? 1;
  if (pages > MAX_PAGES)
    throw new ConversionError(
      `it has ${String(pages)} pages, more than ${String(MAX_PAGES)}`,
      'too_large',
    );
  let pixels = first.width * first.height;
  for (let page = 1; page < pages; page += 1) {
    const { width, height } = await header(page);
    pixels += width * height;
  }
  return pixels;
}

/**
 * The reason a decoder gave, as a conversion failure: over its limits, stopped by its
 * timeout, or (anything else) damaged or not what it claims.
 */
function decoderFailure(error: unknown, timeoutMs: number): ConversionError {
  if (error instanceof ConversionError) return error;
  // Stopped by shutdown, not by the file: the conversion is tried again after the restart.
  if (error instanceof Error && error.name === 'AbortError')
    return new ConversionError('its conversion was stopped before it ended', 'transient');
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message))
    return new ConversionError('it has too many pixels to convert', 'too_large');
  if (/^timeout: \d+% complete/m.test(message)) return timedOut(timeoutMs);
  return new ConversionError(
    `it could not be read (${message.split('\n')[0] ?? ''})`,
    'unreadable',
  );
}
