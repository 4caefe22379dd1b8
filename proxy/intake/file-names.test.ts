import { describe, expect, it } from 'vitest';
import { kindOfMime, renamedAs } from '../contract/file-kinds.ts';
import { CONVERTED_KINDS, type ConvertedKind } from '../contract/limits.ts';
import { MAX_FILE_NAME_LENGTH, safeFileName } from './file-names.ts';

describe('safeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(safeFileName('Survey report (final).pdf', 'pdf', 0)).toBe('Survey report (final).pdf');
    expect(safeFileName('Zoë’s passport.JPG', 'jpeg', 0)).toBe('Zoë’s passport.JPG');
  });

  it('drops the path a browser or a script may send', () => {
    expect(safeFileName('C:\\Users\\ada\\Desktop\\plan.pdf', 'pdf', 0)).toBe('plan.pdf');
    expect(safeFileName('../../etc/passwd.pdf', 'pdf', 0)).toBe('passwd.pdf');
  });

  it('gives a PNG named .pdf the extension of what it really is', () => {
    expect(safeFileName('scan.pdf', 'png', 0)).toBe('scan.png');
    expect(safeFileName('photo', 'jpeg', 0)).toBe('photo.jpg');
    expect(safeFileName('minutes.v2', 'pdf', 0)).toBe('minutes.v2.pdf');
  });

  it('removes bidi overrides, control and zero-width characters', () => {
    expect(safeFileName('invoice\u202Efdp.exe', 'pdf', 0)).toBe('invoicefdp.exe.pdf');
    expect(safeFileName('a\u0000b\u0007c\u200Bd\uFEFF.png', 'png', 0)).toBe('abcd.png');
    expect(safeFileName('new\nline.gif', 'gif', 0)).toBe('newline.gif');
  });

  it('replaces reserved characters and trims dots and spaces', () => {
    expect(safeFileName('  what? "this" <that>.pdf. ', 'pdf', 0)).toBe('what_ _this_ _that_.pdf');
  });

  it('names a file that has no usable name after its position', () => {
    expect(safeFileName('', 'pdf', 0)).toBe('file-1.pdf');
    expect(safeFileName('\u202E\u202E', 'gif', 2)).toBe('file-3.gif');
    expect(safeFileName('.png', 'png', 1)).toBe('file-2.png');
  });

  it('bounds the length and keeps the extension and whole characters', () => {
    const long = safeFileName(`${'😀'.repeat(80)}.jpeg`, 'jpeg', 0);
    expect(long.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('.jpeg')).toBe(true);
    expect(long).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('safeFileName with hostile lengths', () => {
  it('handles a very long run of dots and spaces (once a quadratic regex) and keeps the result bounded', () => {
    const name = safeFileName(`a${'. '.repeat(40_000)}b`, 'pdf', 0);
    expect(name.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('a converted file’s name', () => {
  const names = ['IMG_0001.heic', 'scan.PDF', 'Zoë’s letter', '..docx', 'a.b.c.tif', '‮fdp.exe'];
  const converted = Object.keys(CONVERTED_KINDS) as ConvertedKind[];

  it('is the stored name with the extension of what it became, as the intake would name it', () => {
    for (const original of names)
      for (const kind of converted)
        for (const becomes of ['jpeg', 'pdf'] as const) {
          const stored = safeFileName(original, kind, 0);
          expect(renamedAs(stored, becomes)).toBe(safeFileName(stored, becomes, 0));
        }
    expect(renamedAs('IMG_0001.heic', 'jpeg')).toBe('IMG_0001.jpg');
  });

  it('is read back as the kind it was stored as', () => {
    for (const kind of converted) expect(kindOfMime(CONVERTED_KINDS[kind].mime)).toBe(kind);
    expect(kindOfMime('application/x-msdownload')).toBeUndefined();
  });
});
