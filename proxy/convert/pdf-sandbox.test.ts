/**
 * A PDF's active content removed in a worker with a heap limit and a deadline: what the
 * worker finds and removes, what it leaves byte for byte, and what it refuses.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { activePdf, ACTIVE_TRACES } from '../test/fixtures/hostile-files.ts';
import { ConversionError } from './conversion.ts';
import { mayHoldActiveContentIn } from './pdf-active-content.ts';
import { checkPdfInWorker, PDF_HEAP_MB } from './pdf-sandbox.ts';
import { checkPlatformFile } from './platform-files.ts';

const letter = async (useObjectStreams: boolean) => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Dear Sir or Madam');
  return Buffer.from(await doc.save({ useObjectStreams }));
};

describe('a PDF with active content', () => {
  it('is rewritten without its script, launch action, page script and embedded program', async () => {
    const verdict = await checkPdfInWorker(await activePdf(), 10_000);
    expect(verdict.kind).toBe('cleaned');
    if (verdict.kind !== 'cleaned') return;
    expect(verdict.removed).toEqual([
      'AA',
      'EF',
      'EmbeddedFile',
      'EmbeddedFiles',
      'JavaScript',
      'Launch',
    ]);
    const text = Buffer.from(verdict.bytes).toString('latin1');
    for (const trace of ACTIVE_TRACES) expect(text).not.toContain(trace);
    // Checked again, what was cleaned passes as it is.
    expect(await checkPdfInWorker(verdict.bytes, 10_000)).toEqual({ kind: 'clean' });
  });

  it('is rewritten when it defines an object twice, so a reader cannot find the other version', async () => {
    const clean = (await letter(false)).toString('latin1');
    // A script as object 1's first version; the parser keeps the later, harmless one.
    const shadowed = clean.replace(
      '%PDF-1.7\n',
      '%PDF-1.7\n1 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>\nendobj\n',
    );
    const verdict = await checkPdfInWorker(Buffer.from(shadowed, 'latin1'), 10_000);
    expect(verdict.kind).toBe('cleaned');
    if (verdict.kind === 'cleaned')
      expect(Buffer.from(verdict.bytes).toString('latin1')).not.toContain('app.alert');
  });
});

describe('an encrypted PDF with active content', () => {
  it('is refused, as it cannot be rewritten without its password', async () => {
    const active = (await activePdf()).toString('latin1');
    const encrypted = active.replace(
      /trailer\s*<</,
      'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -4 >>',
    );
    expect(encrypted).toContain('/Encrypt');
    expect(await checkPlatformFile('pdf', Buffer.from(encrypted, 'latin1'))).toEqual({
      kind: 'refuse',
      problem: new ConversionError('it is encrypted and carries scripts or attachments'),
    });
  });
});

describe('an ordinary PDF', () => {
  it.each([true, false])('passes byte for byte (object streams: %s)', async (objectStreams) => {
    const pdf = await letter(objectStreams);
    expect(await checkPlatformFile('pdf', pdf)).toEqual({ kind: 'take' });
  });

  it('is not even parsed when nothing in it can name active content', async () => {
    expect(await mayHoldActiveContentIn([await letter(false)])).toBe(false);
    expect(await mayHoldActiveContentIn([await letter(true)])).toBe(true);
  });
});

describe('a PDF the worker cannot finish within its limits', () => {
  it('is refused as timed out past its deadline', async () => {
    const failure = await checkPdfInWorker(await activePdf(), 1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConversionError);
    expect((failure as ConversionError).reason).toBe('timed_out');
  });

  it(`is refused as too large past ${String(PDF_HEAP_MB)} MB of heap, and the proxy lives on`, async () => {
    // Two million empty dictionaries in one array: 10 MB of file, a map object each parsed.
    const dictionaries = Buffer.alloc(10_000_000, '<<>> ');
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /OpenAction [', 'latin1'),
      dictionaries,
      Buffer.from('] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
    ]);
    const started = Date.now();
    const failure = await checkPdfInWorker(pdf, 60_000).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConversionError);
    expect((failure as ConversionError).reason).toBe('too_large');
    expect((failure as ConversionError).message).toBe(
      `it needs more than ${String(PDF_HEAP_MB)} MB to check, too much to be safe`,
    );
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
