/**
 * No converter follows a link: documents whose picture links a URL (a canary server on
 * 127.0.0.1 counting requests) or a file on the server's disk are refused on arrival and at
 * conversion; and should one slip past that check, LibreOffice in its box with its profile
 * fetches and embeds neither (the real soffice, the PDF searched for image XObjects).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, PDFDict, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConvertedKind } from '../contract/limits.ts';
import { openDocumentLetter, wordLetter } from '../test/fixtures/hostile-documents.ts';
import { linkProblem } from './document-links.ts';
import { createConverter } from './open-converter.ts';
import { documentsLacking, testDocumentConverter } from '../test/fixtures/document-converter.ts';

const PICTURE_ON_DISK = 'file:///usr/share/pixmaps/debian-logo.png';
let canary: Server;
let requests = 0;
let pictureUrl = '';
beforeAll(async () => {
  const png = readFileSync(new URL(PICTURE_ON_DISK));
  canary = createServer((_request, response) => {
    requests += 1;
    response.setHeader('content-type', 'image/png');
    response.end(png);
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  pictureUrl = `http://127.0.0.1:${String((canary.address() as AddressInfo).port)}/logo.png`;
});

const noDocuments = documentsLacking();
const documents = testDocumentConverter();
const converter = createConverter({
  heic: false,
  documents,
  maxSide: 3000,
  timeoutMs: 60_000,
  workers: 1,
});
afterAll(async () => {
  await converter.close();
  canary.close();
});

const linking = (): [string, ConvertedKind, Buffer][] => [
  ['a Word picture linked to a URL', 'docx', wordLetter(['Dear firm,'], pictureUrl)],
  ['a Word picture linked to a file', 'docx', wordLetter(['Dear firm,'], PICTURE_ON_DISK)],
  ['an OpenDocument picture linked to a URL', 'odt', openDocumentLetter('Dear firm,', pictureUrl)],
  [
    'an OpenDocument picture linked to a file',
    'odt',
    openDocumentLetter('Dear firm,', PICTURE_ON_DISK),
  ],
  [
    'an OpenDocument picture linked relatively',
    'odt',
    openDocumentLetter('Dear firm,', '../../usr/share/pixmaps/debian-logo.png'),
  ],
];

/** The image XObjects a PDF holds. */
async function imagesIn(pdf: Buffer): Promise<number> {
  const document = await PDFDocument.load(pdf);
  return document.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        (object instanceof PDFRawStream || object instanceof PDFDict) &&
        (object instanceof PDFRawStream ? object.dict : object).get(PDFName.of('Subtype')) ===
          PDFName.of('Image'),
    ).length;
}

describe('documents that link outside themselves', () => {
  it('are refused on arrival and at conversion, naming the link, and nothing is fetched', async () => {
    for (const [, kind, bytes] of linking()) {
      const problem = await converter.inspect(kind, bytes);
      expect(problem?.message).toMatch(/links to .+ outside itself/);
      await expect(converter.convert(kind, bytes)).rejects.toThrow(/outside itself/);
    }
    expect(requests).toBe(0);
  });

  it('are refused when an RTF field or a Word field pulls in a picture', () => {
    const rtf = Buffer.from(
      `{\\rtf1\\ansi {\\field{\\*\\fldinst { INCLUDEPICTURE "${pictureUrl}" \\\\d }}{\\fldrslt }}}`,
    );
    expect(linkProblem('rtf', rtf)?.message).toMatch(/INCLUDEPICTURE/);
    const escaped = Buffer.from(`{\\rtf1 {\\field{\\*\\fldinst {INCLUDE\\'50ICTURE "x"}}}}`);
    expect(linkProblem('rtf', escaped)?.message).toMatch(/INCLUDEPICTURE/);
  });

  it.skipIf(noDocuments)(
    'keep hyperlinks: a letter with a web link is converted',
    async () => {
      expect(await converter.inspect('docx', wordLetter(['See https://example.org/']))).toBe(
        undefined,
      );
      const { bytes } = await converter.convert('docx', wordLetter(['Dear firm,']));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    },
    60_000,
  );
});

describe.skipIf(noDocuments)('behind the link check, the box and the profile', () => {
  it('fetch and embed no linked picture, from a URL or from the disk', async () => {
    for (const [name, kind, bytes] of linking()) {
      const { bytes: pdf } = await documents.convert(bytes, kind);
      expect({ name, images: await imagesIn(pdf) }).toEqual({ name, images: 0 });
    }
    expect(requests).toBe(0);
  }, 120_000);
});
