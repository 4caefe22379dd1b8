/**
 * Files for the fuzz suite: what their first bytes say, what their name and part header claim,
 * and what the rest of them holds. Each comes with the verdict the proxy must reach, written
 * out here from the enquiry API spec (section 8) rather than taken from the sniffer.
 */
import fc from 'fast-check';
import { bytes } from './multipart.ts';

export type Verdict =
  | { accept: true; mime: 'application/pdf' | 'image/png' | 'image/gif' | 'image/jpeg' }
  | { accept: false; code: 'file_kind' | 'file_audio_video' };

interface Signature {
  label: string;
  head: Uint8Array;
  verdict: Verdict;
}

const sig = (label: string, verdict: Verdict, ...head: (string | number[])[]): Signature => ({
  label,
  head: bytes(
    ...head.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)),
  ),
  verdict,
});
const allowed = (mime: Extract<Verdict, { accept: true }>['mime']): Verdict => ({
  accept: true,
  mime,
});
const KIND: Verdict = { accept: false, code: 'file_kind' };
const AUDIO_VIDEO: Verdict = { accept: false, code: 'file_audio_video' };

/** First bytes, and what a file that starts with them is. */
const SIGNATURES: readonly Signature[] = [
  sig('PDF', allowed('application/pdf'), '%PDF-1.7\n'),
  sig('PDF 2.0', allowed('application/pdf'), '%PDF-2.0\r'),
  sig('PNG', allowed('image/png'), [0x89], 'PNG\r\n', [0x1a, 0x0a]),
  sig('GIF87a', allowed('image/gif'), 'GIF87a'),
  sig('GIF89a', allowed('image/gif'), 'GIF89a'),
  sig('JPEG JFIF', allowed('image/jpeg'), [0xff, 0xd8, 0xff, 0xe0]),
  sig('JPEG Exif', allowed('image/jpeg'), [0xff, 0xd8, 0xff, 0xe1]),
  sig('Windows executable', KIND, 'MZ', [0x90, 0x00]),
  sig('ELF executable', KIND, [0x7f], 'ELF'),
  sig('ZIP', KIND, 'PK', [0x03, 0x04]),
  sig('PHP', KIND, '<?php '),
  sig('HTML', KIND, '<!doctype html>'),
  sig('shell script', KIND, '#!/bin/sh\n'),
  sig('SVG', KIND, '<svg xmlns="http://www.w3.org/2000/svg">'),
  sig('PDF without its dash', KIND, '%PDF 1.7'),
  sig('PNG cut short', KIND, [0x89], 'PNG\n'),
  sig('HEIC still image', KIND, [0, 0, 0, 0x18], 'ftypheic'),
  sig('MP3 with ID3', AUDIO_VIDEO, 'ID3', [4, 0, 0]),
  sig('MP3 frame', AUDIO_VIDEO, [0xff, 0xfb, 0x90, 0x00]),
  sig('Ogg', AUDIO_VIDEO, 'OggS'),
  sig('FLAC', AUDIO_VIDEO, 'fLaC'),
  sig('WAV', AUDIO_VIDEO, 'RIFF', [0x24, 0, 0, 0], 'WAVE'),
  sig('AVI', AUDIO_VIDEO, 'RIFF', [0x24, 0, 0, 0], 'AVI '),
  sig('MP4', AUDIO_VIDEO, [0, 0, 0, 0x20], 'ftypisom'),
  sig('QuickTime', AUDIO_VIDEO, [0, 0, 0, 0x14], 'ftypqt  '),
  sig('WebM', AUDIO_VIDEO, [0x1a, 0x45, 0xdf, 0xa3]),
  sig('MIDI', AUDIO_VIDEO, 'MThd'),
];

/** What polyglots hide after their first bytes: another format's magic, or a script. */
const PAYLOADS: readonly Uint8Array[] = [
  bytes('MZ', [0x90, 0, 3, 0], 'This program cannot be run in DOS mode'),
  bytes('PK', [3, 4, 20, 0], 'evil.js'),
  bytes('<?php system($_GET["c"]); ?>'),
  bytes('*/=1;alert(document.domain)//'),
  bytes('<script>alert(1)</script>'),
  bytes('%PDF-1.4\n1 0 obj << /JavaScript >>'),
  bytes([0x89], 'PNG\r\n', [0x1a, 0x0a]),
  bytes('ID3', [4, 0, 0, 0]),
  bytes([0, 0, 0, 0]),
];

/** Names a file may claim, none of which should matter to what it is. */
const CLAIMED_NAMES = [
  'report.pdf',
  'photo.png',
  'scan.jpg',
  'anim.gif',
  'song.mp3',
  'setup.exe',
  'invoice\u202Efdp.exe',
  '../../etc/passwd',
  'C:\\Users\\ada\\plan.pdf',
  '.htaccess',
  'no-extension',
  '',
];
const CLAIMED_TYPES = [
  'application/pdf',
  'image/png',
  'image/gif',
  'application/x-msdownload',
  'audio/mpeg',
  '',
];

export interface FuzzFile {
  label: string;
  name: string;
  type: string;
  bytes: Uint8Array;
  verdict: Verdict;
}

/** A file with a known first few bytes, a hidden payload, random filler and a claimed name. */
export const polyglotArb: fc.Arbitrary<FuzzFile> = fc
  .record({
    signature: fc.constantFrom(...SIGNATURES),
    payloads: fc.subarray([...PAYLOADS], { maxLength: 3 }),
    filler: fc.uint8Array({ maxLength: 300 }),
    name: fc.constantFrom(...CLAIMED_NAMES),
    type: fc.constantFrom(...CLAIMED_TYPES),
  })
  .map(({ signature, payloads, filler, name, type }) => ({
    label: signature.label,
    name,
    type,
    bytes: bytes(signature.head, ...payloads, filler),
    verdict: signature.verdict,
  }));

/** A file of an allowed kind with exactly `size` bytes. */
export function fileOfSize(signature: Signature, size: number): Uint8Array {
  const file = new Uint8Array(size);
  file.set(signature.head.subarray(0, size));
  for (let i = signature.head.length; i < size; i += 1) file[i] = (i * 31) & 0xff;
  return file;
}

export const ALLOWED_SIGNATURES = SIGNATURES.filter((s) => s.verdict.accept);
