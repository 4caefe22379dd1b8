/**
 * Where the outbox keeps file contents: one file each beside the database, not BLOBs in it.
 * SQLite would copy a BLOB twice in memory to write it and again to read it; a file is written
 * from the chunks that arrived and streamed upstream in pieces, so a large upload costs the
 * proxy a few pieces of memory instead of several copies of the file.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { PIECE_BYTES, readAll, type ByteSource } from '../../client/byte-source.ts';
import { passing } from '../../passing-bytes.ts';

/** Where a store keeps file contents. */
export interface FileVault {
  /**
   * Stores the contents under `name`, on disk before it returns (written, synced, renamed). A
   * spooled file (`content.path`) is moved in rather than copied, when it is on the same disk.
   */
  put(name: string, content: ByteSource): Promise<void>;
  /** The contents stored under `name`, read in pieces when they are needed. */
  source(name: string, size: number): ByteSource;
  remove(name: string): Promise<void>;
  /** The stored names, all, or those last written before `before` (ms since the epoch). */
  names(before?: number): string[];
}

const PARTIAL = '.partial';

/** Files in `dir` (created if needed). */
export function diskVault(dir: string): FileVault {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    async put(name, content) {
      const target = join(dir, name);
      if (!(content.path && (await moveInto(content.path, target)))) {
        await writeWhole(`${target}${PARTIAL}`, content);
        await rename(`${target}${PARTIAL}`, target);
      }
      // The rename makes the file appear whole or not at all; syncing the directory makes the
      // rename itself survive a power cut before the database row that names it commits.
      const directory = await open(dir, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    },
    source: (name, size) => fileSource(join(dir, name), size),
    async remove(name) {
      await unlink(join(dir, name)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      });
    },
    // Partial files are left by a crash mid-write: nothing names them, so they are orphans.
    names: (before = Infinity) =>
      readdirSync(dir).filter(
        (name) => before === Infinity || statSync(join(dir, name)).mtimeMs < before,
      ),
  };
}

/** Writes `content` to `path` and syncs it; nothing is left there if that fails. */
async function writeWhole(path: string, content: ByteSource): Promise<void> {
  const handle = await open(path, 'w', 0o600);
  try {
    for await (const piece of content.pieces()) await writeFully(handle, [piece]);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(path).catch(() => undefined);
    throw error;
  }
  await handle.close();
}

/**
 * Writes every byte of `pieces` at the file's position. A disk with less room than asked for
 * writes part and says so only by the count; writing on makes it answer with its reason
 * (ENOSPC, EDQUOT), which is what the visitor's 503 `storage_full` is decided by.
 */
export async function writeFully(handle: FileHandle, pieces: readonly Uint8Array[]) {
  const left = pieces.filter((piece) => piece.byteLength > 0);
  while (left.length > 0) {
    let { bytesWritten } = await handle.writev(left);
    if (bytesWritten === 0) throw new Error('the disk took none of the bytes written to it');
    while (bytesWritten > 0) {
      const first = left.shift();
      if (!first) break;
      if (first.byteLength > bytesWritten) left.unshift(first.subarray(bytesWritten));
      bytesWritten -= Math.min(bytesWritten, first.byteLength);
    }
  }
}

/**
 * Moves a file the request already wrote (`file-spool.ts`) to `target`, synced first: no copy.
 * False when it cannot be moved (another file system), so the caller copies it instead.
 */
async function moveInto(path: string, target: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(path, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
    throw error;
  }
}

/** The bytes of the file at `path`, read in pieces of `PIECE_BYTES` each time they are asked for. */
export function fileSource(path: string, size: number): ByteSource {
  return {
    size,
    pieces: (options) => passing(readPieces(path, size, options?.reusable ?? false)),
  };
}

/**
 * The file at `path` in pieces of `PIECE_BYTES`: each in a buffer of its own, as the consumer may
 * still hold the previous piece, or all in one when it says it does not (`reusable`).
 */
async function* readPieces(
  path: string,
  size: number,
  reusable: boolean,
): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  const shared = reusable ? Buffer.allocUnsafe(Math.min(PIECE_BYTES, size)) : undefined;
  try {
    for (let position = 0; position < size;) {
      const length = Math.min(PIECE_BYTES, size - position);
      const piece = shared ? shared.subarray(0, length) : Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(piece, 0, piece.byteLength, position);
      if (bytesRead === 0) throw new Error(`file ${path} is shorter than its ${size} bytes`);
      position += bytesRead;
      yield piece.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** Contents held in memory, for an in-memory outbox (tests). */
export function memoryVault(): FileVault {
  const stored = new Map<string, Uint8Array>();
  return {
    async put(name, content) {
      stored.set(name, await readAll(content));
    },
    source(name, size) {
      return {
        size,
        async *pieces() {
          const bytes = stored.get(name);
          if (!bytes) throw new Error(`outbox has no file ${name}`);
          yield bytes;
        },
      };
    },
    async remove(name) {
      stored.delete(name);
    },
    names: () => [...stored.keys()],
  };
}
