/**
 * Preloaded into the proxy by the upload benchmark (`--import ./e2e/bench/memory-probe.ts`, with
 * `MEMORY_PROBE_FILE`): `process.memoryUsage()` every 5 ms, so that the peak RSS can be told
 * apart: V8's heap (`heapUsed`), the buffers outside it (`arrayBuffers`: request bodies, files
 * read back), and the rest (the allocator's own, native libraries). A line per sample,
 * `time rss heapUsed arrayBuffers`, written every 50 samples and on SIGUSR2.
 */
import { appendFileSync, writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (!file) throw new Error('memory-probe.ts needs MEMORY_PROBE_FILE');
writeFileSync(file, '');
let lines: string[] = [];
const flush = () => {
  appendFileSync(file, lines.map((line) => `${line}\n`).join(''));
  lines = [];
};
setInterval(() => {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  lines.push(`${Date.now()} ${rss} ${heapUsed} ${arrayBuffers}`);
  if (lines.length >= 50) flush();
}, 5).unref();
process.on('SIGUSR2', flush);
