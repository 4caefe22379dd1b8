import { describe, expect, it } from 'vitest';
import { createEnquiryApiClient } from './enquiry-api-client.ts';
import { EnquiryApiError } from './errors.ts';
import { fetchTransport } from '../test/fixtures/fetch-transport.ts';
import { sampleSubmission } from '../test/fixtures/outbox.ts';

const enquiry = sampleSubmission().upstream;

interface Seen {
  url: string;
  headers: Headers;
  body: string;
}

/** A fetch that answers from a script and records each request as the server would see it. */
function scriptedFetch(...answers: (Response | Error | (() => Response))[]) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, headers: request.headers, body: await request.text() });
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  };
  return { seen, fetch: fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const client = (fetch: typeof globalThis.fetch, timeoutMs = 1000) =>
  createEnquiryApiClient({
    baseUrl: 'https://crm.test/wp-json/acme/v1/',
    username: 'u',
    password: 'p w',
    transport: fetchTransport(fetch),
    timeoutMs,
  });

/** A platform that never answers: the call ends only when its signal aborts. */
const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => {
      reject(init.signal?.reason as Error);
    });
  });

const failure = async (promise: Promise<unknown>): Promise<EnquiryApiError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EnquiryApiError);
  return error as EnquiryApiError;
};

describe('createEnquiry', () => {
  it('posts the enquiry as JSON with Basic credentials and returns the new id', async () => {
    const { seen, fetch } = scriptedFetch(
      json(201, { code: 201, status: 'Created enquiry', result: 1234 }),
    );
    await expect(client(fetch).createEnquiry(enquiry)).resolves.toBe(1234);
    expect(seen[0]?.url).toBe('https://crm.test/wp-json/acme/v1/enquiries/create');
    expect(seen[0]?.headers.get('authorization')).toBe(`Basic ${btoa('u:p w')}`);
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(enquiry);
  });

  it('refuses to send an enquiry without a forename or with an incomplete meta entry', async () => {
    const { seen, fetch } = scriptedFetch();
    await expect(client(fetch).createEnquiry({ ...enquiry, forename: ' ' })).rejects.toThrow();
    await expect(
      client(fetch).createEnquiry({ ...enquiry, meta: [{ id: 'x', label: 'X', value: '' }] }),
    ).rejects.toThrow();
    expect(seen).toHaveLength(0);
  });

  it('classifies a 400 as validation and names the parameter', async () => {
    const body = {
      code: 400,
      status: 'Required parameter `forename` is missing or empty.',
      result: false,
    };
    const error = await failure(
      client(scriptedFetch(json(400, body)).fetch).createEnquiry(enquiry),
    );
    expect(error).toMatchObject({ kind: 'validation', status: 400, parameter: 'forename', body });
  });

  it.each([
    [
      'the spec',
      { code: 401, message: 'Authentication required.', data: { status: 'rest_cannot_access' } },
    ],
    [
      'WordPress',
      {
        code: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
        data: { status: 401 },
      },
    ],
  ])('classifies a 401 in the shape of %s as authentication', async (_shape, body) => {
    const error = await failure(
      client(scriptedFetch(json(401, body)).fetch).createEnquiry(enquiry),
    );
    expect(error).toMatchObject({ kind: 'authentication', status: 401, outcomeUnknown: false });
  });

  it.each([
    [408, false],
    [429, false],
    [500, true],
    [502, true],
    [503, false],
    [504, true],
  ])('classifies %i as retryable (outcome unknown: %s)', async (status, outcomeUnknown) => {
    const answer = json(
      status,
      { code: status, status: 'busy', result: false },
      { 'retry-after': '7' },
    );
    const error = await failure(client(scriptedFetch(answer).fetch).createEnquiry(enquiry));
    expect(error).toMatchObject({ kind: 'retryable', status, retryAfterMs: 7000, outcomeUnknown });
  });

  it.each([
    ['the id as a string', 201, { code: '201', status: 'Created enquiry', result: '1234' }],
    ['a 200 instead of a 201', 200, { code: 200, status: 'OK', result: 1234 }],
  ])('takes %s as success', async (_case, status, body) => {
    await expect(
      client(scriptedFetch(json(status, body)).fetch).createEnquiry(enquiry),
    ).resolves.toBe(1234);
  });

  it.each([
    ['a zero', 0],
    ['a fraction', 12.5],
    ['a number past 2^53', 2 ** 53],
    ['a string of 16 digits', '1234567890123456'],
    ['a string that is not digits', '12a'],
    ['false', false],
  ])('takes %s as no id, though the step was done', async (_case, result) => {
    const answer = json(201, { code: 201, status: 'Created enquiry', result });
    const error = await failure(client(scriptedFetch(answer).fetch).createEnquiry(enquiry));
    expect(error).toMatchObject({ kind: 'unknown', answeredSuccess: true, outcomeUnknown: true });
  });

  it('marks a 2xx without a readable id as done, so it is not sent again blindly', async () => {
    const notice = new Response('<br /><b>Deprecated</b>: ... {"code":201,"result":12', {
      status: 201,
    });
    const error = await failure(client(scriptedFetch(notice).fetch).createEnquiry(enquiry));
    expect(error).toMatchObject({
      kind: 'unknown',
      status: 201,
      answeredSuccess: true,
      outcomeUnknown: true,
    });
  });

  it('takes a 404 rest_no_route for a configuration error, naming ENQUIRY_API_URL', async () => {
    const error = await failure(
      client(scriptedFetch(json(404, { code: 'rest_no_route' })).fetch).createEnquiry(enquiry),
    );
    expect(error).toMatchObject({ kind: 'configuration', status: 404, answeredSuccess: false });
    expect(error.hint).toContain('ENQUIRY_API_URL');
  });

  it('knows a refused connection never reached the API, but a reset one may have', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const reset = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    const { fetch } = scriptedFetch(refused, reset);
    expect(await failure(client(fetch).createEnquiry(enquiry))).toMatchObject({
      kind: 'retryable',
      outcomeUnknown: false,
    });
    expect(await failure(client(fetch).createEnquiry(enquiry))).toMatchObject({
      kind: 'retryable',
      outcomeUnknown: true,
    });
  });

  it('gives up on an attempt after the timeout, as a retryable failure of unknown outcome', async () => {
    const error = await failure(client(hanging, 50).createEnquiry(enquiry));
    expect(error).toMatchObject({
      kind: 'retryable',
      outcomeUnknown: true,
      message: 'enquiry API create timed out',
    });
  });

  it('stops a call in flight when the proxy shuts down, and does not call it a timeout', async () => {
    const shutdown = new AbortController();
    const call = client(hanging, 60_000).createEnquiry(enquiry, shutdown.signal);
    shutdown.abort(new Error('shutting down'));
    const error = await failure(call);
    expect(error).toMatchObject({ kind: 'retryable', outcomeUnknown: true });
    expect(error.message).toBe('enquiry API create failed (shutting down)');
  });

  it('never puts the credentials into an error message', async () => {
    const { fetch } = scriptedFetch(
      json(401, { code: 401, message: 'no', data: { status: 'rest_cannot_access' } }),
    );
    const error = await failure(client(fetch).createEnquiry(enquiry));
    const text = `${error.message} ${String(error.stack)} ${JSON.stringify(error)}`;
    expect(text).not.toContain(btoa('u:p w'));
    expect(text).not.toContain('p w');
  });
});

