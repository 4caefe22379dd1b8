/**
 * The file field's hint names only what this proxy takes as it is configured: the kinds its
 * converters can take (`withAcceptedKinds`), and a sentence on conversion that says photos,
 * documents or both as they are. A proxy without LibreOffice said "Photos and documents are
 * converted to JPEG or PDF." and then refused a Word letter (#60).
 */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { createConverter, withAcceptedKinds } from '../convert/open-converter.ts';
import { DocumentConverter } from '../convert/documents.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { filesHint } from './controls.ts';
import { formatMessage } from './messages.ts';
import { publicConfig, type AnswerLanguage } from './public-config.ts';
import { FORM_STRINGS } from './strings.ts';
import type { FormConfig } from './schemas/form-config.ts';
import { widgetStrings } from './strings/catalogue.ts';
import { WELSH } from './strings/cy.ts';
import { ENGLISH } from './strings/english.ts';

/** A converter of photos, and of documents when `documents` (it never runs here: its kinds are asked). */
const converter = (documents: boolean) =>
  createConverter({
    heic: true,
    documents: documents
      ? new DocumentConverter({
          soffice: 'soffice',
          root: tmpdir(),
          memoryMb: 1024,
          timeoutMs: 60_000,
          workers: 1,
          recycleAfter: 50,
        })
      : undefined,
    maxSide: 3000,
    timeoutMs: 60_000,
    workers: 1,
  });

/** The form as this proxy offers it: the configured kinds it can take. */
const offered = (kinds: FormConfig['files']['kinds'], documents: boolean) =>
  withAcceptedKinds(
    { ...lawFirm, files: { ...lawFirm.files, kinds } },
    converter(documents),
    createMemoryLogger().log,
  );

/**
 * The hint as the widget draws it from `GET /api/form`: its words are the entry's English (which
 * holds no sentence on conversion), under the answer's `strings`.
 */
function hintOf(config: FormConfig, language?: AnswerLanguage) {
  const answer = publicConfig(config, {}, language);
  const words: Record<string, string> = { ...FORM_STRINGS, ...answer.strings };
  return filesHint(answer.picker, answer.files, {
    text: (key, params) => formatMessage(words[key] ?? key, params),
    locale: language?.lang ?? 'en',
  });
}

describe('the file hint of GET /api/form', () => {
  it('on a proxy without LibreOffice, names no document and says only photos are converted', () => {
    const hint = hintOf(offered(undefined, false));
    expect(hint).toContain('PDF, PNG, GIF, JPEG, HEIC, AVIF, WebP, TIFF or BMP files');
    expect(hint).toMatch(/Photos are converted to JPEG\.$/);
    expect(hint).not.toMatch(/Word|document/i);
  });

  it('with documents converted too, names them and both conversions', () => {
    const hint = hintOf(offered(undefined, true));
    expect(hint).toContain('Word, OpenDocument, RTF or text files');
    expect(hint).toMatch(/Photos and documents are converted to JPEG or PDF\.$/);
  });

  it('for a form taking PDF and Word letters only, says documents are converted', () => {
    expect(hintOf(offered(['pdf', 'docx'], true))).toMatch(
      /^PDF or Word files, .* Documents are converted to PDF\.$/,
    );
  });

  it('for the platform’s own kinds, says nothing of conversion and sends no words for it', () => {
    const answer = publicConfig(offered(['pdf', 'jpeg'], true));
    expect(answer.picker.converts).toBeUndefined();
    expect(answer.strings).toBeUndefined();
    expect(hintOf(offered(['pdf', 'jpeg'], true))).toBe(
      'PDF or JPEG files, each up to 10 MB. You can attach up to 5.',
    );
  });

  it('in Welsh, from the Welsh words the answer carries', () => {
    const welsh: AnswerLanguage = {
      lang: 'cy',
      textWord: WELSH['kind.txt'],
      fields: { language: 'cy', strings: widgetStrings(WELSH) },
    };
    const hint = hintOf(
      { ...offered(undefined, false), files: { ...lawFirm.files, kinds: ['pdf', 'heic'] } },
      welsh,
    );
    expect(hint).toMatch(/Caiff lluniau eu trosi i JPEG\.$/);
    expect(ENGLISH.photosConverted).toBe('Photos are converted to JPEG.');
  });
});
