/**
 * The client against the stand-in enquiry API, row by row of the spec's tables (sections 2, 4,
 * 5, 7 and 8). Rows the client would refuse to send itself are reached with a fetch that
 * tampers with the request on its way out, so the classification of the API's real answer is
 * what is tested.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { CREDENTIALS, ENQUIRY } from '../../demo/enquiry-api/test-fixtures.ts';
import { sampleFiles } from '../test/fixtures/proxy-harness.ts';
import { createEnquiryApiClient } from './enquiry-api-client.ts';
import { EnquiryApiError } from './errors.ts';
import type { UpstreamEnquiry } from './schemas.ts';
import { fetchTransport } from '../test/fixtures/fetch-transport.ts';
import { fetchInbox } from '../../demo/enquiry-api/inbox.ts';

const { username: USERNAME, password: PASSWORD } = CREDENTIALS;
const APPLICATION_PASSWORD = CREDENTIALS.applicationPassword ?? '';

let api: RunningEnquiryApi;
beforeAll(async () => {
  api = await startEnquiryApi({
    credentials: {
      username: USERNAME,
      password: PASSWORD,
      applicationPassword: APPLICATION_PASSWORD,
    },
  });
});
afterAll(async () => api.close());

// The stand-in's own well-formed example, with an answer that needs careful encoding.
const enquiry: UpstreamEnquiry = {
  ...ENQUIRY,
  meta: [
    ...ENQUIRY.meta,
    { id: 'notes', label: 'Anything else we should know?', value: 'Zoë’s “first” home 🏡' },
  ],
};

/** A fetch that rewrites the JSON body (or headers) before it leaves. */
const tampering =
  (change: (body: Record<string, unknown>, headers: Headers) => void): typeof fetch =>
  async (input, init) => {
    const headers = new Headers(init?.headers);
    const text = await new Response(init?.body ?? null).text();
    const body = JSON.parse(text) as Record<string, unknown>;
    change(body, headers);
    headers.delete('content-length');
    return fetch(input, {
      ...init,
      headers,
      body: JSON.stringify(body),
      duplex: 'half',
    } as RequestInit);
  };

const client = (options: { password?: string; fetch?: typeof fetch } = {}) =>
  createEnquiryApiClient({
    baseUrl: api.url,
    username: USERNAME,
    password: options.password ?? PASSWORD,
    ...(options.fetch ? { transport: fetchTransport(options.fetch) } : {}),
  });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EnquiryApiError);
  return error as EnquiryApiError;
};

const inbox = () => fetchInbox(api.origin);

describe('section 2.1 and 4.1: create an enquiry', () => {
  it('returns the new integer id and the API keeps every field exactly', async () => {
    const id = await client().createEnquiry(enquiry);
    expect(Number.isInteger(id)).toBe(true);
    const stored = (await inbox()).find((e) => e.id === id);
    expect(stored).toMatchObject({ ...enquiry });
  });

  it.each([
    ['missing', (body: Record<string, unknown>) => delete body.forename],
    ['empty', (body: Record<string, unknown>) => (body.forename = '')],
  ])('is refused when forename is %s: validation naming `forename`', async (_how, change) => {
    const error = await failure(client({ fetch: tampering(change) }).createEnquiry(enquiry));
    expect(error).toMatchObject({
      kind: 'validation',
      status: 400,
      parameter: 'forename',
      outcomeUnknown: false,
    });
    expect(error.body).toMatchObject({ code: 400, result: false });
  });
});

describe('section 2.2: meta entries', () => {
  it.each(['id', 'label', 'value'])(
    'are refused without %s, naming the entry and key',
    async (key) => {
      const change = (body: Record<string, unknown>) =>
        delete (body.meta as Record<string, unknown>[])[1]?.[key];
      const error = await failure(client({ fetch: tampering(change) }).createEnquiry(enquiry));
      expect(error).toMatchObject({ kind: 'validation', parameter: `meta[1][${key}]` });
    },
  );
});

describe('sections 2.3 and 4.2: upload files', () => {
  it.each([
    ['pdf', 'application/pdf', sampleFiles.pdf(300_000)],
    ['png', 'image/png', sampleFiles.png(2000)],
    ['gif', 'image/gif', sampleFiles.gif()],
    ['jpeg', 'image/jpeg', sampleFiles.jpeg(2000)],
  ])(
    'accepts a %s, one request per file, and keeps its bytes (sha256)',
    async (kind, mime, bytes) => {
      const id = await client().createEnquiry(enquiry);
      const name = `Plan ${kind} “v2”.${kind}`;
      const attachment = await client().uploadFile(id, { name, mime, postname: name, bytes });
      expect(Number.isInteger(attachment)).toBe(true);
      const [file] = (await inbox()).find((e) => e.id === id)?.files ?? [];
      const downloaded = new Uint8Array(
        await (await fetch(`${api.origin}${file?.url ?? ''}`)).arrayBuffer(),
      );
      expect(createHash('sha256').update(downloaded).digest('hex')).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
      expect(file).toMatchObject({ name, postname: name, mime });
    },
  );

  it('is refused with empty contents: validation naming `contents`', async () => {
    const id = await client().createEnquiry(enquiry);
    const change = (body: Record<string, unknown>) => (body.contents = '');
    const file = {
      name: 'a.pdf',
      mime: 'application/pdf',
      postname: 'a.pdf',
      bytes: sampleFiles.pdf(10),
    };
    const error = await failure(client({ fetch: tampering(change) }).uploadFile(id, file));
    expect(error).toMatchObject({ kind: 'validation', parameter: 'contents' });
    expect((error.body as { status: string }).status).toMatch(/empty.*encoding/is);
  });

  it('is refused for an enquiry that does not exist, as an unknown failure', async () => {
    const file = {
      name: 'a.pdf',
      mime: 'application/pdf',
      postname: 'a.pdf',
      bytes: sampleFiles.pdf(10),
    };
    expect(await failure(client().uploadFile(999_999, file))).toMatchObject({
      kind: 'unknown',
      status: 404,
    });
  });
});

describe('section 5: authentication', () => {
  it.each([
    ['the application password with its spaces', APPLICATION_PASSWORD],
    ['the application password without spaces', APPLICATION_PASSWORD.replaceAll(' ', '')],
  ])('accepts %s', async (_how, password) => {
    await expect(client({ password }).createEnquiry(enquiry)).resolves.toBeGreaterThan(0);
  });

  it('classifies a wrong password and a missing header as authentication failures', async () => {
    expect(await failure(client({ password: 'wrong' }).createEnquiry(enquiry))).toMatchObject({
      kind: 'authentication',
      status: 401,
    });
    const anonymous = tampering((_body, headers) => {
      headers.delete('authorization');
    });
    const error = await failure(client({ fetch: anonymous }).createEnquiry(enquiry));
    expect(error).toMatchObject({ kind: 'authentication', status: 401 });
    expect(error.body).toMatchObject({ code: 401, data: { status: 'rest_cannot_access' } });
  });
});

describe('section 8: file kinds', () => {
  it('refuses audio, which the spec says to convert to PDF, without retrying as if the API were down', async () => {
    const id = await client().createEnquiry(enquiry);
    const file = {
      name: 'memo.mp3',
      mime: 'audio/mpeg',
      postname: 'memo.mp3',
      bytes: sampleFiles.mp3(),
    };
    expect(await failure(client().uploadFile(id, file))).toMatchObject({
      kind: 'unknown',
      status: 415,
    });
  });
});
