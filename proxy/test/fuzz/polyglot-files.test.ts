/**
 * Files whose first bytes say one thing and the rest another (a PDF that carries a Windows
 * executable, a GIF that is also a script), files renamed to look allowed, audio and video
 * under image names, empty files, and files at and one byte over the size limit. The first
 * bytes decide: what is taken goes upstream with the mime of its magic and a safe name.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { DEFAULT_FILE_LIMITS } from '../../contract/limits.ts';
import { validEnquiry } from '../fixtures/proxy-harness.ts';
import { ALLOWED_SIGNATURES, fileOfSize, polyglotArb, type FuzzFile } from './file-arbitraries.ts';
import { expectDelivered, expectRefusal, fuzzHarness, type FuzzHarness } from './invariants.ts';
import { enquiryPart, filePart } from './multipart.ts';
import { fuzz, FUZZ_SUITE } from './settings.ts';

const EXTENSIONS: Record<string, RegExp> = {
  'application/pdf': /\.pdf$/i,
  'image/png': /\.png$/i,
  'image/gif': /\.gif$/i,
  'image/jpeg': /\.jpe?g$/i,
};

/** A small size limit, so the files at and over it stay cheap to make. */
const SMALL_LIMIT = 3000;
const small = { ...lawFirm, files: { maxFiles: 3, maxFileBytes: SMALL_LIMIT } };

const harnesses: FuzzHarness[] = [];
const setUp = (config = lawFirm) => {
  const harness = fuzzHarness(config);
  harnesses.push(harness);
  return harness;
};
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
});

const send = (h: FuzzHarness, files: readonly Pick<FuzzFile, 'name' | 'type' | 'bytes'>[]) =>
  h.postParts([
    enquiryPart(JSON.stringify({ ...validEnquiry(), form_token: h.formToken() })),
    ...files.map((file) => filePart(file.name, file.bytes, file.type)),
  ]);
const base64 = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('base64');

describe('polyglot files', FUZZ_SUITE, () => {
  it('takes files by their first bytes, whatever else they hold or claim, and refuses the rest with 415', async () => {
    const h = setUp();
    await fuzz(
      fc.asyncProperty(fc.array(polyglotArb, { minLength: 1, maxLength: 5 }), async (files) => {
        const refused = files.flatMap((file, i) =>
          file.verdict.accept ? [] : [{ field: `files[${i}]`, code: file.verdict.code }],
        );
        if (refused.length > 0) {
          const refusal = await expectRefusal(h, () => send(h, files));
          expect(refusal.status).toBe(415);
          expect(refusal.issues.map(({ field, code }) => ({ field, code }))).toEqual(refused);
          return;
        }
        const calls = h.calls.length;
        const { submission } = await expectDelivered(h, await send(h, files));
        const uploads = h.calls.slice(calls + 1);
        files.forEach((file, i) => {
          const stored = submission.files[i];
          const mime = file.verdict.accept ? file.verdict.mime : '';
          expect(stored?.mime).toBe(mime);
          expect(stored?.name).toMatch(EXTENSIONS[mime] ?? /^$/);
          expect(stored?.name).not.toMatch(/[/\\\u202e]/);
          expect(uploads[i]?.name).toBe(stored?.name);
          expect(base64(uploads[i]?.bytes)).toBe(base64(file.bytes));
        });
      }),
      150,
    );
  });

  it('takes a file of up to the size limit, refuses one byte over with 413 and an empty one with 400', async () => {
    const h = setUp(small);
    const sizeArb = fc.oneof(
      fc.constantFrom(0, 16, SMALL_LIMIT - 1, SMALL_LIMIT, SMALL_LIMIT + 1),
      fc.integer({ min: 16, max: SMALL_LIMIT + 200 }),
    );
    await fuzz(
      fc.asyncProperty(
        fc.constantFrom(...ALLOWED_SIGNATURES),
        sizeArb,
        fc.nat(2),
        async (signature, size, before) => {
          // The file under test comes after `before` good ones, so its index is checked too.
          const good = Array.from({ length: before }, () => ({
            name: 'ok.pdf',
            type: '',
            bytes: fileOfSize(ALLOWED_SIGNATURES[0] ?? signature, 100),
          }));
          const files = [
            ...good,
            { name: 'under-test', type: '', bytes: fileOfSize(signature, size) },
          ];
          if (size === 0 || size > SMALL_LIMIT) {
            const refusal = await expectRefusal(h, () => send(h, files));
            const code = size === 0 ? 'file_empty' : 'file_too_big';
            expect(refusal.status).toBe(size === 0 ? 400 : 413);
            expect(refusal.issues).toEqual([
              expect.objectContaining({ field: `files[${before}]`, code }),
            ]);
          } else {
            const { submission } = await expectDelivered(h, await send(h, files));
            expect(submission.files.at(-1)?.size).toBe(size);
          }
        },
      ),
      60,
    );
  });

  it('takes a file of exactly the default limit and refuses one a byte larger', async () => {
    const h = setUp();
    const [pdf] = ALLOWED_SIGNATURES;
    if (!pdf) throw new Error('no allowed signature');
    const limit = DEFAULT_FILE_LIMITS.maxFileBytes;
    expect(lawFirm.files.maxFileBytes).toBe(limit);
    await expectDelivered(
      h,
      await send(h, [{ name: 'max.pdf', type: '', bytes: fileOfSize(pdf, limit) }]),
    );
    const refusal = await expectRefusal(h, () =>
      send(h, [{ name: 'over.pdf', type: '', bytes: fileOfSize(pdf, limit + 1) }]),
    );
    expect(refusal).toMatchObject({
      status: 413,
      issues: [{ field: 'files[0]', code: 'file_too_big' }],
    });
  });
});
