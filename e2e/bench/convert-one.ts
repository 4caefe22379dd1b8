/**
 * One conversion in a process of its own, for the conversion benchmark: prints the
 * milliseconds it took and the peak resident set of this process and all it started (sharp's
 * threads, heif-convert, or LibreOffice in its box), sampled from /proc every 20 ms.
 * `node --import tsx e2e/bench/convert-one.ts <kind> <file>`
 */
import { readdirSync, readFileSync } from 'node:fs';
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

/** The summed VmRSS, in KiB, of this process and every descendant. */
function treeRssKiB(): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      parents.set(Number(name), Number(/PPid:\s+(\d+)/.exec(status)?.[1]));
      rss.set(Number(name), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // Exited between the listing and the read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 64; hops += 1) {
      if (at === process.pid) return true;
      at = parents.get(at) ?? 0;
    }
    return false;
  };
  let total = 0;
  for (const [pid, kib] of rss) if (inTree(pid)) total += kib;
  return total;
}

const input = readFileSync(path);
let peakKiB = treeRssKiB();
const sampler = setInterval(() => {
  peakKiB = Math.max(peakKiB, treeRssKiB());
}, 20);
const started = performance.now();
const { bytes } = await converter.convert(kind, input);
const ms = performance.now() - started;
clearInterval(sampler);
console.log(JSON.stringify({ ms, bytes: bytes.length, treePeakKiB: peakKiB }));
await converter.close();
