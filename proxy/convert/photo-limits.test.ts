/**
 * Photos within their limits: every page of a TIFF counted against one pixel budget (on
 * arrival and again at conversion), and a conversion stopped at its timeout, with the reasons
 * the outbox and the visitor are given.
 */
import { describe, expect, it } from 'vitest';
import { tiffBomb } from '../test/fixtures/hostile-files.ts';
import { ConversionError } from './conversion.ts';
import { convertWithSharp } from './images.ts';
import { createConverter } from './open-converter.ts';

const converter = createConverter({
  heic: false,
  documents: undefined,
  maxSide: 3000,
  timeoutMs: 10_000,
  workers: 2,
});

/** The failure `work` ends with, and how long it took. */
async function failureOf(work: () => Promise<unknown>) {
  const started = Date.now();
  const error = await work().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return { error: error as ConversionError, ms: Date.now() - started };
}

describe('a TIFF of 200 pages, 199 of them 100 megapixels sharing one strip', () => {
  const bomb = tiffBomb();

  it('is small, and is refused on arrival for all its pages, not its first', async () => {
    expect(bomb.length).toBeLessThan(200_000);
    const problem = await converter.inspect('tiff', bomb);
    expect(problem?.reason).toBe('too_large');
    expect(problem?.message).toBe('it is 19900 megapixels, more than the 100 a picture may have');
  });

  it('is refused by the conversion too, in well under its timeout', async () => {
    const { error, ms } = await failureOf(() =>
      convertWithSharp(bomb, 'tiff', { maxSide: 3000, timeoutMs: 10_000 }),
    );
    expect(error.reason).toBe('too_large');
    expect(ms).toBeLessThan(5000);
  });
});

describe('a conversion that takes longer than CONVERT_TIMEOUT_MS', () => {
  it('is stopped at its timeout as timed out', async () => {
    // Ten pages of 9 megapixels: within the budget, but seconds of work.
    const scan = tiffBomb({ pages: 10, first: 3000, width: 3000, height: 3000 });
    const { error, ms } = await failureOf(() =>
      convertWithSharp(scan, 'tiff', { maxSide: 3000, timeoutMs: 1000 }),
    );
    expect(error.reason).toBe('timed_out');
    expect(error.message).toBe('it took longer than 1 s to read, too long to be safe');
    expect(ms).toBeLessThan(1500);
  });
});

describe('a conversion stopped by shutdown', () => {
  it('fails as transient, not as a fault of the file', async () => {
    const scan = tiffBomb({ pages: 3, first: 16, width: 16, height: 16 });
    const { error } = await failureOf(() =>
      convertWithSharp(scan, 'tiff', {
        maxSide: 3000,
        timeoutMs: 10_000,
        signal: AbortSignal.abort(),
      }),
    );
    expect(error.reason).toBe('transient');
  });
});
