/**
 * The default transport (undici's pool) against a real HTTP server: the headers a failure is
 * explained by (`Location`, `Retry-After`) reach `interpret.ts` as the server sent them, and an
 * answer is read as far as `read-answer.ts` allows.
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnquiryApiClient } from './enquiry-api-client.ts';
import { EnquiryApiError } from './errors.ts';
import { sampleSubmission } from '../test/fixtures/outbox.ts';

/**
 * What the server answers next: a status, its headers, a JSON body; `breakOff` sends the
 * first half of the body and drops the connection.
 */
let next: { status: number; headers: OutgoingHttpHeaders; body: unknown; breakOff?: boolean };
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const body = JSON.stringify(next.body);
    response.writeHead(next.status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...next.headers,
    });
    if (!next.breakOff) {
      response.end(body);
      return;
    }
    response.write(body.slice(0, body.length / 2), () => {
      response.socket?.destroy();
    });
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/wp-json/acme/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const create = async () => {
  const client = createEnquiryApiClient({ baseUrl, username: 'web', password: 'secret words' });
  return client.createEnquiry(sampleSubmission().upstream).then(
    () => undefined,
    (error: unknown) => error,
  );
};

describe('the default transport', () => {
  it('names where a redirect points, read from its Location header', async () => {
    next = { status: 301, headers: { Location: 'https://crm.example/wp-json/acme/v2' }, body: {} };
    const error = await create();
    expect(error).toBeInstanceOf(EnquiryApiError);
    expect(error).toMatchObject({ kind: 'configuration', status: 301 });
    expect((error as EnquiryApiError).message).toContain('https://crm.example/wp-json/acme/v2');
  });

  it('waits as long as a refusal’s Retry-After asks, and finds no header that was not sent', async () => {
    next = { status: 429, headers: { 'Retry-After': '7' }, body: { code: 429, result: false } };
    expect(await create()).toMatchObject({ kind: 'retryable', retryAfterMs: 7000 });
    next = { status: 503, headers: {}, body: { code: 503, result: false } };
    const error = (await create()) as EnquiryApiError;
    expect(error).toMatchObject({ kind: 'retryable', status: 503 });
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('takes a 201 whose body breaks off for a create done, its id lost: never sent again', async () => {
    next = { status: 201, headers: {}, body: { code: 201, result: 1234 }, breakOff: true };
    expect(await create()).toMatchObject({ kind: 'unknown', answeredSuccess: true });
  });

  it('reads an answer to 64 KB at most, and a create answered past it is done', async () => {
    const padding = 'x'.repeat(200 * 1024);
    next = { status: 201, headers: {}, body: { code: 201, padding, result: 1234 } };
    const error = (await create()) as EnquiryApiError;
    expect(error).toMatchObject({ kind: 'unknown', answeredSuccess: true, outcomeUnknown: true });
    expect(String(error.body).length).toBeLessThan(3000);
  });
});
