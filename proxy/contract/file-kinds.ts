/**
 * Decides what a file is from its bytes, never from its name or the browser's guess. The
 * widget runs this on the visitor's files before sending; the proxy runs it again and takes
 * the mime it stores (and the conversion it does) from the answer.
 */
import { ACCEPTED_KINDS, type AcceptedKind } from './limits.ts';

/** An accepted kind, an audio/video file (told to convert to PDF), or anything else. */
export type SniffedKind = AcceptedKind | 'audio_video' | 'other';

/**
 * How many leading bytes `sniffKind` looks at: enough for an OpenDocument's `mimetype` entry
 * and for a Word file's first entries, and for a text file to show it is text.
 */
export const SNIFF_BYTES = 4096;
/** How many trailing bytes it looks at: a ZIP's central directory names every entry. */
export const SNIFF_TAIL_BYTES = 16 * 1024;

/** Bytes as a string of one character per byte (not a decoding), for matching signatures. */
const asString = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/*
 * Signatures as regular expressions over `asString(head)`: one character per byte, written as
 * text where the format's bytes are text. Literals only, so a bundle that never sniffs (the
 * widget's entry) drops them.
 */
/* eslint-disable no-control-regex -- signatures are bytes, control characters among them */
const BY_PREFIX: readonly (readonly [SniffedKind, RegExp])[] = [
  ['pdf', /^%PDF-/],
  ['png', /^\x89PNG\r\n\x1a\n/],
  ['gif', /^GIF8[79]a/],
  ['jpeg', /^\xff\xd8\xff/],
  // II*\0 little-endian, MM\0* big-endian
  ['tiff', /^(II\*\0|MM\0\*)/],
  // OLE2 compound file
  ['doc', /^\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1/],
  ['rtf', /^\{\\rtf/],
  ['webp', /^RIFF[^]{4}WEBP/],
  // The BMP info header's size at byte 14, as Windows and OS/2 write it: 12, 40, 52, 56, 64,
  // 108 or 124.
  ['bmp', /^BM[^]{12}[\x0c\x28\x34\x38\x40\x6c\x7c]\0/],
];

/**
 * MP3 with an ID3 tag, Ogg, FLAC, Matroska/WebM, Flash video, MPEG program stream and video,
 * ASF (WMA/WMV), AMR, MIDI, Sun audio; an MPEG audio frame (11 set bits: JPEG's 0xFFD8 does not
 * match); RIFF and IFF containers, by the form they name at byte 8.
 */
const AUDIO_VIDEO =
  /^(ID3|OggS|fLaC|\x1aE\xdf\xa3|FLV|\0\0\x01[\xba\xb3]|0&\xb2u\x8ef\xcf\x11|#!AMR|MThd|\.snd|\xff[\xe0-\xff]|(RIFF|FORM)[^]{4}(WAVE|AVI |AIF[FC]))/;
/* eslint-enable no-control-regex */

/** ISO media (`ftyp` at byte 4) brands of still images; any other brand is audio or video. */
const AVIF_BRAND = /^avi[fs]$/;
const HEIC_BRAND = /^(hei[cxms]|hev[cx]|m[is]f1)$/;

/**
 * What a file is, from its first `SNIFF_BYTES` and (for a ZIP) its last `SNIFF_TAIL_BYTES`.
 *
 * @example sniffKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])) // 'pdf'
 */
export function sniffKind(head: Uint8Array, tail: Uint8Array = head): SniffedKind {
  const text = asString(head.subarray(0, SNIFF_BYTES));
  const known = BY_PREFIX.find(([, signature]) => signature.test(text));
  if (known) return known[0];
  if (text.startsWith('ftyp', 4)) return isoMediaKind(text);
  // A ZIP is an OpenDocument text when its first entry says so (the format requires it), a Word
  // document when it has `word/` entries; any other ZIP is not something the platform can take.
  if (text.startsWith('PK\x03\x04')) {
    if (text.startsWith('mimetypeapplication/vnd.oasis.opendocument.text', 30)) return 'odt';
    const word = 'word/document.xml';
    return text.includes(word) || asString(tail.subarray(-SNIFF_TAIL_BYTES)).includes(word)
      ? 'docx'
      : 'other';
  }
  if (AUDIO_VIDEO.test(text)) return 'audio_video';
  if (isText(head, text)) return 'txt';
  return 'other';
}

/** A HEIF photo (an iPhone's HEIC), an AVIF, or audio/video, by the `ftyp` brands. */
function isoMediaKind(text: string): SniffedKind {
  const box = text.slice(0, (text.charCodeAt(2) << 8) | text.charCodeAt(3));
  // The major brand at 8, then compatible brands from 16 to the end of the box.
  const brands = [box.slice(8, 12), ...(box.slice(16).match(/[^]{4}/g) ?? [])];
  if (brands.some((brand) => AVIF_BRAND.test(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRAND.test(brand))) return 'heic';
  return 'audio_video';
}

/**
 * Plain text: UTF-8 (a sequence cut by the end of what was read allowed) with no control
 * characters but tab, line feed, form feed and carriage return, and no byte-order mark of
 * UTF-16. `text` is `head` one character a byte.
 */
function isText(head: Uint8Array, text: string): boolean {
  // Cut where a multi-byte sequence (a lead byte and fewer than three more) may continue.
  const end = /[\xc0-\xff][\x80-\xbf]{0,2}$/.exec(text)?.index ?? text.length;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  return text !== '' && !/[\0-\x08\x0b\x0e-\x1f\x7f]/.test(text);
}

/** The mime type stored (and, for the platform's kinds, sent upstream) for an accepted kind. */
export const mimeOf = (kind: AcceptedKind): string => ACCEPTED_KINDS[kind].mime;

/**
 * The kind a stored file was taken as, by the mime stored with it (`mimeOf`'s inverse, read
 * once where a stored file's row is read); undefined for a mime no kind has.
 *
 * @example kindOfMime('image/heic') // 'heic'
 */
export const kindOfMime = (mime: string): AcceptedKind | undefined =>
  (Object.keys(ACCEPTED_KINDS) as AcceptedKind[]).find(
    (kind) => ACCEPTED_KINDS[kind].mime === mime,
  );

/** True when `name` already ends in an extension of `kind` (case-insensitive). */
export function hasExtensionOf(name: string, kind: AcceptedKind): boolean {
  const dot = name.lastIndexOf('.');
  const ext = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  return (ACCEPTED_KINDS[kind].extensions as readonly string[]).includes(ext);
}

/**
 * A safe name (`intake/file-names.ts` made it, ending in an extension of the kind it was taken
 * as) with the extension of the kind it was converted to: nothing else of it is looked at again.
 *
 * @example renamedAs('IMG_0001.heic', 'jpeg') // 'IMG_0001.jpg'
 */
export function renamedAs(name: string, kind: AcceptedKind): string {
  const dot = name.lastIndexOf('.');
  return `${dot === -1 ? name : name.slice(0, dot)}.${ACCEPTED_KINDS[kind].extensions[0]}`;
}
