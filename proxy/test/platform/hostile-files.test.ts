/**
 * Hostile files through the whole proxy and the stand-in (which keeps what it is sent): picture
 * bombs and a JPEG that is a web page are refused while the visitor waits and never reach the
 * platform; a PDF that runs scripts arrives without them; ordinary files arrive byte for byte;
 * a bomb being refused holds no one else's photo back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFDict, PDFName, PDFStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_TRACES,
  activePdf,
  gifBomb,
  jpegHtmlPolyglot,
  pngBomb,
  tiffBomb,
} from '../fixtures/hostile-files.ts';
import { eventually, platformSession, type PlatformSession } from './platform-session.ts';

const CORPUS = join(import.meta.dirname, '../fixtures/convertible');
const file = (bytes: Uint8Array, name: string) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name);

/** The bytes of each file of the platform's first enquiry, in order. */
async function delivered(session: PlatformSession, count: number): Promise<Buffer[]> {
  const [enquiry] = await eventually(session.inbox, (all) => all[0]?.files.length === count);
  const files = (enquiry?.files ?? []) as unknown as { url: string }[];
  return Promise.all(
    files.map(async ({ url }) =>
      Buffer.from(await (await fetch(`${session.api.origin}${url}`)).arrayBuffer()),
    ),
  );
}

/** Every name used as a key, an action type or an object type anywhere in the PDF. */
async function namesIn(pdf: Uint8Array): Promise<Set<string>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const names = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dicts = [object instanceof PDFStream ? object.dict : object];
    for (let dict = dicts.pop(); dict !== undefined; dict = dicts.pop()) {
      if (!(dict instanceof PDFDict)) continue;
      for (const [key, value] of dict.entries()) {
        names.add(key.decodeText());
        if (value instanceof PDFName) names.add(value.decodeText());
        if (value instanceof PDFDict) dicts.push(value);
      }
    }
  }
  return names;
}

describe('files the platform takes as they are', () => {
  it('refuses picture bombs and a JPEG that is a web page at once, naming each, and sends nothing', async () => {
    const session = await platformSession();
    const answer = await session.submit([
      file(pngBomb(), 'floor-plan.png'),
      file(gifBomb(), 'smile.gif'),
      file(jpegHtmlPolyglot(), 'front-door.jpg'),
    ]);
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({
      error: 'unsupported_file',
      issues: [
        {
          field: 'files[0]',
          code: 'file_too_large_to_convert',
          message:
            '“floor-plan.png” cannot be converted: it is 10000 megapixels, more than the 100 a picture may have. Choose a smaller file',
        },
        {
          field: 'files[1]',
          code: 'file_too_large_to_convert',
          message:
            '“smile.gif” cannot be converted: it is 4295 megapixels, more than the 100 a picture may have. Choose a smaller file',
        },
        {
          field: 'files[2]',
          code: 'file_unreadable',
          message:
            '“front-door.jpg” could not be read as a JPEG file: it may be damaged. Choose another file',
        },
      ],
    });
    expect(await session.inbox()).toEqual([]);
  }, 30_000);

  it('delivers a PDF without its scripts, launch action and embedded program', async () => {
    const session = await platformSession();
    const original = await activePdf();
    expect(original.toString('latin1')).toContain('app.alert');
    const answer = await session.submit([file(original, 'statement.pdf')]);
    expect(answer.status).toBe(201);
    const [pdf] = await delivered(session, 1);
    const text = pdf?.toString('latin1') ?? '';
    for (const trace of ACTIVE_TRACES) expect(text).not.toContain(trace);
    const names = await namesIn(pdf ?? Buffer.alloc(0));
    for (const active of [
      'JavaScript',
      'JS',
      'Launch',
      'AA',
      'EmbeddedFiles',
      'EmbeddedFile',
      'EF',
    ])
      expect(names).not.toContain(active);
    expect(session.logged('a PDF is stored without its active content')).toEqual([
      expect.objectContaining({
        file: 'statement.pdf',
        removed: expect.arrayContaining(['JavaScript', 'Launch']),
      }),
    ]);
    // Still the statement: one page, readable.
    expect((await PDFDocument.load(pdf ?? Buffer.alloc(0))).getPageCount()).toBe(1);
  }, 30_000);

  it('delivers an ordinary PDF and real photos byte for byte', async () => {
    const session = await platformSession();
    const letter = await PDFDocument.create();
    letter.addPage().drawText('Dear Sir or Madam');
    const pdf = Buffer.from(await letter.save());
    const screenshot = sharp(readFileSync(join(CORPUS, 'screenshot.webp')));
    const [photo, plan, gif] = await Promise.all([
      screenshot.clone().jpeg().toBuffer(),
      screenshot.clone().png().toBuffer(),
      screenshot.clone().gif().toBuffer(),
    ]);
    const files = [pdf, photo, plan, gif];
    const answer = await session.submit([
      file(pdf, 'letter.pdf'),
      file(photo, 'photo.jpg'),
      file(plan, 'plan.png'),
      file(gif, 'plan.gif'),
    ]);
    expect(answer.status).toBe(201);
    const arrived = await delivered(session, files.length);
    arrived.forEach((bytes, i) => {
      expect(bytes.equals(files[i] ?? Buffer.alloc(0))).toBe(true);
    });
  }, 30_000);
});

describe('a TIFF bomb beside an ordinary photo', () => {
  it('is refused at once while a WebP in another submission is delivered on time', async () => {
    const session = await platformSession({ env: { CONVERT_TIMEOUT_MS: '10000' } });
    const started = Date.now();
    const [bomb, photo] = await Promise.all([
      session.submit([file(tiffBomb(), 'scan.tif')]),
      session.submit([file(readFileSync(join(CORPUS, 'screenshot.webp')), 'screenshot.webp')]),
    ]);
    expect(bomb.status).toBe(415);
    expect(bomb.body).toMatchObject({
      issues: [
        {
          field: 'files[0]',
          code: 'file_too_large_to_convert',
          message:
            '“scan.tif” cannot be converted: it is 19900 megapixels, more than the 100 a picture may have. Choose a smaller file',
        },
      ],
    });
    expect(photo.status).toBe(202);
    const inbox = await eventually(session.inbox, (all) => all[0]?.files.length === 1, 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(inbox.map((enquiry) => enquiry.files.map(({ name }) => name))).toEqual([
      ['screenshot.jpg'],
    ]);
  }, 30_000);
});
