/**
 * Slow and greedy clients hold nobody up: bytes are charged as they arrive and given back once
 * stored, one address can send only a few submissions at once, and a body that goes silent is
 * ended.
 */
import { describe, expect, it } from 'vitest';
import { type ApiCall, storedLeads } from '../test/fixtures/outbox.ts';
import {
  harnessPerTest,
  ORIGIN,
  sampleFiles,
  validEnquiry,
  type ProxyHarness,
} from '../test/fixtures/proxy-harness.ts';
import { trickledPost } from '../test/fixtures/trickled-body.ts';

const setUp = harnessPerTest();
const BOUNDARY = 'guard-boundary';

/** A multipart body for `validEnquiry()` with one PDF, as bytes. */
function bodyOf(h: ProxyHarness, pdfBytes = 1000): Uint8Array {
  const enquiry = JSON.stringify({ ...validEnquiry(), form_token: h.formToken() });
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="enquiry"\r\n\r\n${enquiry}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="plan.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    sampleFiles.pdf(pdfBytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** A submission from `ip` whose body arrives only as the test pushes it. */
const trickle = (h: ProxyHarness, ip: string, declared?: number) =>
  trickledPost(h.app, '/api/enquiries', {
    origin: ORIGIN,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'x-test-ip': ip,
    ...(declared === undefined ? {} : { 'content-length': String(declared) }),
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('bytes arriving at once', () => {
  it('charges what arrived, not what was declared, so a trickling client blocks nobody', async () => {
    const h = setUp({ limits: { uploadBytes: 64 * 1024 } });
    // Declares 50 MB and sends a few bytes: it costs a few bytes.
    const slow = trickle(h, '198.51.100.1', 50 * 1024 * 1024);
    slow.push(new TextEncoder().encode(`--${BOUNDARY}\r\n`));
    await settle();
    const fine = await h.submit({}, [{ name: 'a.pdf', bytes: sampleFiles.pdf(20_000) }]);
    expect(fine.status).toBe(201);
    slow.end();
    expect((await slow.response).status).toBe(400);
  });

  it('answers 503 with Retry-After once the bytes held pass the budget', async () => {
    const h = setUp({ limits: { uploadBytes: 64 * 1024 } });
    const big = trickle(h, '198.51.100.1');
    const bigBody = bodyOf(h, 40_000);
    big.push(bigBody.subarray(0, -16)); // its closing boundary is still to come
    await settle();
    const second = trickle(h, '198.51.100.2');
    second.push(bodyOf(h, 40_000));
    second.end();
    const refused = await second.response;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: 'busy' });
    // The first, whose bytes were there first, is taken once it ends.
    big.push(bigBody.subarray(-16));
    big.end();
    expect((await big.response).status).toBe(201);
  });

  it('gives the bytes back once the enquiry is stored, while its delivery still runs', async () => {
    let release = () => {};
    // The first create waits until released; the rest are answered at once.
    const held = (call: ApiCall, n: number) =>
      n > 1
        ? call.endpoint === 'create'
          ? 2
          : 3
        : new Promise<number>((resolve) => {
            release = () => {
              resolve(1);
            };
          });
    const h = setUp({
      limits: { uploadBytes: 64 * 1024 },
      answer: held,
      deps: { deliveryDeadlineMs: 60_000 },
    });
    const first = h.submit({}, [{ name: 'a.pdf', bytes: sampleFiles.pdf(40_000) }]);
    await expect.poll(() => h.calls.length).toBe(1);
    // The first is stored and waiting on the platform: its 40 KB no longer count.
    const second = await h.submit({}, [{ name: 'b.pdf', bytes: sampleFiles.pdf(40_000) }], {
      'x-test-ip': '198.51.100.7',
    });
    expect(second.status).not.toBe(503);
    release();
    await first;
  });
});

describe('uploads from one address', () => {
  it('takes four at once from one address, refuses a fifth with 429, and takes others', async () => {
    const h = setUp();
    const open = Array.from({ length: 4 }, () => trickle(h, '198.51.100.1'));
    for (const upload of open) upload.push(new TextEncoder().encode(`--${BOUNDARY}\r\n`));
    await settle();
    const fifth = trickle(h, '198.51.100.1');
    fifth.end();
    const refused = await fifth.response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    const other = await h.submit({}, [], { 'x-test-ip': '198.51.100.2' });
    expect(other.status).toBe(201);
    for (const upload of open) upload.end();
    await Promise.all(open.map((upload) => upload.response));
  });

  it('ends a body that sends nothing for the idle time with 408', async () => {
    const h = setUp({ limits: { bodyIdleMs: 100 } });
    const stalled = trickle(h, '198.51.100.1');
    stalled.push(bodyOf(h).subarray(0, 200));
    const response = await stalled.response;
    expect(response.status).toBe(408);
    expect(await response.json()).toMatchObject({ error: 'timeout' });
    expect(await storedLeads(h.store)).toEqual([]);
  });
});
