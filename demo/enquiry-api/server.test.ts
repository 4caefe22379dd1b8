import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxJson } from './inbox.ts';
import { startEnquiryApi, type RunningEnquiryApi, type StartOptions } from './server.ts';
import { EnquiryStore } from './store.ts';
import {
  AUTH,
  CREDENTIALS,
  ENQUIRY,
  FILES,
  postJson,
  sha256,
  uploadBody,
} from './test-fixtures.ts';

const running: RunningEnquiryApi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.close()));
});

const start = async (options: Partial<StartOptions> = {}) => {
  const api = await startEnquiryApi({ credentials: CREDENTIALS, ...options });
  running.push(api);
  return api;
};

/** Sends `text` as a chunked body: no Content-Length, as a streaming client does. */
const streamed = (url: string, text: string, chunkSize = 256 * 1024) => {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= text.length) {
        controller.close();
        return;
      }
      controller.enqueue(new TextEncoder().encode(text.slice(offset, offset + chunkSize)));
      offset += chunkSize;
    },
  });
  return fetch(url, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
};

describe('startEnquiryApi', () => {
  it('listens on a free local port and serves the service root', async () => {
    const api = await start();
    expect(api.origin).toBe(`http://127.0.0.1:${api.port}`);
    expect(api.url).toBe(`${api.origin}/wp-json/enquiries/v1`);
    const res = await postJson(`${api.url}/enquiries/create`, ENQUIRY);
    expect(await res.json()).toEqual({ code: 201, status: 'Created enquiry', result: 1001 });
    const inbox = (await (await fetch(`${api.origin}/inbox.json`)).json()) as InboxJson;
    expect(inbox.enquiries.map((e) => e.dropped)).toEqual([undefined]);
  });

  it('stores the enquiry, then cuts the connection before any answer, and says so', async () => {
    const api = await start({ faults: { dropAfterCreateRate: 1 } });
    await expect(postJson(`${api.url}/enquiries/create`, ENQUIRY)).rejects.toThrow(/fetch failed/);
    const inbox = (await (await fetch(`${api.origin}/inbox.json`)).json()) as InboxJson;
    expect(inbox.enquiries.map((e) => [e.forename, e.dropped])).toEqual([['Ada', true]]);
    expect(inbox.stats).toMatchObject({ created: 1, faulted: 1 });
  });

  it('closes promptly with a hung request open, and the client sees the line go', async () => {
    const api = await start({ faults: { hangRate: 1 } });
    const hung = postJson(`${api.url}/enquiries/create`, ENQUIRY).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await api.close();
    expect(performance.now() - started).toBeLessThan(500);
    expect(await hung).toBe('cut');
  });

  it('lets faults change at run time', async () => {
    const api = await start();
    api.faults.set({ failNext: 1, failStatus: 502 });
    expect((await postJson(`${api.url}/enquiries/create`, ENQUIRY)).status).toBe(502);
    api.faults.reset();
    expect((await postJson(`${api.url}/enquiries/create`, ENQUIRY)).status).toBe(201);
  });

  it('takes a streamed 10 MB upload and gives back the same bytes', async () => {
    const api = await start();
    await postJson(`${api.url}/enquiries/create`, ENQUIRY);
    const bytes = Buffer.concat([FILES.pdf, randomBytes(10 * 1024 * 1024)]);
    const body = JSON.stringify(uploadBody('1001', bytes, 'application/pdf', 'deeds.pdf'));
    const res = await streamed(`${api.url}/enquiries/upload`, body);
    expect(await res.json()).toEqual({ code: 201, status: 'Accepted', result: 50001 });
    const download = await fetch(`${api.origin}/inbox/files/50001`);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('answers 413 to a streamed body that grows over the limit', async () => {
    const api = await start({ bodyLimitBytes: 1024 * 1024 });
    await postJson(`${api.url}/enquiries/create`, ENQUIRY);
    const body = JSON.stringify(uploadBody('1001', Buffer.alloc(2 * 1024 * 1024, 1)));
    const res = await streamed(`${api.url}/enquiries/upload`, body);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, result: false });
  });

  it('closes a store it made, but leaves a store it was given open', async () => {
    const own = await startEnquiryApi({ credentials: CREDENTIALS });
    await own.close();
    expect(() => own.store.listEnquiries()).toThrow(/not open/);
    const store = new EnquiryStore(':memory:');
    const given = await startEnquiryApi({ credentials: CREDENTIALS, store });
    await given.close();
    expect(store.listEnquiries()).toEqual([]);
    store.close();
  });

  it('rejects when the port is taken', async () => {
    const api = await start();
    await expect(startEnquiryApi({ credentials: CREDENTIALS, port: api.port })).rejects.toThrow(
      /EADDRINUSE/,
    );
  });
});
