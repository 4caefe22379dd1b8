/**
 * One conversion in a process of its own, for the conversion benchmark: prints the
 * milliseconds it took. `node --import tsx e2e/bench/convert-one.ts <kind> <file>`
 */
import { readFileSync } from 'node:fs';
import type { ConvertedKind } from '../../proxy/contract/limits.ts';
import { DocumentConverter } from '../../proxy/convert/documents.ts';
import { conversionRoot } from '../../proxy/convert/job-folders.ts';
import { createConverter } from '../../proxy/convert/open-converter.ts';

const [kind, path] = process.argv.slice(2) as [ConvertedKind, string];
const documents = new DocumentConverter({
  soffice: 'soffice',
  root: conversionRoot(),
  memoryMb: 1024,
  timeoutMs: 120_000,
  workers: 1,
  recycleAfter: 50,
});
const converter = createConverter({
  heic: true,
  documents,
  maxSide: 3000,
  timeoutMs: 120_000,
  workers: 1,
});
const input = readFileSync(path);
const started = performance.now();
const { bytes } = await converter.convert(kind, input);
console.log(JSON.stringify({ ms: performance.now() - started, bytes: bytes.length }));
await converter.close();
