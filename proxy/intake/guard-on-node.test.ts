/**
 * Under Node the guard reads a body from Node's own request (`metered-body.ts`), not from the
 * web stream `app.request()` gives the other tests: over a real connection, a whole enquiry and a
 * resumable upload are taken byte for byte, and a body that runs past the limit or goes silent
 * is answered, the answer reaching the client that is still sending. (The budget's `503` is the
 * same charge as the limit's `413`: `upload-guards.test.ts`.)
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import {
  harnessPerTest,
  ORIGIN,
  sampleFiles,
  validEnquiry,
  type HarnessOptions,
  type ProxyHarness,
} from '../test/fixtures/proxy-harness.ts';
import { decodeUploadCheck, tusClient } from '../test/fixtures/tus-requests.ts';

const setUp = harnessPerTest();
const servers: ServerType[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** The harness's app on a real port, as `lifecycle/listen.ts` serves it. */
async function onNode(options: HarnessOptions = {}) {
  const h = setUp(options);
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve(
      { fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' },
      () => {
        resolve(started);
      },
    );
  });
  servers.push(server);
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return { h, url };
}

/** A request whose body is written as the test says, read back as status and text. */
function sending(url: string, headers: Record<string, string>) {
  const req = request(`${url}/api/enquiries`, {
    method: 'POST',
    headers: { origin: ORIGIN, ...headers },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (response) => {
      const pieces: Buffer[] = [];
      response.on('data', (piece: Buffer) => pieces.push(piece));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(pieces).toString() });
      });
    });
    req.on('error', reject);
  });
  return { req, answer };
}

const BOUNDARY = 'node-guard';
const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** The files an enquiry may bring here: one of 64 KiB, so the body's limit is some 384 KiB. */
const smallFiles = {
  config: { ...lawFirm, files: { ...lawFirm.files, maxFiles: 1, maxFileBytes: 64 * 1024 } },
};

describe('the guard under Node', () => {
  it('takes a whole enquiry and its file byte for byte', async () => {
    const { h, url } = await onNode();
    const pdf = sampleFiles.pdf(300_000);
    const form = new FormData();
    form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: h.formToken() }));
    form.append('files', new File([pdf], 'plan.pdf'));
    const answer = await fetch(`${url}/api/enquiries`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    });
    expect(answer.status).toBe(201);
    const upload = h.calls.find((call) => call.endpoint === 'upload');
    expect(Buffer.from(upload?.bytes ?? []).equals(Buffer.from(pdf))).toBe(true);
  });

  it('takes a resumable upload in PATCHes at their offsets', async () => {
    const { h, url } = await onNode();
    const overNode = {
      formToken: h.formToken,
      app: { request: (path: string, init: RequestInit) => fetch(`${url}${path}`, init) },
    } as unknown as Pick<ProxyHarness, 'app' | 'formToken'>;
    const tus = tusClient(overNode);
    const png = sampleFiles.png(200 * 1024);
    const { id } = await tus.create(png.byteLength, { body: png.subarray(0, 70_000) });
    const first = await tus.patch(id, 70_000, png.subarray(70_000, 150_000));
    expect(first.headers.get('upload-offset')).toBe('150000');
    const last = await tus.patch(id, 150_000, png.subarray(150_000));
    expect(last.headers.get('upload-offset')).toBe(String(png.byteLength));
    expect(decodeUploadCheck(last.headers.get('upload-check'))).toMatchObject({ kind: 'png' });
  });

  it('answers 413 to a body without a length that runs past the limit, while it is sent', async () => {
    const { url } = await onNode(smallFiles);
    const { req, answer } = sending(url, multipart);
    // Bytes before the first boundary: only the body's limit stops them.
    req.end(Buffer.alloc(512 * 1024, 'x'));
    const { status, text } = await answer;
    expect(status).toBe(413);
    expect(JSON.parse(text)).toMatchObject({ error: 'too_large' });
  });

  it('answers 408 to a body that goes silent, on its open connection', async () => {
    const { h, url } = await onNode({ limits: { bodyIdleMs: 100 } });
    const { req, answer } = sending(url, multipart);
    req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="enquiry"\r\n\r\n{"fore`);
    const { status, text } = await answer;
    req.destroy();
    expect(status).toBe(408);
    expect(JSON.parse(text)).toMatchObject({ error: 'timeout' });
    expect(h.calls).toEqual([]);
  });
});
