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

/** The platform's answer: its status and headers, and its body to be read as far as wanted. */
export interface Incoming {
  status: number;
  headers: Headers;
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
  const received = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value ?? []].flat()) received.append(name, one);
  }
  return { status: answer.statusCode, headers: received, body: answer.body };
};
