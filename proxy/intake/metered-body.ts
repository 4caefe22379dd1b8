/**
 * A request body as the route reads it, straight from Node's stream (`upload-guard.ts` makes
 * one per guarded request). Each chunk is charged as it arrives (`charge`, which throws to
 * refuse the body), and a body that sends nothing for `idleMs` while the route waits for it
 * fails with `stalled()`. Node's `IncomingMessage` is read by its `data` events: no web `Request`
 * or `ReadableStream` is built around it, and a chunk costs one promise, the wait one timer
 * re-armed (the web streams and the guard's race cost 1.5-2.5 ms of CPU per MiB).
 *
 * While the route is busy (writing a file), chunks wait here, up to `QUEUE_BYTES`; past that the
 * source is paused until the route has taken them all. Pausing at each chunk instead made Node
 * stop and start reading the socket as often, in smaller pieces, which cost more than it saved.
 *
 * A body ended early (a refusal, a stall, or the route done reading) stops being read and is
 * paused, not destroyed: destroying a request's stream closes its socket, and the client would
 * never see the refusal. The server reads what is left, within its bounds, once the answer is
 * sent (@hono/node-server's `drainIncoming`). `stop` says what else to do on a failure: a web
 * stream in memory (tests) is cancelled.
 */
import type { Readable } from 'node:stream';

/** Bytes that may wait for a busy route before the source is paused (the spool writes as much at a time). */
const QUEUE_BYTES = 256 * 1024;

/** How a metered body charges and times out. */
export interface MeterOptions {
  /** Charges a chunk's bytes as they arrive; throws to refuse the body. */
  charge: (bytes: number) => void;
  /** A body that sends nothing for this long while it is waited for fails. */
  idleMs: number;
  /** The error a stalled body fails with. */
  stalled: () => Error;
  /** Stops the source after a failure (the source is paused in any case). */
  stop?: (source: Readable) => void;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/** The source ended without its end: the client went away, or the stream was destroyed. */
const endedEarly = () =>
  Object.assign(new Error('the request body ended before its end'), {
    code: 'ERR_STREAM_PREMATURE_CLOSE',
  });

/**
 * `source` as an async iterable that charges each chunk and fails when it stalls; `close()`
 * stops reading it (the guard calls it once the route is done).
 *
 * @example for await (const chunk of new MeteredBody(incoming, { charge, idleMs: 15_000, stalled })) …
 */
export class MeteredBody implements AsyncIterableIterator<Uint8Array> {
  /** Chunks that came while the route was busy, charged, and their bytes. */
  readonly #queue: Buffer[] = [];
  #queued = 0;
  #waiting:
    | { resolve: (result: IteratorResult<Uint8Array>) => void; reject: (error: unknown) => void }
    | undefined;
  #listening = false;
  #ended = false;
  #closed = false;
  #failure: { error: Error } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly source: Readable;
  readonly #options: MeterOptions;

  constructor(source: Readable, options: MeterOptions) {
    this.source = source;
    this.#options = options;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    const chunk = this.#queue.shift();
    if (chunk) {
      this.#queued -= chunk.byteLength;
      // Taken all: the source may bring more while the route deals with this one.
      if (this.#queue.length === 0 && this.source.isPaused() && !this.#ended) this.source.resume();
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.#waitable()) {
      this.#listen();
      if (this.#waitable())
        return new Promise((resolve, reject) => {
          this.#waiting = { resolve, reject };
          if (this.source.isPaused()) this.source.resume();
          this.#armTimer();
        });
    }
    return this.#failure ? Promise.reject(this.#failure.error) : Promise.resolve(DONE);
  }

  /** The route stopped reading early (its parser found the end, or it refused the body). */
  return(): Promise<IteratorResult<Uint8Array>> {
    this.close();
    return Promise.resolve(DONE);
  }

  /** Stops reading: the source is paused and left for the server to drain. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#queue.length = 0;
    this.#queued = 0;
    if (!this.#listening) return;
    this.source.off('data', this.#onData);
    this.source.off('end', this.#onEnd);
    this.source.off('close', this.#onClose);
    // The error listener stays: an error after this has nobody to tell, and must not throw.
    this.source.pause();
  }

  #listen(): void {
    if (this.#listening) return;
    this.#listening = true;
    const { source } = this;
    source.on('error', this.#onError);
    if (source.readableEnded) {
      this.#ended = true;
      return;
    }
    if (source.destroyed) {
      this.#fail(source.errored ?? endedEarly());
      return;
    }
    source.on('end', this.#onEnd);
    source.on('close', this.#onClose);
    source.on('data', this.#onData);
  }

  readonly #onData = (chunk: Buffer): void => {
    try {
      this.#options.charge(chunk.byteLength);
    } catch (error) {
      this.#fail(error);
      return;
    }
    const waiting = this.#waiting;
    if (waiting) {
      this.#waiting = undefined;
      waiting.resolve({ done: false, value: chunk });
      return;
    }
    this.#queue.push(chunk);
    this.#queued += chunk.byteLength;
    if (this.#queued >= QUEUE_BYTES) this.source.pause();
  };

  readonly #onEnd = (): void => {
    this.#ended = true;
    clearTimeout(this.#timer);
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve(DONE);
  };

  readonly #onClose = (): void => {
    if (!this.#ended) this.#fail(this.source.errored ?? endedEarly());
  };

  readonly #onError = (error: unknown): void => {
    if (!this.#closed) this.#fail(error);
  };

  /** Whether the body may still bring a chunk. */
  #waitable(): boolean {
    return !this.#failure && !this.#ended && !this.#closed;
  }

  #fail(thrown: unknown): void {
    if (this.#failure) return;
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    this.#failure = { error };
    const waiting = this.#waiting;
    this.#waiting = undefined;
    const wasClosed = this.#closed;
    this.close();
    if (!wasClosed) this.#options.stop?.(this.source);
    waiting?.reject(error);
  }

  /** One timer for the body, re-armed each time the route waits for a chunk. */
  #armTimer(): void {
    if (this.#timer) {
      this.#timer.refresh();
      return;
    }
    this.#timer = setTimeout(() => {
      if (this.#waiting) this.#fail(this.#options.stalled());
    }, this.#options.idleMs);
  }
}