describe('uploadFile', () => {
  it('sends post_id as a string, the descriptor, and the bytes in BASE64 with an exact length', async () => {
    const bytes = new Uint8Array(500_000).map((_, i) => (i * 7) % 256);
    const { seen, fetch } = scriptedFetch(json(201, { code: 201, status: 'Accepted', result: 77 }));
    const file = { name: 'plan.pdf', mime: 'application/pdf', postname: 'plan.pdf', bytes };
    await expect(client(fetch).uploadFile(1234, file)).resolves.toBe(77);
    const sent = JSON.parse(seen[0]?.body ?? '') as {
      post_id: string;
      file: unknown;
      contents: string;
    };
    expect(seen[0]?.url).toBe('https://crm.test/wp-json/acme/v1/enquiries/upload');
    expect(sent.post_id).toBe('1234');
    expect(sent.file).toEqual({ name: 'plan.pdf', mime: 'application/pdf', postname: 'plan.pdf' });
    expect(Buffer.from(sent.contents, 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(Number(seen[0]?.headers.get('content-length'))).toBe(
      Buffer.byteLength(seen[0]?.body ?? ''),
    );
  });

  it('escapes a file name that needs it', async () => {
    const { seen, fetch } = scriptedFetch(json(201, { code: 201, status: 'Accepted', result: 1 }));
    const name = 'Zoë "final" \\ plan.pdf';
    await client(fetch).uploadFile(1, {
      name,
      mime: 'application/pdf',
      postname: name,
      bytes: new Uint8Array([1]),
    });
    expect(JSON.parse(seen[0]?.body ?? '')).toMatchObject({
      file: { name, postname: name },
      contents: 'AQ==',
    });
  });

  it('refuses an empty file before sending', async () => {
    const { seen, fetch } = scriptedFetch();
    const empty = {
      name: 'a.pdf',
      mime: 'application/pdf',
      postname: 'a.pdf',
      bytes: new Uint8Array(),
    };
    await expect(client(fetch).uploadFile(1, empty)).rejects.toThrow();
    expect(seen).toHaveLength(0);
  });
});

describe('what reaches the log', () => {
  const password = 'Qx7vLm2pRt9wZk4nHs8dJf3gBy6cNa5e';
  /** Every 8-character piece of the password: none may appear, not even a part of it. */
  const piecesOf = (secret: string) =>
    Array.from({ length: secret.length - 7 }, (_, at) => secret.slice(at, at + 8));
  const logged: string[] = [];
  const echoing = (body: string) =>
    createEnquiryApiClient({
      baseUrl: 'https://crm.test/wp-json/acme/v1/',
      username: 'web-user',
      password,
      transport: fetchTransport(async () => new Response(body, { status: 201 })),
      timeoutMs: 1000,
      onNotice: (notice) => logged.push(JSON.stringify(notice)),
    });

  it('keeps no part of a password that a PHP notice echoes across the sample’s cut', async () => {
    // The notice is cut for the log at 300 characters: the password straddles that point.
    const notice = `<br />\n<b>Warning</b>:  Undefined index: login in /var/www/enquiries.php on line 9: ${'x'.repeat(200)}`;
    const before = notice.padEnd(300 - 16, '.');
    const body = `${before}${password}<br />\n${JSON.stringify({ code: 201, status: 'Created enquiry', result: 7 })}`;
    await expect(echoing(body).createEnquiry(enquiry)).resolves.toBe(7);
    expect(logged).toHaveLength(1);
    for (const piece of piecesOf(password)) expect(logged.join('\n')).not.toContain(piece);
  });
});
