/**
 * A PDF's active content removed inside a worker thread of its own, with a heap limit and a
 * deadline: a hostile PDF can make a parser spin or eat memory, and a worker is ended, heap
 * and all, where a parse on the main thread would stall every visitor. What the worker cannot
 * finish within its limits is refused.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ConversionError } from './conversion.ts';
import { limit } from './task-limit.ts';
import {
  ACTIVE_NAMES,
  removeActiveContent,
  type ActiveContentVerdict,
} from './pdf-active-content.ts';

/** The heap one PDF's check may use: pdf-lib holds the whole document as objects. */
export const PDF_HEAP_MB = 256;

/** The worker's program: pdf-lib (by its resolved path) and the function's own source. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const removeActiveContent = ${removeActiveContent.toString()};
removeActiveContent(require(workerData.pdfLib), workerData.bytes, workerData.names).then((verdict) =>
  parentPort.postMessage(verdict, verdict.kind === 'cleaned' ? [verdict.bytes.buffer] : []),
);
`;

const pdfLib = createRequire(import.meta.url).resolve('pdf-lib');

/** PDF checks at once: each worker may take `PDF_HEAP_MB`; the rest wait their turn. */
const PDF_WORKERS = 2;
const workers = limit(PDF_WORKERS);

/**
 * What `removeActiveContent` answers for `bytes`, worked out in a worker within the limits
 * (the deadline counts from the worker's start, not from the wait for a turn).
 */
export const checkPdfInWorker = (
  bytes: Uint8Array,
  timeoutMs: number,
): Promise<ActiveContentVerdict> => workers(() => runWorker(bytes, timeoutMs));

function runWorker(bytes: Uint8Array, timeoutMs: number): Promise<ActiveContentVerdict> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfLib, bytes, names: ACTIVE_NAMES },
    resourceLimits: { maxOldGenerationSizeMb: PDF_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    env: {},
    stdout: true,
    stderr: true,
  });
  return new Promise<ActiveContentVerdict>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new ConversionError(
          `it took longer than ${String(timeoutMs / 1000)} s to check, too long to be safe`,
          'timed_out',
        ),
      );
    }, timeoutMs);
    worker.once('message', (verdict: ActiveContentVerdict) => {
      resolve(verdict);
    });
    worker.once('error', (error: Error & { code?: string }) => {
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ConversionError(
              `it needs more than ${String(PDF_HEAP_MB)} MB to check, too much to be safe`,
              'too_large',
            )
          : new ConversionError(`it could not be read as a PDF (${error.message})`, 'unreadable'),
      );
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new ConversionError('its check ended without an answer', 'unreadable'));
    });
  }).finally(() => void worker.terminate());
}
