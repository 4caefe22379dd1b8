/**
 * Headers a browser would not send but a script may: any `Idempotency-Key`, `Origin` values
 * that are almost the allowed one, content type parameters in any order and case, and many
 * unrelated headers. A valid key and the exact origin are taken; anything else is refused.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { validEnquiry } from '../fixtures/proxy-harness.ts';
import { asStored, headerNameArb, headerValueArb } from './arbitraries.ts';
import {
  BOUNDARY,
  expectDelivered,
  expectRefusal,
  expectTakenOrRefused,
  fuzzHarness,
  ORIGIN,
} from './invariants.ts';
import { enquiryPart, multipartBody, multipartType } from './multipart.ts';
import { fuzz, FUZZ_SUITE } from './settings.ts';

const h = fuzzHarness();
afterAll(() => h.close());

const validParts = () => [
  enquiryPart(JSON.stringify({ ...validEnquiry(), form_token: h.formToken() })),
];

describe('odd headers', FUZZ_SUITE, () => {
  it('takes an Idempotency-Key of 1 to 255 visible ASCII characters and refuses any other', async () => {
    const keyArb = fc.oneof(
      fc.uuid(),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 300 }),
      headerValueArb(300),
      fc.integer({ min: 250, max: 260 }).map((n) => 'k'.repeat(n)),
      fc.constantFrom('', ' ', 'two words', 'clé', 'tab\there', '\u00a0nbsp'),
    );
    await fuzz(
      fc.asyncProperty(keyArb, async (key) => {
        const send = () => h.postParts(validParts(), { 'idempotency-key': key });
        const taken = /^[\x21-\x7e]{1,255}$/.test(asStored(key));
        await expectTakenOrRefused(h, taken, send, { status: 400, error: 'bad_request' });
      }),
      150,
    );
  });

  it('takes the allowed Origin exactly as configured and refuses every near miss', async () => {
    const { hostname } = new URL(ORIGIN);
    const originArb = fc.oneof(
      fc.constantFrom(
        ORIGIN,
        `${ORIGIN}/`,
        `${ORIGIN}:443`,
        `${ORIGIN}:8443`,
        `${ORIGIN}.`,
        `${ORIGIN}/path`,
        `http://${hostname}`,
        `https://${hostname.replace(/^www\./, '')}`,
        `https://${hostname}.evil.example`,
        `https://evil.example#${ORIGIN}`,
        `${ORIGIN}, https://evil.example`,
        `  ${ORIGIN}\t`,
        'null',
        '',
        '*',
      ),
      fc.mixedCase(fc.constant(ORIGIN)),
      fc.webUrl(),
      headerValueArb(80),
    );
    await fuzz(
      fc.asyncProperty(fc.option(originArb, { nil: undefined }), async (origin) => {
        const send = () =>
          h.post(multipartBody(BOUNDARY, validParts()), {
            'content-type': multipartType(BOUNDARY),
            ...(origin === undefined ? {} : { origin }),
          });
        const taken = origin !== undefined && asStored(origin) === ORIGIN;
        await expectTakenOrRefused(h, taken, send, { status: 403, error: 'origin_not_allowed' });
      }),
      120,
    );
  });

  it('finds the boundary among other content type parameters, in any order, case and spacing', async () => {
    const paramArb = fc.tuple(
      fc.oneof(
        fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9-]{0,10}$/),
        fc.constantFrom('xboundary', 'boundary2', 'charset'),
      ),
      fc.oneof(
        fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/),
        fc.constantFrom('"utf-8"', '"a; b=c"', '"x; boundary=decoy"', '""'),
      ),
    );
    // A token may not hold RFC 2045's special characters; a quoted boundary may, and spaces.
    const boundaryArb = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9'+_.-]{16,70}$/).map((b) => ({ b, value: b })),
      fc
        .stringMatching(/^[A-Za-z0-9'()+_,./:=? -]{15,69}[A-Za-z0-9]$/)
        .map((b) => ({ b, value: `"${b}"` })),
    );
    const typeArb = fc.record({
      media: fc.mixedCase(fc.constant('multipart/form-data')),
      params: fc.array(
        paramArb
          .filter(([name]) => name.toLowerCase() !== 'boundary')
          .map(([name, value]) => `${name}=${value}`),
        { maxLength: 4 },
      ),
      at: fc.nat(),
      boundaryName: fc.mixedCase(fc.constant('boundary')),
      space: fc.constantFrom('', ' ', '  ', '\t'),
      boundary: boundaryArb,
    });
    await fuzz(
      fc.asyncProperty(typeArb, async (t) => {
        const params = [...t.params];
        params.splice(t.at % (params.length + 1), 0, `${t.boundaryName}=${t.boundary.value}`);
        const contentType = [t.media, ...params].join(`${t.space};${t.space}`);
        const body = multipartBody(t.boundary.b, validParts());
        await expectDelivered(
          h,
          await h.post(body, { origin: ORIGIN, 'content-type': contentType }),
        );
      }),
      100,
    );
  });

  it('is not disturbed by many unrelated headers', async () => {
    const reserved =
      /^(origin|content-type|content-length|transfer-encoding|idempotency-key|x-test-ip)$/;
    const headersArb = fc.dictionary(
      headerNameArb.filter((name) => !reserved.test(name)),
      fc.oneof(headerValueArb(200), fc.constant('x'.repeat(20_000))),
      { minKeys: 1, maxKeys: 150 },
    );
    await fuzz(
      fc.asyncProperty(headersArb, async (headers) => {
        await expectDelivered(h, await h.postParts(validParts(), headers));
      }),
      40,
    );
  });

  it('replays a key sent again with the same enquiry, and refuses it with another, sending nothing', async () => {
    const otherArb = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 });
    await fuzz(
      fc.asyncProperty(fc.uuid(), otherArb, async (key, surname) => {
        const first = validParts();
        const headers = { 'idempotency-key': key };
        const { body } = await expectDelivered(h, await h.postParts(first, headers));
        const calls = h.calls.length;
        const again = await h.postParts(first, headers);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(await again.json()).toEqual(body);
        const other = enquiryPart(
          JSON.stringify({ ...validEnquiry(), surname: `x${surname}`, form_token: h.formToken() }),
        );
        const refusal = await expectRefusal(h, () => h.postParts([other], headers));
        expect(refusal).toMatchObject({ status: 422, error: 'idempotency_key_reused' });
        expect(h.calls.length).toBe(calls);
      }),
      40,
    );
  });
});
