import { createHash, randomBytes } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAll } from '../client/byte-source.ts';
import { SNIFF_BYTES, SNIFF_TAIL_BYTES } from '../contract/file-kinds.ts';
import { diskSpool, SpoolLimitError } from './file-spool.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'spool-test-'));

/** `bytes` in pieces of random sizes, as a socket delivers them. */
async function* randomPieces(bytes: Buffer) {
  for (let at = 0; at < bytes.length;) {
    const size = 1 + Math.floor(Math.random() * 9000);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

describe('diskSpool', () => {
  it('writes a file as it arrives, learning its hash and the bytes its kind is told by', async () => {
    const spool = diskSpool(freshDir());
    for (const size of [0, 100, SNIFF_BYTES + 1, SNIFF_TAIL_BYTES * 3 + 7]) {
      const bytes = randomBytes(size);
      const file = await spool.write(randomPieces(bytes), 1_000_000);
      expect(file.size).toBe(size);
      expect(readFileSync(file.path)).toEqual(bytes);
      expect(Buffer.from(await readAll(file))).toEqual(bytes);
      expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(Buffer.from(file.head)).toEqual(bytes.subarray(0, SNIFF_BYTES));
      expect(Buffer.from(file.tail)).toEqual(bytes.subarray(-SNIFF_TAIL_BYTES));
    }
  });

  it('writes a file up to and across the 256 KiB it gathers before each write', async () => {
    const spool = diskSpool(freshDir());
    for (const size of [256 * 1024, 256 * 1024 + 1, 3 * 256 * 1024 + 7, 10 * 1024 * 1024]) {
      const bytes = randomBytes(size);
      const file = await spool.write(randomPieces(bytes), 20_000_000);
      expect(file.size).toBe(size);
      expect(readFileSync(file.path).equals(bytes)).toBe(true);
      expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(Buffer.from(file.tail).equals(bytes.subarray(-SNIFF_TAIL_BYTES))).toBe(true);
    }
  });

  it('writes a file that arrived a byte at a time', async () => {
    const bytes = randomBytes(5000);
    async function* byteByByte() {
      for (let at = 0; at < bytes.length; at++) yield bytes.subarray(at, at + 1);
    }
    const file = await diskSpool(freshDir()).write(byteByByte(), 10_000);
    expect(readFileSync(file.path)).toEqual(bytes);
  });

  it('stops a file past its limit and leaves nothing of it on disk', async () => {
    const dir = freshDir();
    const spool = diskSpool(dir);
    await expect(spool.write(randomPieces(randomBytes(5000)), 4999)).rejects.toBeInstanceOf(
      SpoolLimitError,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps each file private to the proxy and removes the ones discarded', async () => {
    const dir = freshDir();
    const spool = diskSpool(dir);
    const file = await spool.write(randomPieces(randomBytes(10)), 100);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    await spool.discard([file, file]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes at start the files a crashed process left, not those a live request is writing', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'old.part'), 'left by a crash');
    writeFileSync(join(dir, 'new.part'), 'being written');
    const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    utimesSync(join(dir, 'old.part'), twoHoursAgo, twoHoursAgo);
    diskSpool(dir);
    expect(readdirSync(dir)).toEqual(['new.part']);
  });
});
