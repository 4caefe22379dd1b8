/**
 * LibreOffice's limits with the real soffice: a Word file that unpacks to 181 MB (under the ZIP
 * check) is stopped by the kernel's memory limit, a huge RTF by the limits too, and no process
 * of the box passes CONVERT_MEMORY_MB on the way; at most CONVERT_WORKERS run, one more waits,
 * the rest are left queued; photos are not held back meanwhile. Skipped, saying why, where
 * LibreOffice or its box is missing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentsLacking, testDocumentConverter } from '../test/fixtures/document-converter.ts';
import { hugeRtf, hugeWordLetter } from '../test/fixtures/hostile-documents.ts';
import { watchSoffice } from '../test/fixtures/soffice-watch.ts';
import { ConversionError } from './conversion.ts';
import { conversionRoot } from './job-folders.ts';
import { createConverter } from './open-converter.ts';

const noDocuments = documentsLacking();
const MEMORY_MB = 512;
const TIMEOUT_MS = 15_000;
const documents = testDocumentConverter({ memoryMb: MEMORY_MB, timeoutMs: TIMEOUT_MS });
const converter = createConverter({
  heic: false,
  documents,
  maxSide: 3000,
  timeoutMs: TIMEOUT_MS,
  workers: 1,
});
afterAll(() => converter.close());

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ConversionError,
  );

describe('a document over its limits', () => {
  it('is refused on arrival when its text unpacks to 181 MB', async () => {
    const docx = hugeWordLetter();
    expect(docx.length).toBeLessThan(1.2 * 1024 * 1024);
    const problem = await converter.inspect('docx', docx);
    expect(problem?.reason).toBe('too_large');
    expect(problem?.message).toMatch(/word\/document\.xml unpacks to 17\d MB/);
  });

  it.skipIf(noDocuments)(
    'is stopped by the memory limit behind that check, no soffice passing CONVERT_MEMORY_MB',
    async () => {
      const watch = watchSoffice();
      const started = Date.now();
      const failure = await failureOf(documents.convert(hugeWordLetter(), 'docx')).finally(() => {
        watch.stop();
      });
      expect(failure).toBeInstanceOf(ConversionError);
      expect(['too_large', 'timed_out']).toContain(failure?.reason);
      // Tried twice at most, each within the timeout: a third try would pass three timeouts.
      // (Two and 10 s of starting soffice failed CI once at 40.3 s on a busy machine.)
      expect(Date.now() - started).toBeLessThan(3 * TIMEOUT_MS);
      expect(watch.seen.size).toBeGreaterThan(0);
      expect(watch.peakRssMb).toBeGreaterThan(100);
      expect(watch.peakRssMb).toBeLessThanOrEqual(MEMORY_MB);
    },
    90_000,
  );

  it.skipIf(noDocuments)(
    'is stopped when it is an RTF of 1.5 million paragraphs',
    async () => {
      const watch = watchSoffice();
      const started = Date.now();
      const failure = await failureOf(converter.convert('rtf', hugeRtf())).finally(() => {
        watch.stop();
      });
      expect(['too_large', 'timed_out']).toContain(failure?.reason);
      expect(Date.now() - started).toBeLessThan(3 * TIMEOUT_MS);
      expect(watch.peakRssMb).toBeLessThanOrEqual(MEMORY_MB);
    },
    90_000,
  );
});

describe.skipIf(noDocuments)('the documents queue', () => {
  it('runs one per worker, lets one wait, leaves the rest queued, and holds no photo back', async () => {
    const letter = (text: string) => Buffer.from(`${text}\n`);
    const slow = failureOf(converter.convert('rtf', hugeRtf()));
    const waiting = converter.convert('txt', letter('Second letter.'));
    const turnedAway = await failureOf(converter.convert('txt', letter('Third letter.')));
    expect(turnedAway?.reason).toBe('transient');
    expect(turnedAway?.message).toMatch(/busy/);

    const webp = readFileSync(
      join(import.meta.dirname, '../test/fixtures/convertible/screenshot.webp'),
    );
    const photoStarted = Date.now();
    expect((await converter.convert('webp', webp)).kind).toBe('jpeg');
    expect(Date.now() - photoStarted).toBeLessThan(5000);

    await slow;
    expect((await waiting).kind).toBe('pdf');
  }, 90_000);
});

describe('closing while a document converts', () => {
  it.skipIf(noDocuments)(
    'leaves the busy worker to finish, then removes its profile',
    async () => {
      const closing = testDocumentConverter({ memoryMb: MEMORY_MB, timeoutMs: TIMEOUT_MS });
      const letter = readFileSync(
        join(import.meta.dirname, '../test/fixtures/convertible/letter.docx'),
      );
      const root = conversionRoot();
      const profiles = () =>
        readdirSync(root).filter((name) => name.startsWith(`${String(process.pid)}-profile-`));
      const before = new Set(profiles());
      const converting = closing.convert(letter, 'docx');
      // Closed while soffice writes into its profile: no ENOTEMPTY, and the letter still converts.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await closing.close();
      expect((await converting).bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(profiles().filter((name) => !before.has(name))).toEqual([]);
    },
    TIMEOUT_MS * 2,
  );
});
