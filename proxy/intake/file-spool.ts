/**
 * File parts are written to disk as they arrive, never held whole: the proxy's memory stays
 * flat whatever the file's size. On the way through, each file's SHA-256 and the bytes its kind
 * is told by (its first 4 KB and last 16 KB) are kept, so no check has to read it again.
 *
 * The spool sits in `DATA_DIR`, beside the outbox's files, so storing a file is a rename, not a
 * copy (`outbox/sqlite/file-vault.ts`). A file the request does not store is removed when the request ends.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ByteSource } from '../client/byte-source.ts';
import { fileSource, writeFully } from '../outbox/sqlite/file-vault.ts';
import { SNIFF_BYTES, SNIFF_TAIL_BYTES } from '../contract/file-kinds.ts';

/** A file part on disk, with what the checks need learnt while it was written. */
export interface SpooledFile extends ByteSource {
  readonly path: string;
  readonly sha256: string;
  /** Its first `SNIFF_BYTES` bytes. */
  readonly head: Uint8Array;
  /** Its last `SNIFF_TAIL_BYTES` bytes. */
  readonly tail: Uint8Array;
}

/** More bytes arrived than the file may have; nothing of it is left on disk. */
export class SpoolLimitError extends Error {}

/** Where a request's file parts are written as they arrive. */
export interface FileSpool {
  /** Writes `pieces` to a new file; past `maxBytes` it stops, removes it and throws `SpoolLimitError`. */
  write(pieces: AsyncIterable<Uint8Array>, maxBytes: number): Promise<SpooledFile>;
  /** Removes spooled files (a file already moved into the outbox is gone, which is fine). */
  discard(files: readonly { path: string }[]): Promise<void>;
}

/**
 * Bytes gathered before one write to the spool file, copied into one buffer the file keeps.
 * Socket pieces (64 KB at most) are copied and let go at once: holding them in batches of 1 MiB
 * until their write moved them to V8's old generation, freed only by a full collection (eight
 * 10 MiB bodies at once grew the proxy by 5-6× one file; `passing-bytes.ts`), and a write per
 * 64 KB piece cost more than the hashing. The copy costs a tenth of a millisecond per MiB.
 */
const WRITE_BATCH_BYTES = 256 * 1024;

/** Spooled files older than this at start were left by a process that died mid-request. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** A spool in `dir` (made private if needed); orphans a crash left there are removed. */
export function diskSpool(dir: string, now = Date.now()): FileSpool {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).mtimeMs < now - ORPHAN_AGE_MS) rmSync(path, { force: true });
  }
  return {
    async write(pieces, maxBytes) {
      const path = join(dir, `${randomUUID()}.part`);
      const handle = await open(path, 'wx', 0o600);
      const hash = createHash('sha256');
      const head = new Collected(SNIFF_BYTES, 'first');
      const tail = new Collected(SNIFF_TAIL_BYTES, 'last');
      let size = 0;
      const batch = Buffer.allocUnsafeSlow(WRITE_BATCH_BYTES);
      let batched = 0;
      // The batch is hashed while the disk writes it: the thread that writes is not this one.
      const flush = async () => {
        const bytes = batch.subarray(0, batched);
        const written = writeFully(handle, [bytes]);
        hash.update(bytes);
        await written;
        batched = 0;
      };
      try {
        for await (const piece of pieces) {
          size += piece.byteLength;
          if (size > maxBytes) throw new SpoolLimitError(`more than ${String(maxBytes)} bytes`);
          head.add(piece);
          tail.add(piece);
          for (let from = 0; from < piece.byteLength;) {
            const taken = Math.min(piece.byteLength - from, WRITE_BATCH_BYTES - batched);
            batch.set(piece.subarray(from, from + taken), batched);
            batched += taken;
            from += taken;
            if (batched === WRITE_BATCH_BYTES) await flush();
          }
        }
        await flush();
      } catch (error) {
        await handle.close();
        await unlink(path).catch(() => undefined);
        throw error;
      }
      await handle.close();
      return {
        ...fileSource(path, size),
        path,
        sha256: hash.digest('hex'),
        head: head.bytes(),
        tail: tail.bytes(),
      };
    },
    async discard(files) {
      await Promise.all(files.map(({ path }) => unlink(path).catch(() => undefined)));
    },
  };
}

/** The spool of a proxy without a data directory of its own (tests), in the system's temp dir. */
export const tempSpool = (): FileSpool => diskSpool(join(tmpdir(), 'enquiry-form-incoming'));

/**
 * The first or last `limit` bytes of a stream of pieces: views, not copies, and only the few
 * pieces that hold them (a piece is at most the socket's read size).
 */
export class Collected {
  #pieces: Uint8Array[] = [];
  #bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly end: 'first' | 'last',
  ) {}

  add(piece: Uint8Array) {
    if (this.end === 'first') {
      if (this.#bytes >= this.limit) return;
      const take = piece.subarray(0, this.limit - this.#bytes);
      this.#pieces.push(take);
      this.#bytes += take.byteLength;
      return;
    }
    const take = piece.subarray(Math.max(0, piece.byteLength - this.limit));
    this.#pieces.push(take);
    this.#bytes += take.byteLength;
    // Older pieces go once the newer ones alone cover the limit.
    while (
      this.#pieces.length > 1 &&
      this.#bytes - (this.#pieces[0]?.byteLength ?? 0) >= this.limit
    )
      this.#bytes -= this.#pieces.shift()?.byteLength ?? 0;
  }

  bytes(): Uint8Array {
    const whole = Buffer.concat(this.#pieces);
    return this.end === 'first'
      ? whole
      : whole.subarray(Math.max(0, whole.byteLength - this.limit));
  }
}
