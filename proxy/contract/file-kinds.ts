/**
 * Decides what a file is from its first bytes, never from its name or the browser's guess.
 * The widget runs this on the visitor's files before sending; the proxy runs it again and
 * takes the mime it sends upstream from the answer.
 */
import { FILE_KINDS, type FileKind } from './limits.ts';

/** An allowed kind, an audio/video file (told to convert to PDF), or anything else. */
export type SniffedKind = FileKind | 'audio_video' | 'other';

/** How many leading bytes `sniffKind` looks at. */
export const SNIFF_BYTES = 16;

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ALLOWED: readonly [FileKind, readonly number[]][] = [
  ['pdf', ascii('%PDF-')],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['gif', ascii('GIF87a')],
  ['gif', ascii('GIF89a')],
  ['jpeg', [0xff, 0xd8, 0xff]],
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

/** ISO media (`ftyp` at byte 4) is audio/video unless its brand is one of these still-image ones. */
const STILL_IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'mif1', 'msf1', 'avif', 'avis']);

/**
 * @example sniffKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])) // 'pdf'
 */
export function sniffKind(head: Uint8Array): SniffedKind {
  for (const [kind, signature] of ALLOWED) {
    if (startsWith(head, signature)) return kind;
  }
  if (isAudioOrVideo(head)) return 'audio_video';
  return 'other';
}

function isAudioOrVideo(head: Uint8Array): boolean {
  if (AUDIO_VIDEO_PREFIXES.some((signature) => startsWith(head, signature))) return true;
  // An MPEG audio frame starts with 11 set bits (0xFFE0 mask); JPEG's 0xFFD8 does not match.
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return true;
  const container = startsWith(head, ascii('RIFF')) || startsWith(head, ascii('FORM'));
  if (container && AUDIO_VIDEO_FORMS.some((form) => startsWith(head, form, 8))) return true;
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return !STILL_IMAGE_BRANDS.has(brand);
  }
  return false;
}

/** The mime type sent upstream for an allowed kind. */
export const mimeOf = (kind: FileKind): string => FILE_KINDS[kind].mime;

/** True when `name` already ends in an extension of `kind` (case-insensitive). */
export function hasExtensionOf(name: string, kind: FileKind): boolean {
  const dot = name.lastIndexOf('.');
  const ext = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  return (FILE_KINDS[kind].extensions as readonly string[]).includes(ext);
}
