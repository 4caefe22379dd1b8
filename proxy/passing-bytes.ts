/**
 * Bytes that pass through the proxy (request bodies, files read back to be checked or sent) are
 * buffers outside V8's heap, each held by a small object in its young generation. Those objects
 * die at once, but their buffers are freed only when the young generation is collected, and V8
 * collects it by what its heap allocates, or once 32 MiB of such buffers wait: eight 10 MiB
 * bodies arriving at once left 30-56 MiB of dead pieces unfreed (BENCHMARKS.md, "Upload path"),
 * and a bare `node:http` server that drops every byte as it comes grows by 4× one file the same
 * way. So every `COLLECT_EVERY_BYTES` passed, the young generation is collected here: a
 * scavenge of a heap that holds little takes about a millisecond, and the dead pieces go back.
 *
 * V8 gives its collector only to a context made after `--expose-gc` is set; the flag is set for
 * the moment it takes to make one and take its `gc` out, so no other code sees it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Bytes passed between two collections. Fewer is not better: a piece still held when a second
 * collection comes (queued behind a write) is moved to the old generation, which only a full
 * collection frees. Measured with eight 10 MiB bodies at once: 4 MiB held the bare server's
 * growth to 1.0× one file and the proxy's to 1.2-2.2× (from 5-8×); 1 MiB grew the proxy by 7×.
 */
export const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

type Collect = (options: { type: 'minor' | 'major' }) => void;

function takeCollector(): Collect | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as Collect;
  } catch {
    // A runtime without V8's extension: the pieces are freed in V8's own time, as before.
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

const collect = takeCollector();
let passed = 0;

/** `pieces` as they are, counted as they pass; the young generation collected every 4 MiB. */
export async function* passing<T extends Uint8Array>(pieces: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const piece of pieces) {
    passed += piece.byteLength;
    if (passed >= COLLECT_EVERY_BYTES) {
      passed = 0;
      collect?.({ type: 'minor' });
    }
    yield piece;
  }
}
