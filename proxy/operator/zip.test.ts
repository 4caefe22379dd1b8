import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { memorySource } from '../client/byte-source.ts';
import { lacking, toolPath } from '../test/fixtures/system-tools.ts';
import { zipStream } from './zip.ts';

const run = promisify(execFile);

describe.skipIf(lacking('exports opened with unzip', 'unzip'))('a lead exported as a ZIP', () => {
  it('opens in Info-ZIP unzip with every file byte for byte, names in UTF-8 included', async () => {
    const photo = Buffer.from(Array.from({ length: 500_000 }, (_, n) => (n * 31) % 256));
    const entries = [
      { name: 'enquiry.json', bytes: Buffer.from('{"forename": "Zoë"}\n') },
      { name: '0-plan de maison.pdf', bytes: Buffer.from('%PDF-1.4 a plan') },
      { name: '1-photo.jpg', bytes: photo },
    ];
    const dir = await mkdtemp(join(tmpdir(), 'zip-test-'));
    const zip = zipStream(
      entries.map(({ name, bytes }) => ({ name, source: memorySource(bytes) })),
      new Date(Date.UTC(2027, 2, 27, 9, 0, 0)),
    );
    await pipeline(zip.stream, createWriteStream(join(dir, 'lead.zip')));
    // Known before the first byte, so the download can say how long it is.
    expect((await stat(join(dir, 'lead.zip'))).size).toBe(zip.size);
    const { stdout } = await run(toolPath('unzip'), ['-t', join(dir, 'lead.zip')]);
    expect(stdout).toContain('No errors detected');
    await run(toolPath('unzip'), ['-q', join(dir, 'lead.zip'), '-d', join(dir, 'out')]);
    for (const entry of entries)
      expect(Buffer.compare(await readFile(join(dir, 'out', entry.name)), entry.bytes)).toBe(0);
    expect((await stat(join(dir, 'out', '1-photo.jpg'))).mode & 0o777).toBe(0o600);
  });
});
