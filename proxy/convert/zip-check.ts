/**
 * Word (docx) and OpenDocument files are ZIP archives, and a ZIP can unpack to far more than it
 * weighs. The central directory states every entry's unpacked size: this adds them up before
 * LibreOffice unpacks anything, and refuses archives that would be too large, too many entries,
 * or ZIP64 (no document needs it).
 */
import { ConversionError } from './conversion.ts';

/** The most a document may unpack to. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** The most entries a document may have. */
export const MAX_ENTRIES = 10_000;
/** The most an entry may unpack to per byte packed (text compresses ~10:1; bombs 1000:1). */
export const MAX_RATIO = 200;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
/** The end record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_SEARCH = 22 + 0xffff;

/**
 * Why this ZIP must not be unpacked, or undefined when its directory is within bounds.
 *
 * @example zipProblem(docxBytes) // undefined
 */
export function zipProblem(zip: Buffer): ConversionError | undefined {
  const end = findEnd(zip);
  if (end === -1) return new ConversionError('it is not a complete ZIP archive', 'unreadable');
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryAt = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryAt === 0xffffffff)
    return new ConversionError('it is a ZIP64 archive, which no document needs', 'too_large');
  if (entries > MAX_ENTRIES)
    return new ConversionError(`it has ${String(entries)} entries`, 'too_large');
  if (directoryAt + directorySize > end)
    return new ConversionError('its ZIP directory is damaged', 'unreadable');
  let unpacked = 0;
  let at = directoryAt;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_ENTRY)
      return new ConversionError('its ZIP directory is damaged', 'unreadable');
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff || packed === 0xffffffff)
      return new ConversionError('it is a ZIP64 archive, which no document needs', 'too_large');
    if (size > Math.max(packed, 1024) * MAX_RATIO) return unpacksTo(size);
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES) return unpacksTo(unpacked);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return undefined;
}

const unpacksTo = (bytes: number) =>
  new ConversionError(
    `it unpacks to ${String(Math.round(bytes / (1024 * 1024)))} MB, too much to convert safely`,
    'too_large',
  );

function findEnd(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_SEARCH); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}
