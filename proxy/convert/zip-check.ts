/**
 * Word (docx) and OpenDocument files are ZIP archives, and a ZIP can unpack to far more than it
 * weighs. The central directory states every entry's unpacked size: this adds them up before
 * LibreOffice unpacks anything, and refuses archives that would be too large, too many entries,
 * or ZIP64 (no document needs it). It also reads single small entries (the relationship and
 * content parts that `document-links.ts` looks through), each bounded by its stated size.
 */
import { inflateRawSync } from 'node:zlib';
import { ConversionError } from './conversion.ts';

/** The most a document may unpack to. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** The most entries a document may have. */
const MAX_ENTRIES = 10_000;
/** The most an entry may unpack to per byte packed (text compresses ~10:1; bombs 1000:1). */
const MAX_RATIO = 200;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
/** The end record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_SEARCH = 22 + 0xffff;

/** One file in a ZIP, as its central directory states it. */
export interface ZipEntry {
  name: string;
  /** 0: stored; 8: deflated. */
  method: number;
  packed: number;
  size: number;
  localAt: number;
}

/**
 * The archive's entries, or why it must not be unpacked.
 *
 * @example zipEntries(docxBytes) // [{ name: '[Content_Types].xml', … }, …]
 */
export function zipEntries(zip: Buffer): ZipEntry[] | ConversionError {
  const end = findEnd(zip);
  if (end === -1) return new ConversionError('it is not a complete ZIP archive', 'unreadable');
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryAt = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryAt === 0xffffffff) return zip64();
  if (count > MAX_ENTRIES)
    return new ConversionError(`it has ${String(count)} entries`, 'too_large');
  if (directoryAt + directorySize > end) return damaged();
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  let at = directoryAt;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_ENTRY) return damaged();
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff || packed === 0xffffffff) return zip64();
    if (size > Math.max(packed, 1024) * MAX_RATIO) return unpacksTo(size);
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES) return unpacksTo(unpacked);
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      packed,
      size,
      localAt: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Why this ZIP must not be unpacked, or undefined when its directory is within bounds.
 *
 * @example zipProblem(docxBytes) // undefined
 */
export function zipProblem(zip: Buffer): ConversionError | undefined {
  const entries = zipEntries(zip);
  return entries instanceof ConversionError ? entries : undefined;
}

/** One entry's bytes, never more than its directory stated; throws when damaged. */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localAt;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_ENTRY) throw damaged();
  const dataAt = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(dataAt, dataAt + entry.packed);
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw new ConversionError('it uses an unknown ZIP compression');
  return inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
}

const zip64 = () =>
  new ConversionError('it is a ZIP64 archive, which no document needs', 'too_large');
const damaged = () => new ConversionError('its ZIP directory is damaged', 'unreadable');
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
