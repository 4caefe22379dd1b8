/**
 * Conversion: time and peak memory to turn each kind the proxy converts into a JPEG or PDF, on
 * a 12-megapixel photo (an iPhone's 4032 × 3024) and on the corpus letter. Each run is a
 * process of its own, so that the peak resident set of its largest process (Node with sharp,
 * or heif-convert, or soffice.bin) is read from the kernel's accounting of waited-for children,
 * and that of the whole tree (Node and LibreOffice's box together) sampled from /proc.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { load, median, num, table } from './report.ts';

const RUNS = 5;
const CORPUS = 'proxy/test/fixtures/convertible';

/** Runs one conversion in a child; its time, and the peak RSS of its largest process and its tree in MiB. */
function measure(kind: string, path: string): { ms: number; peakMiB: number; treeMiB: number } {
  const script = `
import json, resource, subprocess, sys
out = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True).stdout
print(json.dumps({"run": json.loads(out.strip().splitlines()[-1]), "maxrss_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))`;
  const answer = JSON.parse(
    execFileSync(
      'python3',
      ['-c', script, process.execPath, '--import', 'tsx', 'e2e/bench/convert-one.ts', kind, path],
      {
        encoding: 'utf8',
      },
    ),
  ) as { run: { ms: number; treePeakKiB: number }; maxrss_kib: number };
  return {
    ms: answer.run.ms,
    peakMiB: answer.maxrss_kib / 1024,
    treeMiB: answer.run.treePeakKiB / 1024,
  };
}

export async function conversion(): Promise<string> {
  const before = load();
  const dir = mkdtempSync(join(tmpdir(), 'bench-convert-'));
  try {
    const [width, height] = [4032, 3024];
    const photo = () =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      });
    await photo().jpeg({ quality: 90 }).toFile(join(dir, 'photo.jpg'));
    execFileSync('heif-enc', ['-q', '50', join(dir, 'photo.jpg'), '-o', join(dir, 'photo.heic')]);
    await photo().webp({ quality: 80 }).toFile(join(dir, 'photo.webp'));
    await photo().avif({ quality: 50, effort: 2 }).toFile(join(dir, 'photo.avif'));
    await photo().tiff({ compression: 'lzw' }).toFile(join(dir, 'photo.tiff'));
    const inputs: [string, string, string][] = [
      ['heic', join(dir, 'photo.heic'), '12 MP photo'],
      ['webp', join(dir, 'photo.webp'), '12 MP photo'],
      ['avif', join(dir, 'photo.avif'), '12 MP photo'],
      ['tiff', join(dir, 'photo.tiff'), '12 MP photo'],
      ['tiff', join(CORPUS, 'scan.tiff'), '3-page scan'],
      ['bmp', join(CORPUS, 'drawing.bmp'), '600 × 400'],
      ...(['docx', 'doc', 'odt', 'rtf', 'txt'] as const).map((kind): [string, string, string] => [
        kind,
        join(CORPUS, `letter.${kind}`),
        'one-page letter',
      ]),
    ];
    const rows = inputs.map(([kind, path, what]) => {
      const runs = Array.from({ length: RUNS }, () => measure(kind, path));
      return [
        kind,
        what,
        `${num(statSync(path).size / 1024)} KiB`,
        `${num(median(runs.map((run) => run.ms)))} ms`,
        `${num(Math.max(...runs.map((run) => run.peakMiB)))} MiB`,
        `${num(Math.max(...runs.map((run) => run.treeMiB)))} MiB`,
      ];
    });
    return `## Conversion

Each kind the proxy converts, ${String(RUNS)} runs each in a fresh process
(\`e2e/bench/convert-one.ts\`): the median time of the conversion itself, and the peak resident
set of the largest process of the run (Node with sharp, or heif-convert, or LibreOffice's
soffice.bin), as the kernel counts it for waited-for children, and the peak of the whole
process tree's summed resident set (Node, and LibreOffice's box: bwrap, oosplash,
soffice.bin), sampled from /proc every 20 ms. Documents run as the proxy runs them: in the
bubblewrap box, capped at \`CONVERT_MEMORY_MB\` (1024) per process; soffice.bin is reaped
inside the box, not waited for by the run, so for documents the first column shows Node and
the tree's is the figure. A fresh process means a cold
LibreOffice profile for each document: the proxy's workers keep theirs for
\`CONVERT_RECYCLE_AFTER\` documents, so a warm worker is faster than shown. Load ${before} before.

${table(['kind', 'input', 'size', 'median time', 'peak RSS (largest process)', 'peak RSS (tree)'], rows)}

Load ${load()} after.`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
