/**
 * A chunk of at most 512 KiB gathered from the pieces a body or a file arrives in, in one buffer
 * reused for every chunk of the upload or file. Each piece is copied in once and dropped at once:
 * a piece kept until its chunk was stored (a PostgreSQL round trip and a commit later) outlived
 * two scavenges and went to V8's old generation, which only a full collection frees (eight 10 MiB
 * files at once held 46-60 MiB of such pieces), and a new buffer per chunk was a chunk of garbage
 * more each time. The buffers themselves are kept for the next upload or file (a few, as many as
 * were gathering at once lately, up to `KEPT`).
 */

/**
 * Largest piece of a file or an upload stored in one row: the widget's PATCH, so each of its
 * PATCHes is one row. Eight 10 MiB files coming in at once, one request each, held 22-29 MiB of
 * buffers outside V8's heap in rows of 1 MiB (the proxy grew by 2.0-2.7× one file) and 8-13 MiB in
 * rows of 512 KiB (at most 1.0×), for some 6 % of the batch's speed, a transaction per 512 KiB
 * (the intake bench's one-PATCH path with `DATABASE_URL`, runs of each size alternating).
 */
export const CHUNK_BYTES = 512 * 1024;
/** Buffers kept for reuse at most: 8 MiB, some sixteen uploads gathering at once. */
const KEPT = 16;
const spare: Buffer[] = [];

/** One chunk being gathered, in a buffer that each next chunk reuses; `release` when done. */
class ChunkBuffer {
  #bytes: Buffer | undefined = spare.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
  #filled = 0;

  /** Gives the buffer back for another upload or file; this one takes no more. */
  release(): void {
    if (this.#bytes && spare.length < KEPT) spare.push(this.#bytes);
    this.#bytes = undefined;
  }

  /** Bytes gathered so far. */
  get filled(): number {
    return this.#filled;
  }

  /** Copies in as much of `piece` from `from` as fits; how many bytes that was. */
  take(piece: Uint8Array, from: number): number {
    if (!this.#bytes) throw new Error('a chunk buffer was used after its release');
    const taken = Math.min(CHUNK_BYTES - this.#filled, piece.byteLength - from);
    this.#bytes.set(piece.subarray(from, from + taken), this.#filled);
    this.#filled += taken;
    return taken;
  }

  get full(): boolean {
    return this.#filled === CHUNK_BYTES;
  }

  /** What is gathered, as a view: stored before the next `take`, which overwrites it. */
  view(): Uint8Array {
    return (this.#bytes ?? Buffer.alloc(0)).subarray(0, this.#filled);
  }

  clear(): void {
    this.#filled = 0;
  }
}

/**
 * Gathers `pieces` into chunks, each handed to `store` (awaited) before the next is gathered;
 * the last may be short. When the pieces or a store break, what was gathered and not yet
 * stored is stored first if `keep` says so of the break, which is then thrown on.
 */
export async function storeInChunks(
  pieces: AsyncIterable<Uint8Array>,
  store: (chunk: Uint8Array) => Promise<void>,
  keep: (broken: unknown) => boolean = () => false,
): Promise<void> {
  const chunk = new ChunkBuffer();
  const flush = async () => {
    if (chunk.filled === 0) return;
    // Taken out first, as a view (nothing is gathered into it until it is stored), so a chunk
    // whose store failed is not stored again at the break.
    const bytes = chunk.view();
    chunk.clear();
    await store(bytes);
  };
  try {
    try {
      for await (const piece of pieces)
        for (let from = 0; from < piece.byteLength;) {
          from += chunk.take(piece, from);
          if (chunk.full) await flush();
        }
    } catch (error) {
      if (keep(error)) await flush();
      throw error;
    }
    await flush();
  } finally {
    chunk.release();
  }
}
