import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memorySource, PIECE_BYTES, readAll } from '../../client/byte-source.ts';
import { openSqliteOutbox } from './store.ts';
import { diskVault, fileSource } from './file-vault.ts';
import { leaseOf, sampleSubmission } from '../../test/fixtures/outbox.ts';

const pattern = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 131 + 7) & 0xff);

describe('the disk file vault', () => {
  it('stores contents from chunks and reads them back in pieces, byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const vault = diskVault(dir);
    const chunks = [pattern(10), pattern(PIECE_BYTES * 2 + 5), pattern(1)];
    await vault.put('EQ-AAAA-0001-0', memorySource(chunks));
    expect(readdirSync(dir)).toEqual(['EQ-AAAA-0001-0']);
    const source = vault.source('EQ-AAAA-0001-0', PIECE_BYTES * 2 + 16);
    const sizes: number[] = [];
    for await (const piece of source.pieces()) sizes.push(piece.byteLength);
    expect(sizes).toEqual([PIECE_BYTES, PIECE_BYTES, 16]);
    expect(Buffer.from(await readAll(source)).equals(Buffer.concat(chunks))).toBe(true);
    await vault.remove('EQ-AAAA-0001-0');
    await vault.remove('EQ-AAAA-0001-0');
    expect(vault.names()).toEqual([]);
  });

  it('reads a file into one buffer for a consumer that copies each piece, byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const bytes = pattern(PIECE_BYTES * 2 + 16);
    writeFileSync(join(dir, 'file'), bytes);
    const source = fileSource(join(dir, 'file'), bytes.byteLength);
    const copies: Buffer[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for await (const piece of source.pieces({ reusable: true })) {
      copies.push(Buffer.from(piece));
      buffers.add(piece.buffer);
    }
    expect(buffers.size).toBe(1);
    expect(Buffer.concat(copies).equals(bytes)).toBe(true);
    // Asked without it, each piece is a buffer of its own, kept intact after the next is read.
    const kept: Uint8Array[] = [];
    for await (const piece of source.pieces()) kept.push(piece);
    expect(new Set(kept.map((piece) => piece.buffer)).size).toBe(3);
    expect(Buffer.concat(kept).equals(bytes)).toBe(true);
  });

  it('moves a file the request already wrote into itself, without copying it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vault-'));
    const spooled = join(root, 'incoming.part');
    writeFileSync(spooled, pattern(1000));
    const inode = statSync(spooled).ino;
    const vault = diskVault(join(root, 'files'));
    await vault.put('EQ-AAAA-0002-0', { ...fileSource(spooled, 1000), path: spooled });
    expect(existsSync(spooled)).toBe(false);
    const stored = join(root, 'files', 'EQ-AAAA-0002-0');
    expect(statSync(stored).ino).toBe(inode);
    expect(readFileSync(stored)).toEqual(Buffer.from(pattern(1000)));
  });

  it('leaves no partial file behind when writing fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const failing = {
      size: 20,
      async *pieces() {
        yield pattern(10);
        throw new Error('the request broke off');
      },
    };
    await expect(diskVault(dir).put('broken', failing)).rejects.toThrow('the request broke off');
    expect(readdirSync(dir)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)(
    'refuses with ENOSPC, leaving nothing, a file larger than the room left on the disk',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'vault-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
      try {
        const vault = diskVault(dir);
        // The last piece is larger than the room left: the disk writes part of it and says so
        // only by the count, which must not pass for the whole file.
        const large = {
          size: 1000 + 1536 * 1024,
          async *pieces() {
            yield pattern(1000);
            yield pattern(1536 * 1024);
          },
        };
        await expect(vault.put('EQ-FULL-0001-0', large)).rejects.toMatchObject({
          code: 'ENOSPC',
        });
        expect(readdirSync(dir)).toEqual([]);
      } finally {
        execFileSync('umount', [dir]);
      }
    },
  );

  it('says so when a stored file is shorter than its recorded size', async () => {
    const vault = diskVault(mkdtempSync(join(tmpdir(), 'vault-')));
    await vault.put('short', memorySource(pattern(10)));
    await expect(readAll(vault.source('short', 20))).rejects.toThrow(/shorter than its 20 bytes/);
  });
});

describe('the outbox on disk', () => {
  const openOnDisk = () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    return {
      dir,
      files: join(dir, 'outbox-files'),
      store: openSqliteOutbox(join(dir, 'outbox.sqlite')),
    };
  };

  it('keeps files beside the database, reads them after a reopen, and deletes them once delivered', async () => {
    const { dir, files, store } = openOnDisk();
    const outcome = await store.accept(sampleSubmission());
    if (outcome.kind !== 'stored') throw new Error('not stored');
    expect(readdirSync(files).sort()).toEqual(['EQ-TEST-0001-0', 'EQ-TEST-0001-1']);
    await store.close();
    const again = openSqliteOutbox(join(dir, 'outbox.sqlite'));
    const bytes = await readAll(await again.fileSource(outcome.submission.id, 0));
    expect(bytes.byteLength).toBe(sampleSubmission().files[0]?.size);
    await again.finish(await leaseOf(again, outcome.submission.id), { kind: 'delivered', at: 5 });
    expect(readdirSync(files)).toEqual([]);
    expect((await again.get('EQ-TEST-0001'))?.files.map((f) => f.sha256)).toEqual(['a', 'b']);
    await again.close();
  });

  it('writes no files for a repeated Idempotency-Key, and removes files no row names', async () => {
    const { files, store } = openOnDisk();
    const idempotency = { key: 'k', fingerprint: 'f' };
    await store.accept(sampleSubmission({ idempotency }));
    expect(
      await store.accept(sampleSubmission({ reference: 'EQ-TWIN-0002', idempotency })),
    ).toMatchObject({ kind: 'in_flight', reference: 'EQ-TEST-0001' });
    writeFileSync(join(files, 'EQ-CRASH-0003-0.partial'), 'left by a crash mid-write');
    writeFileSync(join(files, 'EQ-CRASH-0003-0'), 'written, but the row never committed');
    expect(await store.removeOrphanFiles()).toBe(2);
    expect(readdirSync(files).sort()).toEqual(['EQ-TEST-0001-0', 'EQ-TEST-0001-1']);
    expect(existsSync(join(files, 'EQ-TWIN-0002-0'))).toBe(false);
    await store.close();
  });
});
