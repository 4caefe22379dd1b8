/**
 * Pieces that pass through and are dropped at once do not pile up waiting for V8 to collect them:
 * left to itself, V8 lets 32 MiB of them wait before it collects its young generation.
 */
import { describe, expect, it } from 'vitest';
import { COLLECT_EVERY_BYTES, passing } from './passing-bytes.ts';

const PIECE = 64 * 1024;

/** `total` bytes in fresh 64 KiB pieces, as a socket hands a request body over. */
async function* fresh(total: number, sample: () => void) {
  for (let sent = 0; sent < total; sent += PIECE) {
    sample();
    // Past Node's pool size, so each piece has a buffer of its own outside the heap.
    yield Buffer.allocUnsafe(PIECE);
  }
}

describe('passing', () => {
  it('frees the pieces that went by, so that what waits stays near the interval', async () => {
    const before = process.memoryUsage().arrayBuffers;
    let most = 0;
    const sample = () => {
      most = Math.max(most, process.memoryUsage().arrayBuffers - before);
    };
    let seen = 0;
    for await (const piece of passing(fresh(64 * 1024 * 1024, sample))) seen += piece.byteLength;
    expect(seen).toBe(64 * 1024 * 1024);
    // Dead pieces are freed by a thread of V8's beside the collection, so some wait a little
    // past the interval; V8 alone waits for 32 MiB of them.
    expect(most).toBeLessThan(3 * COLLECT_EVERY_BYTES);
  });

  it('hands every piece on as it came', async () => {
    const pieces = [Buffer.from('one'), Buffer.from('two')];
    const seen: Uint8Array[] = [];
    for await (const piece of passing(
      (async function* () {
        yield* pieces;
      })(),
    ))
      seen.push(piece);
    expect(seen).toEqual(pieces);
    expect(seen[0]).toBe(pieces[0]);
  });
});
