import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { checkFiles } from './file-rules.ts';
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
    ['a WebP image', bytes('RIFF', [0, 0, 0, 0], 'WEBP')],
    ['an iPhone HEIC photo', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['a text file that mentions PDF later', bytes('hello %PDF-1.4')],
    ['an empty file', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffKind(head)).toBe('other');
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
  const pdf = { name: 'a.pdf', size: 1000, kind: 'pdf' as const };

  it('accepts allowed kinds within the limits', () => {
    expect(checkFiles([pdf, { ...pdf, kind: 'jpeg' }], limits)).toEqual([]);
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
    expect(issues[2]?.params).toEqual({ name: 'huge.pdf', max: '10 MB' });
  });

  it('counts files against maxFiles', () => {
    const six = Array.from({ length: 6 }, () => pdf);
    expect(checkFiles(six, limits).map((i) => i.code)).toEqual(['too_many_files']);
  });
});
