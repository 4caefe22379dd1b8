/**
 * The platform's own kinds, checked on arrival though they are delivered as they came: a PNG,
 * GIF or JPEG within the pixel budget by its headers, then decoded (bounded by the budget and
 * a deadline) to prove it is what its first bytes claim; a PDF with its active content
 * removed before it is stored, so neither the platform nor the firm's alert emails (which
 * attach the stored file) ever hold the active version.
 *
 * A file on disk is checked where it is, never read whole: its headers a page at a time, the
 * picture decoded by sharp from its path in one sequential pass, a PDF's names scanned as it
 * streams (only a PDF that may hold active content is read into the worker that cleans it).
 */
import sharp from 'sharp';
import { memorySource, readAll, type ByteSource } from '../client/byte-source.ts';
import type { FileKind } from '../contract/limits.ts';
import { ConversionError } from './conversion.ts';
import { withDeadline } from './images.ts';
import { withFileReader } from './file-reader.ts';
import { mayHoldActiveContentIn } from './pdf-active-content.ts';
import { checkPdfInWorker } from './pdf-sandbox.ts';
import { headerPixels, PIXEL_LIMIT, spendPixels } from './pixel-budget.ts';

/** The longest a file's check on arrival may take (the visitor is waiting). */
const INTAKE_CHECK_MS = 10_000;

/**
 * A platform file as it may be stored: `bytes` when it had to be rewritten (a PDF without its
 * active content, `removed` naming what went).
 */
export type PlatformFileVerdict =
  | { kind: 'take'; bytes?: Uint8Array; removed?: string[] }
  | { kind: 'refuse'; problem: ConversionError };

/** A side small enough to decode to cheaply: proving a picture decodes needs no more. */
const PROOF_SIDE = 64;

/**
 * Whether a file of a kind the platform takes may be stored, and as which bytes.
 *
 * @example await checkPlatformFile('png', spooledFile) // { kind: 'take' }
 */
export async function checkPlatformFile(
  kind: FileKind,
  file: ByteSource | Uint8Array,
  timeoutMs = INTAKE_CHECK_MS,
): Promise<PlatformFileVerdict> {
  const source = file instanceof Uint8Array ? memorySource(file) : file;
  try {
    if (kind === 'pdf') return await checkPdf(source, timeoutMs);
    const { path } = source;
    const input = path ?? Buffer.from(await readAll(source));
    spendPixels(
      typeof input === 'string'
        ? withFileReader(input, source.size, (view) => headerPixels(kind, view))
        : headerPixels(kind, input),
    );
    await withDeadline(timeoutMs, () => provePicture(kind, input, timeoutMs));
    return { kind: 'take' };
  } catch (error) {
    if (error instanceof ConversionError) return { kind: 'refuse', problem: error };
    throw error;
  }
}

/** Decodes the picture (its first frame, shrunk on load where the kind allows). */
async function provePicture(
  kind: 'png' | 'gif' | 'jpeg',
  input: string | Buffer,
  timeoutMs: number,
) {
  // From a path, in one pass: libvips reads the file as it decodes instead of mapping it whole.
  const picture = sharp(input, {
    limitInputPixels: PIXEL_LIMIT,
    failOn: 'error',
    sequentialRead: true,
  }).timeout({
    seconds: Math.ceil(timeoutMs / 1000),
  });
  const { format } = await picture.metadata();
  if (format !== kind) throw new ConversionError(`it is not a ${kind} picture`, 'unreadable');
  await picture.resize(PROOF_SIDE, PROOF_SIDE, { fit: 'inside' }).raw().toBuffer();
}

async function checkPdf(source: ByteSource, timeoutMs: number): Promise<PlatformFileVerdict> {
  if (!(await mayHoldActiveContentIn(source.pieces()))) return { kind: 'take' };
  const verdict = await checkPdfInWorker(await readAll(source), timeoutMs);
  if (verdict.kind === 'refused')
    return { kind: 'refuse', problem: new ConversionError(verdict.reason, 'unreadable') };
  return verdict.kind === 'cleaned'
    ? { kind: 'take', bytes: verdict.bytes, removed: verdict.removed }
    : { kind: 'take' };
}
