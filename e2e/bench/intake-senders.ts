/**
 * How the intake bench's visitors send a file: sent ahead by tus (creation, then PATCHes), or in
 * the multipart body of an enquiry. Sent with `node:http` over kept-alive connections, not
 * `fetch`: the bench shares the proxy's two cores, and `fetch` spent 3× the CPU per request
 * (522 ms against 150 for the 160 PATCHes of eight 10 MiB files in 512 KiB, 437 against about
 * 100 for eight multipart bodies it encoded itself), CPU the proxy then lacked. `wrk.ts` is the
 * same choice for the small requests.
 */
import { Agent, request } from 'node:http';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';
import { formToken, submissionBytes, type BenchFile } from './requests.ts';

const agent = new Agent({ keepAlive: true });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request with `body` (its length said), the answer's body read and dropped. A kept-alive
 * connection the proxy closed as idle just as it was taken again (its `keepAliveTimeout` against
 * the agent's reuse: on a busy machine it broke runs with `socket hang up` and `EPIPE`) is
 * tried once more on a new one, as Node's documentation advises: the proxy never read it.
 */
async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<Answer> {
  try {
    return await sendOnce(url, method, headers, body);
  } catch (error) {
    if (!(error instanceof ReusedSocketClosed)) throw error;
    return sendOnce(url, method, headers, body);
  }
}

/** The proxy closed a kept-alive connection before this request's answer began. */
class ReusedSocketClosed extends Error {}

function sendOnce(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<Answer> {
  const length = { 'content-length': String(body?.byteLength ?? 0) };
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(url, { method, agent, headers: { ...headers, ...length } }, (res) => {
      answered = true;
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
      res.on('error', reject);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const closed = ['ECONNRESET', 'EPIPE'].includes(error.code ?? '');
      if (outgoing.reusedSocket && !answered && closed)
        reject(new ReusedSocketClosed(`${method} ${url}: ${error.message}`, { cause: error }));
      else
        reject(new Error(`${method} ${new URL(url).pathname}: ${error.message}`, { cause: error }));
    });
    outgoing.end(body);
  });
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
const TUS = { 'tus-resumable': '1.0.0', origin: ORIGIN };

/**
 * What a visitor sends, made ready before the clock starts (the form token fetched, the body
 * encoded), so that what is timed is the sending alone.
 */
export type Ready = () => Promise<unknown>;

/** One file to send ahead: created, then PATCHed `chunk` bytes at a time. */
export async function readyAhead(origin: string, bytes: Uint8Array, chunk: number): Promise<Ready> {
  const token = await formToken(origin);
  return () => sendAhead(origin, bytes, chunk, token);
}

/** Sends one file ahead with `token`; its upload's address. */
async function sendAhead(
  origin: string,
  bytes: Uint8Array,
  chunk: number,
  token: string,
): Promise<string> {
  const created = await send(`${origin}/api/uploads`, 'POST', {
    ...TUS,
    'upload-length': String(bytes.byteLength),
    'upload-metadata': `filename ${b64('plan.pdf')},filetype ${b64('application/pdf')},form_token ${b64(token)}`,
  });
  const location = created.headers.location;
  if (created.status !== 201 || typeof location !== 'string')
    throw new Error(`creation answered ${String(created.status)}`);
  for (let offset = 0; offset < bytes.byteLength; offset += chunk) {
    const answer = await send(
      `${origin}${location}`,
      'PATCH',
      {
        ...TUS,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      },
      bytes.subarray(offset, offset + chunk),
    );
    if (answer.status !== 204) throw new Error(`PATCH answered ${String(answer.status)}`);
  }
  return `${origin}${location}`;
}

/** Ends a finished upload (tus termination), so what it held counts against nobody. */
export async function terminate(upload: string): Promise<void> {
  const answer = await send(upload, 'DELETE', TUS);
  if (answer.status !== 204) throw new Error(`DELETE answered ${String(answer.status)}`);
}

/**
 * One enquiry with `file` in its multipart body, as the widget encodes it, the form token
 * fetched and the body encoded now; sending it gives the answer's status.
 */
export async function readyEnquiry(
  origin: string,
  file: BenchFile,
): Promise<() => Promise<number>> {
  const body = await submissionBytes(await formToken(origin), [file]);
  const headers = { origin: ORIGIN, 'content-type': body.contentType };
  return async () => (await send(`${origin}/api/enquiries`, 'POST', headers, body.bytes)).status;
}

/** One file in the multipart body of an enquiry, answered once stored. */
export async function readyInBody(origin: string, bytes: Uint8Array): Promise<Ready> {
  const sendIt = await readyEnquiry(origin, { name: 'plan.pdf', bytes });
  return async () => {
    const status = await sendIt();
    if (status !== 202) throw new Error(`the enquiry answered ${String(status)}`);
  };
}
