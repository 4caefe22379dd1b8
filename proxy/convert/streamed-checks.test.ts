/**
 * The checks on arrival read a file where it is, never whole: a picture on disk is sized and
 * decoded from its path (its bytes never come into the process), an animated GIF's frames are
 * counted a page at a time, and a PDF's names are scanned as it streams, a name split between
 * two pieces included.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ByteSource } from '../client/byte-source.ts';
import { gifBomb, pngBomb } from '../test/fixtures/hostile-files.ts';
import { withFileReader } from './file-reader.ts';
import { mayHoldActiveContentIn } from './pdf-active-content.ts';
import { headerPixels } from './pixel-budget.ts';
import { checkPlatformFile } from './platform-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamed-checks-'));

/** `bytes` as a file on disk whose contents may not be read as pieces. */
function onDiskOnly(name: string, bytes: Uint8Array): ByteSource {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return {
    size: bytes.byteLength,
    path,
    pieces: () => {
      throw new Error('the file was read into the process');
    },
  };
}

const picture = (format: 'png' | 'gif' | 'jpeg') =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();

async function* inPieces(text: string, cuts: number[]) {
  let from = 0;
  for (const at of [...cuts, text.length]) {
    yield Buffer.from(text.slice(from, at), 'latin1');
    from = at;
  }
}

describe('checks that read a file where it is', () => {
  it.each(['png', 'gif', 'jpeg'] as const)(
    'checks a %s on disk from its path, without reading its bytes into the process',
    async (format) => {
      const file = onDiskOnly(`photo.${format}`, await picture(format));
      expect(await checkPlatformFile(format, file)).toEqual({ kind: 'take' });
    },
  );

  it('refuses pixel bombs on disk by their headers, read a page at a time', async () => {
    for (const [kind, bytes] of [
      ['png', pngBomb()],
      ['gif', gifBomb()],
    ] as const) {
      const verdict = await checkPlatformFile(kind, onDiskOnly(`bomb.${kind}`, bytes));
      expect(verdict).toMatchObject({ kind: 'refuse', problem: { reason: 'too_large' } });
    }
  });

  it('counts every frame of an animated GIF of many pages through the file reader', async () => {
    const frames = 20;
    // Noise, so the frames do not shrink to less than a page of the reader.
    const pixels = randomBytes(160 * 160 * 3 * frames);
    const animated = await sharp(pixels, {
      raw: { width: 160, height: 160 * frames, channels: 3, pageHeight: 160 },
    })
      .gif()
      .toBuffer();
    expect(animated.byteLength).toBeGreaterThan(64 * 1024);
    const { path, size } = onDiskOnly('animated.gif', animated);
    expect(withFileReader(path ?? '', size, (view) => headerPixels('gif', view))).toBe(
      frames * 160 * 160,
    );
  });

  it('finds an active name in a PDF scanned as it streams, even split between two pieces', async () => {
    const pdf = `%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n`;
    const at = pdf.indexOf('/JavaScript') + 5;
    expect(await mayHoldActiveContentIn(inPieces(pdf, [at]))).toBe(true);
    expect(await mayHoldActiveContentIn(inPieces(pdf.replace('/OpenAction', '/Pages'), [at]))).toBe(
      true,
    );
    const letter = `%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\n${'x'.repeat(5000)}`;
    expect(await mayHoldActiveContentIn(inPieces(letter, [30, 2000, 4000]))).toBe(false);
  });

  it("scans a PDF's pieces as text V8 frees young: none goes to the space for large objects", async () => {
    // A string of a whole 192 KiB piece is made in that space and lives until a full collection:
    // eight 10 MiB PDFs scanned at once grew the heap by some 25 MiB.
    const large = () =>
      getHeapSpaceStatistics()
        .filter((space) => space.space_name.endsWith('large_object_space'))
        .reduce((sum, space) => sum + space.space_used_size, 0);
    const piece = Buffer.from('q 1 0 0 1 0 0 cm /Im1 Do Q\n'.repeat(7000), 'latin1');
    const before = large();
    let most = 0;
    async function* pieces() {
      yield Buffer.from('%PDF-1.7\n', 'latin1');
      for (let i = 0; i < 50; i++) {
        most = Math.max(most, large() - before);
        yield piece;
      }
    }
    expect(await mayHoldActiveContentIn(pieces())).toBe(false);
    expect(most).toBeLessThan(64 * 1024);
  });
});
