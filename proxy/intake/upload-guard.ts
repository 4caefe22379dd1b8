/**
 * Guards the body of a submission while it arrives, so that no client can hold up the others:
 *
 * - **Bytes as they arrive.** A budget of bytes received but not yet stored, shared by all
 *   submissions (spooled to disk until the outbox has them). Bytes are charged as they come,
 *   not as `Content-Length` declares them, so a client that declares 50 MB and trickles costs
 *   what it sent. Past the budget: `503` with `Retry-After`. The bytes are given back as soon as
 *   the submission is stored (`release`), not when delivery ends.
 * - **Uploads per client.** At most `perClient` submissions arriving at once from one address:
 *   more get `429`.
 * - **Silence.** A body that sends nothing for `idleMs` is ended with `408`.
 * - **Size.** A body larger than the largest submission is refused with `413`, by its
 *   `Content-Length` before a byte is read, or when it runs past the limit. (Hono's `bodyLimit`
 *   would buffer a chunked body whole to measure it.) A browser's post of the form without
 *   JavaScript is read up to the limit instead, as a chunked body is: its fields come before its
 *   files, and the form is drawn again with them.
 */
import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { Refusal } from '../http/refusal.ts';
import type { Limiter, LimiterMaker } from '../limiter/token-buckets.ts';
import { MeteredBody } from './metered-body.ts';

/** The shared budget of bytes received and not yet stored. */
export class ByteBudget {
  #used = 0;

  constructor(readonly ceiling: number) {}

  /** Bytes held now. */
  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` if they fit; false when they do not. */
  take(bytes: number): boolean {
    if (this.#used + bytes > this.ceiling) return false;
    this.#used += bytes;
    return true;
  }

  /** Gives back `bytes`. */
  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/** How much the submission route takes, from whom, and how fast. */
export interface SubmissionLimits {
  /** Submissions per minute from one client address. */
  perClient: Limiter;
  /** Submissions by people per minute, everybody together (caught bots never count). */
  global: Limiter;
  /** Submissions the bot checks caught, per minute from one client address. */
  bots: Limiter;
  /** The booking limits' buckets (`call-limits.ts`): calls held per client, network, domain, hour. */
  calls: LimiterMaker;
  /** Bytes received and not yet stored, all submissions together. */
  uploadBytes: ByteBudget;
  /** Submissions one client address may be sending at once. */
  uploadsPerClient: number;
  /** A body that sends nothing for this long is ended. */
  bodyIdleMs: number;
  /** Uploads (`/api/uploads`) made per minute from one client address; `perClient` without it. */
  uploadCreations?: Limiter | undefined;
}

/** The guard's settings. */
export interface UploadGuardOptions {
  budget: ByteBudget;
  /**
   * The largest body taken, asked at each request (the form's version may have changed): a
   * larger `Content-Length` is refused before a byte is read, and a body that runs past it
   * (chunked, or lying about its length) is cut off there. Given the request: a preview's send
   * is read within its draft's limits.
   */
  maxBytes: (c: Context) => number;
  /** The `413` to answer with. */
  tooLarge: Refusal;
  /** False for a request read up to `maxBytes` whatever its `Content-Length` (default: true). */
  refuseByLength?: (c: Context) => boolean;
  /** Submissions one client may be sending at once. */
  perClient: number;
  /** A body that sends nothing for this long is ended. */
  idleMs: number;
  /** The key a client is counted by (its address). */
  clientKey: (c: Context) => string;
}

/** What the route reads of the guarded body, and may do with it. */
export interface GuardedUpload {
  /**
   * The body, metered: bytes charged as they arrive, cut off past the size with the `413`, ended
   * with `408` when it stalls, refused with `503` past the budget; null when the request has
   * none (in memory, without a body). Every reader of a guarded route reads this, never the
   * request's own body.
   */
  body: AsyncIterable<Uint8Array> | null;
  /** Gives the body's bytes back to the budget (the submission is stored, or refused). */
  release(): void;
}

/** The variables the guard sets on the context. */
export interface UploadGuardEnv {
  Variables: { upload: GuardedUpload };
}

/**
 * The middleware: counts the client's uploads, and gives the route the body (`upload.body`)
 * charged to the budget as it arrives and timed out when it stalls.
 *
 * @example app.post('/api/enquiries', uploadGuard({ budget, perClient: 4, idleMs: 15_000, clientKey }), handler)
 */
export const uploadGuard = (options: UploadGuardOptions): MiddlewareHandler<UploadGuardEnv> => {
  const active = new Map<string, number>();
  return async (c, next) => {
    // Only digits declare a length (RFC 9110, 8.6); anything else is no claim at all.
    const declared = /^\s*(\d+)\s*$/.exec(c.req.header('content-length') ?? '')?.[1];
    const byLength = options.refuseByLength?.(c) ?? true;
    const maxBytes = options.maxBytes(c);
    if (byLength && declared !== undefined && Number(declared) > maxBytes) throw options.tooLarge;
    const key = options.clientKey(c);
    const mine = active.get(key) ?? 0;
    if (mine >= options.perClient) throw Refusal.tooManyAtOnce();
    active.set(key, mine + 1);
    // Metered whatever its Content-Length says: a route reads the bytes that came, and each is
    // charged (over Node's HTTP a body said to be empty ends at once).
    const upload = meter(sourceOf(c), { ...options, maxBytes });
    c.set('upload', upload);
    try {
      await next();
    } finally {
      upload.release();
      upload.close();
      const left = (active.get(key) ?? 1) - 1;
      if (left > 0) active.set(key, left);
      else active.delete(key);
    }
  };
};

/** A body read from a web stream (in memory, in tests) is cancelled when it fails, as it stops. */
const fromWeb = { stop: (source: Readable) => source.destroy() };

/** Node's own request under @hono/node-server (`c.env.incoming`); none in `app.request()`. */
export function nodeRequestOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

/**
 * Where the body comes from: Node's request itself, so that no web `Request` or stream is built
 * for it; else the request's web stream (`app.request()`), read as a Node stream.
 */
function sourceOf(c: Context): { source: Readable; stop?: (source: Readable) => void } | null {
  const incoming = nodeRequestOf(c);
  if (incoming) return { source: incoming };
  const body = c.req.raw.body;
  return body ? { source: Readable.fromWeb(body as never), ...fromWeb } : null;
}

/** A body that charges the budget per chunk and fails when it stalls or the budget is spent. */
function meter(
  from: { source: Readable; stop?: (source: Readable) => void } | null,
  {
    budget,
    idleMs,
    maxBytes,
    tooLarge,
  }: Pick<UploadGuardOptions, 'budget' | 'idleMs' | 'tooLarge'> & { maxBytes: number },
): GuardedUpload & { close(): void } {
  let held = 0;
  let received = 0;
  let released = false;
  const release = () => {
    released = true;
    budget.give(held);
    held = 0;
  };
  if (!from) return { body: null, release, close: () => undefined };
  const body = new MeteredBody(from.source, {
    idleMs,
    stalled: () => Refusal.bodyIdle(idleMs),
    ...(from.stop ? { stop: from.stop } : {}),
    charge: (bytes) => {
      received += bytes;
      if (received > maxBytes) throw tooLarge;
      // Once stored, the bytes are not held any more: later chunks (the epilogue) cost nothing.
      if (!released) {
        if (!budget.take(bytes)) throw Refusal.busy();
        held += bytes;
      }
    },
  });
  return {
    body,
    release,
    close: () => {
      body.close();
    },
  };
}
