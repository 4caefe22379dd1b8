/**
 * Valid enquiries drawn from the example configurations must be delivered, and the platform
 * must receive exactly the create body the model wrote down: contact fields trimmed (hidden
 * ones empty), and one meta entry per visible, answered question, in configuration order,
 * with the configuration's label, ticked options joined in configuration order.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { callback, lawFirm } from '../../../demo/forms/index.ts';
import { parseFormConfig, type FormConfig } from '../../contract/schemas/form-config.ts';
import { ALLOWED_SIGNATURES, fileOfSize } from './file-arbitraries.ts';
import { expectDelivered, fuzzHarness, type FuzzHarness } from './invariants.ts';
import { validEnquiryArb } from './model.ts';
import { fuzz, FUZZ_SUITE } from './settings.ts';

const harnesses: FuzzHarness[] = [];
const setUp = (config: FormConfig) => {
  const harness = fuzzHarness(config);
  harnesses.push(harness);
  return harness;
};
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
});

const base64 = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('base64');

/** Up to `maxFiles` files of allowed kinds, named as a visitor's device might. */
const filesArb = (config: FormConfig) =>
  fc.array(
    fc.record({
      signature: fc.constantFrom(...ALLOWED_SIGNATURES),
      size: fc.integer({ min: 20, max: 2000 }),
      name: fc.string({ unit: 'grapheme', maxLength: 30 }),
    }),
    { maxLength: config.files.maxFiles },
  );

/** Ids a plain object also answers to, through its prototype. */
const PROTOTYPE_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];

/** The law firm with its questions renamed after Object.prototype's members. */
const prototypeNamed = parseFormConfig({
  ...lawFirm,
  caseTypes: lawFirm.caseTypes.map((caseType) => {
    const ids = new Map(caseType.questions.map((q, i) => [q.id, PROTOTYPE_NAMES[i] ?? q.id]));
    const rename = (id: string) => ids.get(id) ?? id;
    const questions = caseType.questions.map(({ showIf, ...q }) => ({
      ...q,
      id: rename(q.id),
      ...(showIf ? { showIf: { ...showIf, question: rename(showIf.question) } } : {}),
    }));
    return { ...caseType, questions };
  }),
});

const EXAMPLES = [
  ['the law firm', lawFirm, 200],
  ['the call-back form', callback, 100],
  ['the law firm with questions named like Object.prototype members', prototypeNamed, 60],
] as const;

describe('valid enquiries', FUZZ_SUITE, () => {
  describe.each(EXAMPLES)('for %s', (_name, config, runs) => {
    it('are delivered with the create body computed apart, and every file uploaded byte for byte', async () => {
      const h = setUp(config);
      await fuzz(
        fc.asyncProperty(validEnquiryArb(config), filesArb(config), async (valid, files) => {
          const calls = h.calls.length;
          const sent = files.map((f) => ({ name: f.name, bytes: fileOfSize(f.signature, f.size) }));
          // As a string: `submit` would fill in the fields the model left out on purpose.
          const part = JSON.stringify({ ...valid.enquiry, form_token: h.formToken() });
          const response = await h.submit(part, sent);
          const { submission, body } = await expectDelivered(h, response);

          expect(submission.upstream).toEqual(valid.expected);
          expect(submission.files.map((f) => f.mime)).toEqual(
            files.map((f) => (f.signature.verdict.accept ? f.signature.verdict.mime : '')),
          );
          const uploads = h.calls.slice(calls);
          expect(uploads.map((c) => c.endpoint)).toEqual(['create', ...files.map(() => 'upload')]);
          expect(uploads.slice(1).map((c) => base64(c.bytes))).toEqual(
            sent.map((f) => base64(f.bytes)),
          );
          expect(uploads.slice(1).map((c) => c.name)).toEqual(submission.files.map((f) => f.name));
          expect(body.files).toEqual(
            submission.files.map((f) => ({ name: f.name, status: 'delivered' })),
          );
        }),
        runs,
      );
    });
  });
});
