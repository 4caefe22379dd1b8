/**
 * The `enquiry` part when it is not a valid enquiry: any JSON or text, deep nesting, a field of
 * the wrong type, unknown keys at every level, prototype pollution attempts, NaN-like numbers
 * and bytes that are not UTF-8. Each must be refused with the field named, and nothing sent.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { validEnquiry } from '../fixtures/proxy-harness.ts';
import { INVALID_UTF8, notAStringArb, POLLUTING_KEYS, unknownKeyArb } from './arbitraries.ts';
import { expectDelivered, expectRefusal, fuzzHarness } from './invariants.ts';
import { bytes, enquiryPart } from './multipart.ts';
import { fuzz, FUZZ_SUITE } from './settings.ts';

const h = fuzzHarness();
afterAll(() => h.close());

/** A valid enquiry part as an object, ready to be spoiled. */
const validPart = (): Record<string, unknown> => ({ ...validEnquiry(), form_token: h.formToken() });
const send = (part: string | Uint8Array) =>
  expectRefusal(h, () => h.postParts([enquiryPart(part)]));

/** JSON nested `depth` deep, in arrays or objects. */
const deepArb = fc
  .tuple(fc.integer({ min: 1, max: 60_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

describe('malformed JSON in the enquiry part', FUZZ_SUITE, () => {
  it('refuses any JSON value or text that is not an enquiry, however deep', async () => {
    const partArb = fc.oneof(
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify({ enquiry: value })),
      fc.string({ unit: 'binary', maxLength: 200 }),
      deepArb,
    );
    await fuzz(
      fc.asyncProperty(partArb, async (part) => {
        const refusal = await send(part);
        // 413 when deep nesting makes the part larger than an enquiry may be.
        expect([400, 413]).toContain(refusal.status);
      }),
      200,
    );
  });

  it('names a field of the wrong type, wherever it is', async () => {
    const paths = [
      ...[
        'forename',
        'surname',
        'email',
        'telephone_mobile',
        'case_type',
        'form_token',
        'website',
      ].map((f) => [f]),
      ...Object.keys(validEnquiry().answers ?? {}).map((id) => ['answers', id]),
      ...Object.keys(validEnquiry().marketing ?? {}).map((f) => ['marketing', f]),
    ];
    const blockArb = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    const caseArb = fc.oneof(
      fc.tuple(fc.constantFrom(...paths), notAStringArb),
      fc.tuple(fc.constantFrom(['answers'], ['marketing']), blockArb),
    );
    await fuzz(
      fc.asyncProperty(caseArb, async ([path, value]) => {
        const part = validPart();
        const [first, second] = path as [string, string?];
        if (second === undefined) part[first] = value;
        else part[first] = { ...(part[first] as object), [second]: value };
        const refusal = await send(JSON.stringify(part));
        expect(refusal.issues).toContainEqual(
          expect.objectContaining({ field: path.join('.'), code: 'invalid_type' }),
        );
      }),
      150,
    );
  });

  it('refuses an unknown key at every level, naming it', async () => {
    const known: Record<string, readonly string[]> = {
      '': Object.keys(validPart()).concat('surname', 'turnstile_token'),
      marketing: ['lead_referer', 'campaign', 'keywords', 'detail'],
      answers: ['transaction', 'property_value', 'lender', 'completion_date', 'notes'],
    };
    const caseArb = fc
      .tuple(
        fc.constantFrom('', 'marketing', 'answers'),
        unknownKeyArb,
        fc.oneof(fc.string(), fc.jsonValue()),
      )
      .filter(([level, key]) => !known[level]?.includes(key));
    await fuzz(
      fc.asyncProperty(caseArb, async ([level, key, value]) => {
        const text = JSON.stringify(validPart());
        // Written into the text: a `__proto__` key set on an object would not be an own key.
        const opening = level === '' ? '{' : `"${level}":{`;
        const at = text.indexOf(opening) + opening.length;
        const part = `${text.slice(0, at)}${JSON.stringify(key)}:${JSON.stringify(value)},${text.slice(at)}`;
        const refusal = await send(part);
        expect(refusal.issues.map((issue) => issue.field)).toContain(
          level ? `${level}.${key}` : key,
        );
      }),
      150,
    );
  });

  it('is not polluted through __proto__ or constructor keys at any level', async () => {
    const payloadArb = fc.oneof(
      fc.constant({ polluted: 'yes' }),
      fc.constant({ prototype: { polluted: 'yes' } }),
      fc.constant(['polluted']),
      fc.constant('polluted'),
      fc.jsonValue(),
    );
    await fuzz(
      fc.asyncProperty(
        fc.constantFrom('{', '"marketing":{', '"answers":{'),
        fc.constantFrom(...POLLUTING_KEYS),
        payloadArb,
        async (opening, key, payload) => {
          const text = JSON.stringify(validPart());
          const at = text.indexOf(opening) + opening.length;
          await send(`${text.slice(0, at)}"${key}":${JSON.stringify(payload)},${text.slice(at)}`);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.prototype).not.toHaveProperty('polluted');
          expect(Object.keys(Object.prototype)).toEqual([]);
        },
      ),
      60,
    );
  });

  it('refuses NaN-like, huge and out-of-range answers to a number question', async () => {
    const numberArb = fc.oneof(
      fc.constantFrom(
        'NaN',
        'Infinity',
        '-Infinity',
        '1e3',
        '0x10',
        '1_0',
        '+5',
        '5.',
        '.5',
        '1..2',
        '١٢',
        '２',
        '21',
        '-1',
        '20.0000000001',
        '99999999999999999999',
        '1e309',
        ' ',
        'null',
      ),
      fc.integer({ min: 21 }).map(String),
      fc.integer({ max: -1 }).map(String),
      fc.bigInt({ min: 10n ** 16n }).map(String),
      fc
        .string({ maxLength: 6 })
        .filter((s) => !/^\s*\d{1,2}(\.\d+)?\s*$/.test(s) && s.trim() !== ''),
    );
    await fuzz(
      fc.asyncProperty(numberArb, async (children) => {
        const part = {
          ...validPart(),
          case_type: 'family',
          answers: { matter: 'Arrangements for children', children },
        };
        const refusal = await send(JSON.stringify(part));
        expect(refusal.issues.map((issue) => issue.field)).toEqual(['answers.children']);
      }),
      80,
    );
  });

  it('refuses an enquiry part that is not UTF-8, rather than guessing at it', async () => {
    await fuzz(
      fc.asyncProperty(fc.constantFrom(...INVALID_UTF8), fc.nat(), async (sequence, offset) => {
        const text = JSON.stringify(validPart());
        const at = text.indexOf('"Ada') + 1 + (offset % 4);
        const part = bytes(text.slice(0, at), sequence, text.slice(at));
        const refusal = await send(part);
        expect(refusal.issues).toContainEqual(expect.objectContaining({ field: 'enquiry' }));
      }),
      80,
    );
  });

  it('takes a UTF-8 byte order mark before the JSON as decoders do, and refuses a second one', async () => {
    const text = JSON.stringify(validPart());
    await expectDelivered(h, await h.postParts([enquiryPart(`\ufeff${text}`)]));
    await send(`\ufeff\ufeff${JSON.stringify(validPart())}`);
  });
});
