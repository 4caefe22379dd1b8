/**
 * Decides what a file is from its bytes, never from its name or the browser's guess. The
 * widget runs this on the visitor's files before sending; the proxy runs it again and takes
 * the mime it stores (and the conversion it does) from the answer.
 */
import {
  ACCEPTED_KINDS,
  CONVERTED_KINDS,
  type AcceptedKind,
  type ConvertedKind,
} from './limits.ts';

/** An accepted kind, an audio/video file (told to convert to PDF), or anything else. */
export type SniffedKind = AcceptedKind | 'audio_video' | 'other';

/**
 * How many leading bytes `sniffKind` looks at: enough for an OpenDocument's `mimetype` entry
 * and for a Word file's first entries, and for a text file to show it is text.
 */
export const SNIFF_BYTES = 4096;
/** How many trailing bytes it looks at: a ZIP's central directory names every entry. */
export const SNIFF_TAIL_BYTES = 16 * 1024;

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** True when `needle` occurs anywhere in `bytes`. */
function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  for (let i = bytes.indexOf(first ?? 0); i !== -1; i = bytes.indexOf(first ?? 0, i + 1)) {
    if (startsWith(bytes, needle, i)) return true;
  }
  return false;
}

const BY_PREFIX: readonly [AcceptedKind, readonly number[]][] = [
  ['pdf', ascii('%PDF-')],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['gif', ascii('GIF87a')],
  ['gif', ascii('GIF89a')],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['tiff', [0x49, 0x49, 0x2a, 0x00]], // II*\0: little-endian TIFF
  ['tiff', [0x4d, 0x4d, 0x00, 0x2a]], // MM\0*: big-endian TIFF
  ['doc', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]], // OLE2 compound file
  ['rtf', ascii('{\\rtf')],
];

const AUDIO_VIDEO_PREFIXES: readonly (readonly number[])[] = [
  ascii('ID3'), // MP3 with ID3 tag
  ascii('OggS'), // Ogg Vorbis/Opus/Theora
  ascii('fLaC'),
  [0x1a, 0x45, 0xdf, 0xa3], // Matroska / WebM
  ascii('FLV'),
  [0x00, 0x00, 0x01, 0xba], // MPEG program stream
  [0x00, 0x00, 0x01, 0xb3], // MPEG video
  [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11], // ASF: WMA / WMV
  ascii('#!AMR'),
  ascii('MThd'), // MIDI
  ascii('.snd'), // Sun audio
];

/** RIFF and IFF containers name their form at byte 8. */
const AUDIO_VIDEO_FORMS = ['WAVE', 'AVI ', 'AIFF', 'AIFC'].map(ascii);

/** ISO media (`ftyp` at byte 4) brands of still images; any other brand is audio or video. */
const HEIC_BRANDS = /* @__PURE__ */ new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
]);
const AVIF_BRANDS = /* @__PURE__ */ new Set(['avif', 'avis']);

/** Sizes of the BMP info headers Windows and OS/2 write (at byte 14). */
const BMP_INFO_SIZES = /* @__PURE__ */ new Set([12, 40, 52, 56, 64, 108, 124]);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ODT_MIMETYPE = ascii('mimetypeapplication/vnd.oasis.opendocument.text');

/**
 * What a file is, from its first `SNIFF_BYTES` and (for a ZIP) its last `SNIFF_TAIL_BYTES`.
 *
 * @example sniffKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])) // 'pdf'
 */
export function sniffKind(head: Uint8Array, tail: Uint8Array = head): SniffedKind {
  for (const [kind, signature] of BY_PREFIX) {
    if (startsWith(head, signature)) return kind;
  }
  if (startsWith(head, ascii('ftyp'), 4)) return isoMediaKind(head);
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('BM')) && BMP_INFO_SIZES.has(head[14] ?? 0) && head[15] === 0)
    return 'bmp';
  if (startsWith(head, ZIP)) return zipKind(head, tail);
  if (isAudioOrVideo(head)) return 'audio_video';
  if (isText(head)) return 'txt';
  return 'other';
}

/** A HEIF photo (an iPhone's HEIC), an AVIF, or audio/video, by the `ftyp` brands. */
function isoMediaKind(head: Uint8Array): SniffedKind {
  const boxSize = Math.min(((head[2] ?? 0) << 8) | (head[3] ?? 0), head.length);
  const brands: string[] = [];
  // The major brand at 8, then compatible brands from 16 to the end of the box.
  for (let at = 8; at + 4 <= boxSize; at += at === 8 ? 8 : 4) {
    brands.push(String.fromCharCode(...head.subarray(at, at + 4)));
  }
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return 'audio_video';
}

/**
 * A ZIP is an OpenDocument text when its first entry says so (the format requires it), a Word
 * document when it has `word/` entries; any other ZIP is not something the platform can take.
 */
function zipKind(head: Uint8Array, tail: Uint8Array): SniffedKind {
  if (startsWith(head, ODT_MIMETYPE, 30)) return 'odt';
  const word = ascii('word/document.xml');
  return contains(head, word) || contains(tail, word) ? 'docx' : 'other';
}

function isAudioOrVideo(head: Uint8Array): boolean {
  if (AUDIO_VIDEO_PREFIXES.some((signature) => startsWith(head, signature))) return true;
  // An MPEG audio frame starts with 11 set bits (0xFFE0 mask); JPEG's 0xFFD8 does not match.
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return true;
  const container = startsWith(head, ascii('RIFF')) || startsWith(head, ascii('FORM'));
  return container && AUDIO_VIDEO_FORMS.some((form) => startsWith(head, form, 8));
}

/**
 * Plain text: UTF-8 (a sequence cut by the end of `head` allowed) with no control characters
 * but tab, line feed, form feed and carriage return, and no byte-order mark of UTF-16.
 */
function isText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d)
      return false;
    if (byte === 0x7f) return false;
  }
  // Cut where a multi-byte sequence may continue past the bytes looked at.
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = head[end - back] ?? 0;
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The mime type stored (and, for the platform's kinds, sent upstream) for an accepted kind. */
export const mimeOf = (kind: AcceptedKind): string => ACCEPTED_KINDS[kind].mime;

/**
 * The kind a stored file is converted from, by the mime stored with it; undefined for the
 * platform's own kinds, which are sent as they are.
 *
 * @example convertedKindOf('image/heic') // 'heic'
 */
export const convertedKindOf = (mime: string): ConvertedKind | undefined =>
  (Object.keys(CONVERTED_KINDS) as ConvertedKind[]).find(
    (kind) => CONVERTED_KINDS[kind].mime === mime,
  );

/** True when `name` already ends in an extension of `kind` (case-insensitive). */
export function hasExtensionOf(name: string, kind: AcceptedKind): boolean {
  const dot = name.lastIndexOf('.');
  const ext = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  return (ACCEPTED_KINDS[kind].extensions as readonly string[]).includes(ext);
}
