/**
 * Conversion through the whole proxy and the stand-in (which sniffs what it is sent, sharing no
 * code with the proxy): a HEIC photo and a Word letter arrive as a JPEG and a PDF; a damaged
 * file fails alone and the firm is sent its original; a bomb is refused on arrival.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentsLacking, heicLacking } from '../fixtures/document-converter.ts';
import { eventually, platformSession } from './platform-session.ts';

const CORPUS = join(import.meta.dirname, '../fixtures/convertible');
const file = (name: string, as = name) => new File([readFileSync(join(CORPUS, name))], as);

const noHeicOrDocuments = heicLacking() ?? documentsLacking();

interface InboxFile {
  name: string;
  mime: string;
  size: number;
  url: string;
}

describe('files converted for the platform', () => {
  it.skipIf(noHeicOrDocuments)(
    'delivers a HEIC photo as a JPEG without GPS, and a Word letter as a PDF',
    async () => {
      const session = await platformSession({ env: { CONVERT_DOCUMENTS: '1' } });
      const form = (await (await fetch(`${session.proxy.url}/api/form`)).json()) as {
        files: { kinds: string[] };
      };
      expect(form.files.kinds).toEqual(
        expect.arrayContaining(['pdf', 'jpeg', 'heic', 'webp', 'docx', 'txt']),
      );

      // The visitor is answered at once ("received"): conversion takes seconds, in the outbox.
      const answer = await session.submit([
        file('photo.heic', 'IMG_0042.HEIC'),
        file('letter.docx'),
      ]);
      expect(answer.status).toBe(202);
      const inbox = await eventually(session.inbox, (all) => all[0]?.files.length === 2, 30_000);
      const [enquiry] = inbox as unknown as { files: InboxFile[] }[];
      expect(enquiry?.files.map(({ name, mime }) => [name, mime])).toEqual([
        ['IMG_0042.jpg', 'image/jpeg'],
        ['letter.pdf', 'application/pdf'],
      ]);
      const [photo, letter] = await Promise.all(
        (enquiry?.files ?? []).map(async ({ url }) =>
          Buffer.from(await (await fetch(`${session.api.origin}${url}`)).arrayBuffer()),
        ),
      );
      const metadata = await sharp(photo).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
        'jpeg',
        600,
        400,
        undefined,
      ]);
      expect(letter?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    },
    60_000,
  );

  it('delivers the rest when one file cannot be converted, and keeps that one for the firm', async () => {
    const session = await platformSession();
    const answer = await session.submit([
      file('damaged-scan.tiff', 'scan.tif'),
      file('drawing.bmp'),
    ]);
    expect(answer.status).toBe(202);
    await eventually(
      async () => session.logged('could not be delivered'),
      (lines) => lines.length === 1,
    );
    const [enquiry] = await eventually(session.inbox, (inbox) => inbox[0]?.files.length === 1);
    expect(enquiry?.files.map(({ name }) => name)).toEqual(['drawing.jpg']);
    expect(session.logged('could not be delivered')[0]).toMatchObject({
      file: 'scan.tif',
      reason: expect.stringMatching(/^could not be converted: it could not be read/),
    });
  }, 30_000);

  // Documents are offered, so checked on arrival, only where they can be converted.
  it.skipIf(documentsLacking())(
    'refuses a bomb on arrival, naming it, and takes nothing',
    async () => {
      const session = await platformSession({ env: { CONVERT_DOCUMENTS: '1' } });
      const answer = await session.submit([file('letter.txt'), file('bomb.docx', 'contract.docx')]);
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({
        error: 'unsupported_file',
        issues: [
          {
            field: 'files[1]',
            code: 'file_too_large_to_convert',
            message:
              '“contract.docx” cannot be converted: it unpacks to 300 MB, too much to convert safely. Choose a smaller file',
          },
        ],
      });
      expect(await session.inbox()).toEqual([]);
    },
    30_000,
  );

  it('does not offer documents unless CONVERT_DOCUMENTS=1', async () => {
    const session = await platformSession();
    const form = (await (await fetch(`${session.proxy.url}/api/form`)).json()) as {
      files: { kinds: string[] };
    };
    expect(form.files.kinds).not.toContain('docx');
    const answer = await session.submit([file('letter.docx')]);
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ issues: [{ code: 'file_kind' }] });
  }, 30_000);
});
