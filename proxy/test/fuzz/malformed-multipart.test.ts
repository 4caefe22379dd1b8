/**
 * Bodies that are not well-formed `multipart/form-data`: random bytes, a valid submission with
 * its framing broken in one place, content types that do not announce it, and a
 * `Content-Length` that lies. None may get past the reader, and none may cost a 5xx.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { maxSubmissionBytes } from '../../intake/read-multipart.ts';
import { validEnquiry } from '../fixtures/proxy-harness.ts';
import { boundaryArb, headerValueArb } from './arbitraries.ts';
import { expectDelivered, expectRefusal, fuzzHarness, ORIGIN } from './invariants.ts';
import { breakageArb, breakBody, validBody } from './breakages.ts';
import { bytes, multipartType } from './multipart.ts';
import { fuzz, FUZZ_SUITE } from './settings.ts';

const h = fuzzHarness();
afterAll(() => h.close());

const validJson = () => JSON.stringify({ ...validEnquiry(), form_token: h.formToken() });
const send = (body: Uint8Array, contentType?: string, headers: Record<string, string> = {}) =>
  h.post(body, {
    origin: ORIGIN,
    ...(contentType ? { 'content-type': contentType } : {}),
    ...headers,
  });

describe('malformed multipart bodies', FUZZ_SUITE, () => {
  it('takes the unbroken body these tests start from', async () => {
    const boundary = 'x-fuzz-boundary-0123456789';
    await expectDelivered(h, await send(validBody(boundary, validJson()), multipartType(boundary)));
  });

  it('refuses random bytes under a multipart content type', async () => {
    // Random bytes alone, or after a real opening delimiter (and part header) to get further.
    const bodyArb = fc.record({
      opening: fc.constantFrom('', 'delimiter', 'delimiter and header'),
      rest: fc.uint8Array({ maxLength: 3000 }),
    });
    const header = 'Content-Disposition: form-data; name="enquiry"\r\n';
    await fuzz(
      fc.asyncProperty(boundaryArb, bodyArb, async (boundary, { opening, rest }) => {
        const delimiter = opening ? `--${boundary}\r\n` : '';
        const body = bytes(delimiter, opening === 'delimiter and header' ? header : '', rest);
        await expectRefusal(h, () => send(body, multipartType(boundary)));
      }),
      150,
    );
  });

  it('refuses a valid submission whose framing is broken in one place', async () => {
    await fuzz(
      fc.asyncProperty(boundaryArb, breakageArb, async (boundary, breakage) => {
        const { body, headers } = breakBody(breakage, boundary, validJson());
        await expectRefusal(h, () => send(body, multipartType(boundary), headers));
      }),
      300,
    );
  });

  it('refuses a valid body sent under a content type that is not multipart form data with its boundary', async () => {
    const contentTypeArb = fc.oneof(
      fc.constantFrom(
        undefined,
        '',
        'text/plain',
        'application/json',
        'application/x-www-form-urlencoded',
      ),
      fc.constantFrom(
        'multipart/mixed; boundary=',
        'multipart/form-data',
        'multipart/form-data; boundary=other-',
        'multipart/form-data;boundary="',
        'form-data; boundary=',
      ),
      headerValueArb(60),
    );
    await fuzz(
      fc.asyncProperty(boundaryArb, contentTypeArb, async (boundary, contentType) => {
        const type =
          contentType?.endsWith('=') || contentType?.endsWith('"')
            ? `${contentType}${boundary}`
            : contentType;
        const body = validBody(boundary, validJson());
        const response = await expectRefusal(h, () => send(body, type));
        expect(response.status).toBe(400);
      }),
      80,
    );
  });

  it('reads the bytes that came, whatever Content-Length claims, and refuses a claim over the limit unread', async () => {
    const limit = maxSubmissionBytes(lawFirm.files);
    const claimArb = fc.oneof(
      fc.constantFrom(
        '0',
        '1',
        '-1',
        'abc',
        '1e9',
        '0x10',
        ' 12 ',
        `${limit}`,
        `${limit + 1}`,
        '9'.repeat(30),
      ),
      fc.nat().map(String),
      // Off by a little from the true length, either way.
      fc.integer({ min: -2000, max: 2000 }).map((delta) => ({ delta })),
    );
    await fuzz(
      fc.asyncProperty(boundaryArb, claimArb, async (boundary, claim) => {
        const body = validBody(boundary, validJson());
        const declared = typeof claim === 'string' ? claim : String(body.length + claim.delta);
        const headers = { 'content-length': declared };
        if (parseInt(declared, 10) > limit) {
          const refusal = await expectRefusal(h, () =>
            send(body, multipartType(boundary), headers),
          );
          expect(refusal.status).toBe(413);
        } else {
          await expectDelivered(h, await send(body, multipartType(boundary), headers));
        }
      }),
      80,
    );
  });
});
