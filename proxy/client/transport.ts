/**
 * How the client's requests leave the process. By default through one keep-alive pool
 * (undici's `Agent` and `request`), bounded per platform: WHATWG `fetch` built a `Request`, a
 * `Headers`, abort signals and web streams for every call, a third of the proxy's CPU per
 * enquiry in the profile (BENCHMARKS.md, "Proxy create path"). Tests that must change a request
 * on its way, or answer it themselves, give a transport of their own
 * (`proxy/test/fixtures/fetch-transport.ts`).
 */
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';

/** One request to the platform: always a POST of JSON with a known length. */
export interface Outgoing {
  url: string;
  headers: Record<string, string>;
  /** Streamed bodies are pulled only as fast as the socket takes them. */
  body: string | AsyncIterable<Uint8Array>;
  signal: AbortSignal;
}

/**
 * An answer's headers as they are read: one at a time, by name, several values joined as
 * `Headers.get` joins them. A `Headers` is one; the pool's answers are read in place.
 */
export interface AnswerHeaders {
  get(name: string): string | null;
}

/** The platform's answer: its status and headers, and its body to be read as far as wanted. */
export interface Incoming {
  status: number;
  headers: AnswerHeaders;
  /** Leaving a `for await` over it early cancels the rest. */
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** Sends one request; rejects when no answer came (refused, reset, timed out). */
export type Transport = (outgoing: Outgoing) => Promise<Incoming>;

/**
 * Connections kept open to one platform, at most. WordPress serves each request with one PHP
 * worker (often 5 to 20 of them); more connections than workers only queue on its side, where
 * no timeout of ours can see them. Calls beyond this wait in the pool instead.
 */
const CONNECTIONS_PER_PLATFORM = 16;

let pool: Agent | undefined;

/** The process's pool, made on first use (most tests never call a platform). */
const sharedPool = () =>
  (pool ??= new Agent({ connections: CONNECTIONS_PER_PLATFORM, keepAliveTimeout: 4_000 }));

/** The default: undici's `request` over the shared keep-alive pool. Redirects are not followed. */
export const poolTransport: Transport = async ({ url, headers, body, signal }) => {
  const answer = await request(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : Readable.from(body, { objectMode: false }),
    signal,
    dispatcher: sharedPool(),
  });
  // Read in place: only a redirect or a refusal reads a header (`Location`, `Retry-After`), and
  // a `Headers` built for every answer cost as much as the rest of this function.
  const raw = answer.headers;
  const received: AnswerHeaders = {
    get: (name) => {
      const key = name.toLowerCase();
      const value = Object.hasOwn(raw, key) ? raw[key] : undefined;
      return value === undefined ? null : [value].flat().join(', ');
    },
  };
  return { status: answer.statusCode, headers: received, body: answer.body };
};
