import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { checkFiles as checkFilesNaming, type FileFacts } from './file-rules.ts';
import { ACCEPTED_KINDS, isPlatformKind, kindList, PLATFORM_KINDS } from './limits.ts';
import { describeIssue } from './issues.ts';
import { hasExtensionOf, sniffKind } from './file-kinds.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );

describe('sniffKind', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n')],
    ['png', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 13])],
    ['gif', bytes('GIF89a', [1, 0])],
    ['gif', bytes('GIF87a')],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
  ] as const)('recognises a %s by its first bytes', (kind, head) => {
    expect(sniffKind(head)).toBe(kind);
  });

  it.each([
    ['an MP3 with an ID3 tag', bytes('ID3', [4, 0])],
    ['a bare MPEG audio frame', bytes([0xff, 0xfb, 0x90])],
    ['a WAV file', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
    ['an AVI file', bytes('RIFF', [0, 0, 0, 0], 'AVI ')],
    ['an MP4 video', bytes([0, 0, 0, 0x20], 'ftypisom')],
    ['an iPhone voice memo', bytes([0, 0, 0, 0x20], 'ftypM4A ')],
    ['a WebM video', bytes([0x1a, 0x45, 0xdf, 0xa3])],
    ['an Ogg file', bytes('OggS')],
  ])('recognises %s as audio or video', (_name, head) => {
    expect(sniffKind(head)).toBe('audio_video');
  });

  it.each([
    ['a Windows executable', bytes('MZ', [0x90, 0])],
    ['an ELF binary', bytes([0x7f], 'ELF')],
    ['a ZIP that is no document', bytes('PK', [3, 4], 'content.xml')],
    ['a file of UTF-16 text', bytes([0xfe, 0xff], [0], 'h', [0], 'i')],
    ['Latin-1 text, which is not UTF-8', bytes('Caf', [0xe9], ' na', [0xef], 've')],
    ['an empty file', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffKind(head)).toBe('other');
  });

  it.each([
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBP')],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1')],
    ['heic', bytes([0, 0, 0, 0x14], 'ftypmif1', [0, 0, 0, 0], 'heic')],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1miaf')],
    ['avif', bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'avif')],
    ['tiff', bytes('II*', [0])],
    ['tiff', bytes('MM', [0], '*')],
    ['bmp', bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0])],
    ['doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['rtf', bytes('{\\rtf1\\ansi')],
    ['odt', bytes('PK', [3, 4], 'x'.repeat(26), 'mimetypeapplication/vnd.oasis.opendocument.text')],
    [
      'docx',
      bytes('PK', [3, 4], 'x'.repeat(26), '[Content_Types].xml', 'PK', [3, 4], 'word/document.xml'),
    ],
    ['txt', new TextEncoder().encode('Dear Sir,\r\nCafé naïve – “quoted”.\n')],
    ['txt', bytes('hello %PDF-1.4')],
  ] as const)('recognises a %s to convert by its bytes', (kind, head) => {
    expect(sniffKind(head)).toBe(kind);
  });

  it('finds a Word document by the directory at its end when its first entries do not say', () => {
    const head = bytes('PK', [3, 4], 'x'.repeat(26), '[Content_Types].xml');
    expect(sniffKind(head)).toBe('other');
    expect(sniffKind(head, bytes('PK', [1, 2], 'word/document.xml', 'PK', [5, 6]))).toBe('docx');
  });

  it('takes text cut in the middle of a character at the end of what it reads', () => {
    expect(sniffKind(bytes('caf', [0xc3]))).toBe('txt');
    expect(sniffKind(bytes('caf', [0xc3, 0x28]))).toBe('other');
  });
});

describe('PLATFORM_KINDS', () => {
  it('lists every kind the platform takes as it is, and nothing else', () => {
    const taken = Object.keys(ACCEPTED_KINDS).filter((kind) =>
      isPlatformKind(kind as keyof typeof ACCEPTED_KINDS),
    );
    expect([...PLATFORM_KINDS].sort()).toEqual(taken.sort());
  });
});

describe('hasExtensionOf', () => {
  it('knows both spellings of jpeg, in any case', () => {
    expect(hasExtensionOf('photo.JPG', 'jpeg')).toBe(true);
    expect(hasExtensionOf('photo.jpeg', 'jpeg')).toBe(true);
    expect(hasExtensionOf('scan.pdf', 'png')).toBe(false);
    expect(hasExtensionOf('README', 'pdf')).toBe(false);
  });
});

describe('checkFiles', () => {
  const limits = lawFirm.files;
  // As the proxy calls it: the kinds named as the picker names them.
  const checkFiles = (files: readonly FileFacts[], given: typeof limits) =>
    checkFilesNaming(files, given, kindList(given.kinds));
  const pdf = { name: 'a.pdf', size: 1000, kind: 'pdf' as const };

  it('accepts allowed kinds within the limits', () => {
    expect(checkFiles([pdf, { ...pdf, kind: 'jpeg' }], limits)).toEqual([]);
  });

  it('takes the kinds to convert only where the limits list them, and names the kinds it takes', () => {
    const heic = { name: 'IMG_0001.heic', size: 1000, kind: 'heic' as const };
    const [refused] = checkFiles([heic], limits);
    expect(refused?.code).toBe('file_kind');
    expect(describeIssue(refused ?? never()).message).toBe(
      '“IMG_0001.heic” is not a PDF, PNG, GIF or JPEG file. Choose a file of one of those kinds',
    );
    const converting = { ...limits, kinds: ['pdf', 'jpeg', 'heic', 'docx'] as const };
    expect(checkFiles([heic], { ...converting, kinds: [...converting.kinds] })).toEqual([]);
    const [docx] = checkFiles([{ ...heic, name: 'a.odt', kind: 'odt' }], {
      ...converting,
      kinds: [...converting.kinds],
    });
    expect(describeIssue(docx ?? never()).message).toContain(
      'is not a PDF, JPEG, HEIC or Word file',
    );
  });

  it('names each refused file and says what to do', () => {
    const issues = checkFiles(
      [
        { name: 'memo.m4a', size: 10, kind: 'audio_video' },
        { name: 'setup.pdf', size: 10, kind: 'other' },
        { name: 'huge.pdf', size: limits.maxFileBytes + 1, kind: 'pdf' },
        { name: 'nothing.pdf', size: 0, kind: 'other' },
      ],
      limits,
    );
    expect(issues.map((i) => `${i.field}:${i.code}`)).toEqual([
      'files[0]:file_audio_video',
      'files[1]:file_kind',
      'files[2]:file_too_big',
      'files[3]:file_empty',
    ]);
    // The limit stays in bytes until the issue is said, in English as before, or in any language.
    expect(issues[2]?.params).toEqual({ name: 'huge.pdf', max: { bytes: limits.maxFileBytes } });
    expect(issues[2] && describeIssue(issues[2]).params).toEqual({
      name: 'huge.pdf',
      max: '10 MB',
    });
  });

  it('counts files against maxFiles', () => {
    const six = Array.from({ length: 6 }, () => pdf);
    expect(checkFiles(six, limits).map((i) => i.code)).toEqual(['too_many_files']);
  });
});

function never(): never {
  throw new Error('expected an issue');
}
