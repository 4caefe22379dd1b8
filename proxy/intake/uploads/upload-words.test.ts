/**
 * A file sent ahead of its enquiry is judged in its visitor's language (issue 44): the widget
 * names it in `Upload-Metadata` when it creates the upload, a tus client that does not is read by
 * its `Accept-Language`, and the verdict at the last PATCH (and every HEAD after) says the kinds,
 * the kind and the whole sentence in it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFormConfigs } from '../../contract/schemas/form-config.ts';
import { createConverter } from '../../convert/open-converter.ts';
import { exampleConfigPath } from '../../../demo/forms/index.ts';
import { jpegHtmlPolyglot, pngBomb } from '../../test/fixtures/hostile-files.ts';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { decodeUploadCheck, tusClient } from '../../test/fixtures/tus-requests.ts';

const setUp = harnessPerTest();

/** The bilingual example taking PDFs, text files and JPEG and PNG pictures. */
const forms = parseFormConfigs({
  ...(JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object),
  files: { kinds: ['pdf', 'txt', 'jpeg', 'png'] },
});

/** The real converter's checks of a picture (sharp); no HEIC, no documents needed here. */
const converter = createConverter({
  heic: false,
  documents: undefined,
  maxSide: 3000,
  timeoutMs: 60_000,
  workers: 1,
});
afterAll(() => converter.close());

const bilingualSetUp = () =>
  setUp({ config: forms.first, translations: forms, deps: { converter } });

/** A GIF: a picture, but of no kind this form takes. */
const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]);

/** The refused verdict's issue of uploading `bytes`, as the widget reads it. */
async function refusedIssue(
  bytes: Uint8Array,
  options: { filename?: string; lang?: string; headers?: Record<string, string> },
) {
  const h = bilingualSetUp();
  const tus = tusClient(h);
  const { id, check } = await tus.upload(bytes, options);
  if (check?.status !== 'refused') throw new Error(`not refused: ${JSON.stringify(check)}`);
  // A HEAD after a reload says the same words.
  expect(decodeUploadCheck((await tus.head(id)).headers.get('upload-check'))).toEqual(check);
  return check.issue;
}

describe('an upload’s verdict in its visitor’s language', () => {
  it('names the kinds a Welsh visitor may choose in Welsh, a text file as “ffeil destun”', async () => {
    const issue = await refusedIssue(gif, { filename: 'llun.gif', lang: 'cy' });
    expect(issue.code).toBe('file_kind');
    expect(issue.params.kinds).toBe('PDF, ffeil destun, JPEG neu PNG');
    expect(issue.message).toBe(
      'Nid yw “llun.gif” yn ffeil PDF, ffeil destun, JPEG neu PNG. Dewiswch ffeil o un o’r mathau hynny',
    );
  });

  it('says a damaged photo could not be read in Welsh', async () => {
    const issue = await refusedIssue(jpegHtmlPolyglot(), { filename: 'drws.jpg', lang: 'cy' });
    expect(issue.code).toBe('file_unreadable');
    expect(issue.message).toBe(
      'Nid oedd modd darllen “drws.jpg” fel ffeil JPEG: efallai ei bod wedi’i difrodi. Dewiswch ffeil arall',
    );
  });

  it('reads a tus client that names no language by its Accept-Language', async () => {
    const issue = await refusedIssue(gif, {
      filename: 'llun.gif',
      headers: { 'accept-language': 'cy-GB,cy;q=0.9,en;q=0.5' },
    });
    expect(issue.message).toContain('yn ffeil PDF, ffeil destun, JPEG neu PNG');
  });

  it('answers in the form’s first language a client whose languages the form has not', async () => {
    const issue = await refusedIssue(gif, {
      filename: 'photo.gif',
      headers: { 'accept-language': 'fr-BE,fr' },
    });
    expect(issue.message).toBe(
      '“photo.gif” is not a PDF, text, JPEG or PNG file. Choose a file of one of those kinds',
    );
  });
});

describe('the upload routes’ refusals in the upload’s language', () => {
  const welshMetadata = `filename ${btoa('llun.png')},lang ${btoa('cy')}`;

  it('refuses a Welsh creation of a file too large in Welsh', async () => {
    const h = bilingualSetUp();
    const response = await tusClient(h).create(h.config.files.maxFileBytes + 1, {
      headers: { 'upload-metadata': welshMetadata },
    });
    expect(response.response.status).toBe(413);
    expect(await response.response.json()).toEqual({
      error: 'too_large',
      message: 'Ni chaiff ffeil fod yn fwy na 10 MB.',
    });
  });

  it('says a PATCH at the wrong offset in the language the upload was made in', async () => {
    const h = bilingualSetUp();
    const tus = tusClient(h);
    const { id } = await tus.create(100, { lang: 'cy' });
    const response = await tus.patch(id, 7, new Uint8Array(10));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Nid yw’r ffeil ar y safle hwnnw: gofynnwch ble mae hi (HEAD) ac ewch ymlaen o’r fan honno.',
    );
  });

  it('says an upload it does not have in the client’s Accept-Language', async () => {
    const h = bilingualSetUp();
    const response = await tusClient(h).patch('gone', 0, new Uint8Array(1), {
      'accept-language': 'cy',
    });
    expect([response.status, await response.json()]).toEqual([
      404,
      { error: 'not_found', message: 'Nid yw’r ffeil hon ar y gweinydd mwyach: dewiswch hi eto.' },
    ]);
  });

  it('answers a form in one language in English, as before', async () => {
    const h = setUp();
    const response = await tusClient(h).patch('gone', 0, new Uint8Array(1), {
      'accept-language': 'cy',
    });
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'This file is not on the server any more: choose it again.',
    });
  });
});

describe('why a file cannot be converted, to a Welsh visitor', () => {
  const tooLarge =
    'Nid oes modd trosi “cynllun.png”: mae’n rhy fawr neu’n rhy gymhleth i’w throsi’n ddiogel. Dewiswch ffeil lai';

  it('is said in Welsh in an upload’s verdict', async () => {
    const issue = await refusedIssue(pngBomb(), { filename: 'cynllun.png', lang: 'cy' });
    expect([issue.code, issue.message]).toEqual(['file_too_large_to_convert', tooLarge]);
  });

  it('is said in Welsh when the file comes with the enquiry', async () => {
    const h = bilingualSetUp();
    const response = await h.submit(
      {
        case_type: 'conveyancing',
        answers: { transaction: 'selling' },
        consent: { consent_contact: true },
        lang: 'cy',
      },
      [{ name: 'cynllun.png', bytes: pngBomb() }],
    );
    expect(response.status).toBe(415);
    const body = (await response.json()) as { message: string; issues: { message: string }[] };
    expect([body.message, body.issues[0]?.message]).toEqual([tooLarge, tooLarge]);
  });

  it('keeps the converter’s exact words in English', async () => {
    const issue = await refusedIssue(pngBomb(), { filename: 'plan.png', lang: 'en' });
    expect(issue.message).toBe(
      '“plan.png” cannot be converted: it is 10000 megapixels, more than the 100 a picture may have. Choose a smaller file',
    );
  });
});
