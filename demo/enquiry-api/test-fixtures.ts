/**
 * Named examples and a tiny client for the stand-in's tests, so every test file sends the
 * same well-formed enquiry and files and differs only in what it sets out to break.
 */
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { lawFirm } from '../forms/index.ts';
import { DEFAULT_ROOT } from './app.ts';
import type { Credentials } from './auth.ts';
import type { EmulatorEnv } from './faults.ts';

/** The login the stand-in's own tests use. */
export const CREDENTIALS: Readonly<Credentials> = Object.freeze({
  username: 'integration',
  password: 'correct horse battery staple',
  applicationPassword: 'abcd EFGH 1234 ijkl MNOP 5678',
});

/** An `Authorization` header value for any login. */
export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

/** `Authorization` for `CREDENTIALS`. */
export const AUTH = basic(CREDENTIALS.username, CREDENTIALS.password);

const conveyancing = lawFirm.caseTypes.find((caseType) => caseType.id === 'conveyancing');
const [transaction, propertyValue] = conveyancing?.questions ?? [];
if (!transaction || !propertyValue) throw new Error('law-firm example lost its questions');

/** A complete create body, as the proxy builds it from the `lawFirm` example. */
export const ENQUIRY = Object.freeze({
  forename: 'Ada',
  surname: 'Lovelace',
  telephone_mobile: '07700 900123',
  email: 'ada@example.com',
  case_type: 'conveyancing',
  meta: [
    { id: transaction.id, label: transaction.label, value: 'Buying' },
    { id: propertyValue.id, label: propertyValue.label, value: 'Under £250,000' },
  ],
  marketing_lead_referer: 'google-ads',
  marketing_campaign: 'spring-2027',
  marketing_keywords: '',
  marketing_detail: 'hero banner B',
});

/** Small but real-looking files of each allowed kind (right magic, then filler). */
export const FILES = Object.freeze({
  png: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]),
  jpeg: Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(40, 3)]),
  mp3: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(40, 4)]),
});

/** Hex SHA-256 of some bytes, to compare what arrived with what was sent. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A complete upload body for `postId`; a PNG unless told otherwise. */
export const uploadBody = (
  postId: string | number,
  bytes: Buffer = FILES.png,
  mime = 'image/png',
  name = 'site-plan.png',
) => ({
  post_id: postId,
  file: { name, mime, postname: name },
  contents: bytes.toString('base64'),
});

type Body = string | object;
/** Extra headers; `undefined` leaves out a default one (e.g. `authorization`). */
type Headers = Partial<Record<string, string>>;

const headersWith = (extra: Headers = {}) =>
  Object.fromEntries(
    Object.entries<string | undefined>({
      authorization: AUTH,
      'content-type': 'application/json',
      ...extra,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/**
 * Requests being answered, held until their answer: a `Request` made with a signal stops
 * following it once the `Request` itself is collected (nodejs/node#55428), and then a hung
 * handler never hears its client give up. Over HTTP the server's own signal does not have this.
 */
const inFlight = new Set<Request>();

/** Sends `body` (JSON-encoded unless already a string) to a service route of `app`. */
export function serviceClient(app: Hono<EmulatorEnv>, root = DEFAULT_ROOT) {
  const post = async (path: string, body: Body, headers?: Headers, signal?: AbortSignal) => {
    const request = new Request(`http://localhost${root}${path}`, {
      method: 'POST',
      headers: headersWith(headers),
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
    inFlight.add(request);
    try {
      return await app.request(request);
    } finally {
      inFlight.delete(request);
    }
  };
  return {
    post,
    create: (body: Body = ENQUIRY, headers?: Headers, signal?: AbortSignal) =>
      post('/enquiries/create', body, headers, signal),
    upload: (body: Body, headers?: Headers) => post('/enquiries/upload', body, headers),
  };
}

/** Sends `body` to a running stand-in over real HTTP. */
export const postJson = (url: string, body: Body, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    ...init,
    headers: headersWith(),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
