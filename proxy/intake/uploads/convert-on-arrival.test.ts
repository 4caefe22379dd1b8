/**
 * Uploads converted the moment they complete, by the real converters (sharp; LibreOffice in its
 * box, skipped saying why where it or bubblewrap is missing): the last PATCH's answer says
 * "converted", the enquiry naming the upload takes the converted file so delivery converts
 * nothing (the harness's deliverer has no converter at all), a file the converter refuses is
 * refused beside its name before Send, and conversions beyond the bound are left to the outbox.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memorySource } from '../../client/byte-source.ts';
import type { ConvertedKind } from '../../contract/limits.ts';
import { ConversionError } from '../../convert/conversion.ts';
import { createConverter } from '../../convert/open-converter.ts';
import { countedConverter, lawFirmTaking } from '../../test/fixtures/counted-converter.ts';
import { documentsLacking, testDocumentConverter } from '../../test/fixtures/document-converter.ts';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { tusClient } from '../../test/fixtures/tus-requests.ts';
import { convertOnArrival } from './convert-on-arrival.ts';

const CORPUS = join(import.meta.dirname, '../../test/fixtures/convertible');
const read = (name: string) => readFileSync(join(CORPUS, name));
const noDocuments = documentsLacking();

const real = createConverter({
  heic: false,
  documents: noDocuments ? undefined : testDocumentConverter(),
  maxSide: 3000,
  timeoutMs: 60_000,
  workers: 2,
});
afterAll(() => real.close());

const counted = () => countedConverter(real);

const setUp = harnessPerTest();
const config = lawFirmTaking(real);

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

describe('an upload the platform does not take as it is', () => {
  it('is converted as it completes, and the enquiry sends the converted file without converting again', async () => {
    const converter = counted();
    const h = setUp({ config, deps: { converter } });
    const formToken = h.formToken();
    const webp = read('screenshot.webp');
    const { id, check } = await tusClient(h).upload(webp, {
      filename: 'screenshot.webp',
      formToken,
    });
    expect(check).toEqual({ status: 'accepted', kind: 'webp', becomes: 'jpeg', converted: true });
    expect(converter.conversions).toBe(1);
    const response = await h.submit({ form_token: formToken, uploads: [id] });
    expect(response.status).toBe(201);
    const sent = (await response.json()) as { reference: string };
    expect(sent).toMatchObject({ files: [{ name: 'screenshot.jpg' }] });
    const [uploaded] = h.calls.filter((call) => call.endpoint === 'upload');
    expect(uploaded?.name).toBe('screenshot.jpg');
    expect(Buffer.from(uploaded?.bytes ?? []).subarray(0, 3)).toEqual(JPEG);
    expect(converter.conversions).toBe(1);
    // The console names it as the visitor did, beside what it became (issue 60).
    const lead = await h.store.get(sent.reference);
    expect(lead?.files[0]).toMatchObject({
      name: 'screenshot.jpg',
      originalName: 'screenshot.webp',
    });
  });

  it.skipIf(noDocuments)(
    'converts a Word letter to PDF in LibreOffice’s box, and says so with the last PATCH',
    { timeout: 90_000 },
    async () => {
      const h = setUp({ config, deps: { converter: counted() } });
      const formToken = h.formToken();
      const { id, check } = await tusClient(h).upload(read('letter.docx'), {
        filename: 'tenancy.docx',
        formToken,
      });
      expect(check).toEqual({ status: 'accepted', kind: 'docx', becomes: 'pdf', converted: true });
      expect((await h.submit({ form_token: formToken, uploads: [id] })).status).toBe(201);
      const [uploaded] = h.calls.filter((call) => call.endpoint === 'upload');
      expect(uploaded?.name).toBe('tenancy.pdf');
      expect(
        Buffer.from(uploaded?.bytes ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    },
  );

  it('is refused beside its name before Send when the converter cannot read it', async () => {
    const converter = counted();
    const h = setUp({ config, deps: { converter } });
    const formToken = h.formToken();
    const { id, check } = await tusClient(h).upload(read('damaged-scan.tiff'), {
      filename: 'plan.tiff',
      formToken,
    });
    // Its headers were sound: only converting it found it damaged.
    expect(converter.conversions).toBe(1);
    expect(check).toMatchObject({
      status: 'refused',
      issue: { code: 'file_unreadable', params: { name: 'plan.tiff' } },
    });
    expect((await h.submit({ form_token: formToken, uploads: [id] })).status).toBe(415);
    expect(h.calls).toEqual([]);
  });
});

describe('conversions on arrival', () => {
  it('run a bounded number at a time, and leave the rest to the outbox', async () => {
    let running = 0;
    let most = 0;
    const slow = {
      convert: async (kind: ConvertedKind, input: Buffer) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
        return real.convert(kind, input);
      },
    };
    const convert = convertOnArrival(slow, { atOnce: 2, waiting: 1 });
    const webp = read('screenshot.webp');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        convert('webp', memorySource(webp), `client-${String(n)}`),
      ),
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual([
      'converted',
      'converted',
      'converted',
      'later',
      'later',
    ]);
    expect(most).toBe(2);
  });

  it('leave an address that spent its conversion time to the outbox, while another’s are converted', async () => {
    const clock = { now: 0 };
    // LibreOffice giving up on a document, tried twice to a one-minute timeout.
    const givesUp = {
      convert: async (kind: ConvertedKind, input: Buffer) => {
        if (kind !== 'docx') return real.convert(kind, input);
        clock.now += 2 * 60_000;
        throw new ConversionError('LibreOffice timed out, twice', 'timed_out');
      },
    };
    const convert = convertOnArrival(givesUp, { now: () => clock.now });
    const letter = memorySource(Buffer.from('PK a letter that takes too long'));
    const webp = read('screenshot.webp');
    // One address makes, fails and deletes such uploads in a loop.
    const loop: string[] = [];
    for (let n = 0; n < 6; n++) loop.push((await convert('docx', letter, 'loop')).kind);
    expect(loop).toEqual(['refused', 'refused', 'later', 'later', 'later', 'later']);
    expect((await convert('webp', memorySource(webp), 'visitor')).kind).toBe('converted');
    // Its spent time comes back over half an hour.
    clock.now += 30 * 60_000;
    expect((await convert('docx', letter, 'loop')).kind).toBe('refused');
  });
});
