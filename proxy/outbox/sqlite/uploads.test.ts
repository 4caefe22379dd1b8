/**
 * A write to an upload's file that fails partway (EIO, a disk filling up and freed again): the
 * bytes it left past the recorded offset are cut back on the next PATCH, and the file the client
 * then completes is the file it sent, byte for byte.
 */
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { readAll } from '../../client/byte-source.ts';
import { uploadRow } from '../../test/store-contract-uploads.ts';
import type * as FileVault from './file-vault.ts';
import { openSqliteOutbox } from './store.ts';

/** The next write to fail after writing half its bytes, as a real disk error can. */
const failNext = vi.hoisted(() => ({ armed: false }));

vi.mock('./file-vault.ts', async (original) => {
  const real = await original<typeof FileVault>();
  return {
    ...real,
    writeFully: async (handle: FileHandle, pieces: readonly Uint8Array[]) => {
      if (!failNext.armed) return real.writeFully(handle, pieces);
      failNext.armed = false;
      const bytes = Buffer.concat(pieces);
      await real.writeFully(handle, [bytes.subarray(0, bytes.byteLength >> 1)]);
      throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
    },
  };
});

async function* piecesOf(bytes: Uint8Array, size: number, failAt?: number) {
  for (let at = 0; at < bytes.byteLength; at += size) {
    if (at === failAt) failNext.armed = true;
    yield bytes.subarray(at, at + size);
  }
}

it('does not write again at the break what a failed write was given, and resumes to the file sent', async () => {
  const store = openSqliteOutbox(join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox.sqlite'));
  const file = randomBytes(1024 * 1024);
  const upload = { id: 'u1', length: file.byteLength };
  await store.createUpload(uploadRow(upload.id, upload.length));
  // Pieces of 64 KiB are written one at a time: the third write fails halfway through.
  const failing = store.appendUpload(upload, 0, piecesOf(file, 65_536, 2 * 65_536));
  await expect(failing).rejects.toThrow('EIO');
  const kept = (await store.findUpload('u1', 2_000))?.upload_offset;
  expect(kept).toBe(2 * 65_536);

  expect(
    await store.appendUpload(upload, 2 * 65_536, piecesOf(file.subarray(2 * 65_536), 65_536)),
  ).toBe(file.byteLength);
  const found = await store.findUpload('u1', 2_000);
  if (!found) throw new Error('no upload u1');
  expect(Buffer.from(await readAll(await store.uploadSource(found))).equals(file)).toBe(true);
  await store.close();
});
