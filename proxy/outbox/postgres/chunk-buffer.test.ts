/**
 * Chunks gathered from pieces of any size: whole chunks of `CHUNK_BYTES` and a short last one, each
 * stored before the next is gathered, in a buffer the next upload takes again.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, storeInChunks } from './chunk-buffer.ts';

const MiB = 1024 * 1024;

async function* piecesOf(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

describe('storeInChunks', () => {
  it('stores whole chunks and a short last one, byte for byte, whatever the pieces', async () => {
    const file = randomBytes(2 * CHUNK_BYTES + 12_345);
    for (const size of [1, 1000, 65_536, 3 * MiB]) {
      const stored: Buffer[] = [];
      await storeInChunks(piecesOf(file, size === 1 ? 99_991 : size), async (chunk) => {
        stored.push(Buffer.from(chunk));
      });
      expect(stored.map((chunk) => chunk.byteLength)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 12_345]);
      expect(Buffer.concat(stored).equals(file)).toBe(true);
    }
  });

  it('gathers the next upload in the buffer the last one gave back', async () => {
    const buffers = new Set<ArrayBufferLike>();
    for (let upload = 0; upload < 3; upload++)
      await storeInChunks(piecesOf(randomBytes(CHUNK_BYTES + 1), 65_536), async (chunk) => {
        buffers.add(chunk.buffer);
      });
    expect(buffers.size).toBe(1);
  });

  it('gives the buffer back when storing fails', async () => {
    const failing = storeInChunks(piecesOf(randomBytes(MiB), 65_536), () =>
      Promise.reject(new Error('the database went away')),
    );
    await expect(failing).rejects.toThrow('went away');
    const buffers = new Set<ArrayBufferLike>();
    for (let upload = 0; upload < 2; upload++)
      await storeInChunks(piecesOf(randomBytes(MiB), 65_536), async (chunk) => {
        buffers.add(chunk.buffer);
      });
    expect(buffers.size).toBe(1);
  });

  it('stores what was gathered before a break only when told to keep it, then throws the break', async () => {
    async function* breaking() {
      yield randomBytes(100_000);
      throw new Error('connection reset');
    }
    for (const kept of [true, false]) {
      const stored: number[] = [];
      const storing = storeInChunks(
        breaking(),
        async (chunk) => {
          stored.push(chunk.byteLength);
        },
        () => kept,
      );
      await expect(storing).rejects.toThrow('connection reset');
      expect(stored).toEqual(kept ? [100_000] : []);
    }
  });

  it('does not store again at the break a chunk whose store failed', async () => {
    let tries = 0;
    const storing = storeInChunks(
      piecesOf(randomBytes(CHUNK_BYTES + 10), 65_536),
      async () => {
        tries++;
        throw new Error('the database went away');
      },
      () => true,
    );
    await expect(storing).rejects.toThrow('went away');
    expect(tries).toBe(1);
  });
});
